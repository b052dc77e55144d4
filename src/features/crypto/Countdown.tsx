import { useDeadlineNow } from '../../flows/shared/deadline-clock';
import { useT } from '../../i18n';

/** the countdown turns red in its last five minutes */
export const LOW_TIME_MS = 5 * 60_000;

/** "59:07" (minutes may reach 60: the spec's 3600 s countdown) */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/**
 * The time left until the invoice's server-held expiry (moved onto this page's clock by the
 * flow). It shows the full time until the machine starts the countdown, 300 ms after load.
 */
export function Countdown({ expiresAt, startedAt, running }: { expiresAt: number; startedAt: number; running: boolean }) {
  const { t } = useT();
  // redrawn when the whole seconds left change
  const now = useDeadlineNow(expiresAt, running);
  const left = expiresAt - (running ? now : startedAt);
  const text = formatRemaining(left);
  return (
    <div className={`crypto-countdown${left < LOW_TIME_MS ? ' crypto-countdown--low' : ''}`} role="timer" aria-label={t('crypto.invoice.countdown_label', { time: text })} data-testid="crypto-countdown">
      <span className="muted">{t('crypto.invoice.time_left')}</span>
      <strong aria-hidden="true">{text}</strong>
    </div>
  );
}
