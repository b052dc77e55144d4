import { useDeadlineNow } from '../../flows/shared/deadline-clock';
import { useSignals, useWeekendNotice } from '../../flows/signals/signals.flow';
import { signalFace, type ShownSignal } from '../../flows/signals/signals.connect';
import { registerMessages, useT } from '../../i18n';
import { useDialog } from '../../ui/useDialog';
import { messages } from './messages';
import './signals.css';

registerMessages(messages);

/** The signal pop-ups of the trading shell (spec 000 §2, §4, §9). */
export function SignalsHost() {
  const signals = useSignals();
  if (!signals.any) return null;
  return (
    <div className="signals" data-testid="signals">
      {signals.signals.map((s) => (
        <SignalPopup key={s.id} signal={s} onClose={() => signals.close(s.id, Date.now())} />
      ))}
    </div>
  );
}

const RADIUS = 20;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

function SignalPopup({ signal, onClose }: { signal: ShownSignal; onClose: () => void }) {
  const { t } = useT();
  // a non-modal pop-up beside the platform (the trader may act on it there): labelled, Escape closes it
  const dialog = useDialog({ onClose, modal: false });
  // redrawn when the seconds left change (the deadline itself comes from the server)
  const now = useDeadlineNow(signal.expiresAt);
  const face = signalFace(signal, now);
  const { seconds, fraction } = face;
  const duration = t(face.duration.key, { n: face.duration.n });
  return (
    <section className={`signal signal--${signal.direction}`} data-signal-id={signal.id} {...dialog.getDialogProps()}>
      <header className="signal__header">
        <h2 {...dialog.getTitleProps()}>{t('signals.title')}</h2>
        <button className="icon-button" aria-label={t('signals.close')} {...dialog.getCloseProps()}>
          ×
        </button>
      </header>
      <div className="signal__body">
        <div className="signal__countdown" role="timer" aria-label={t('signals.left_aria', { n: seconds })}>
          <svg viewBox="0 0 48 48" aria-hidden="true">
            <circle className="signal__track" cx="24" cy="24" r={RADIUS} />
            <circle
              className="signal__arc"
              cx="24"
              cy="24"
              r={RADIUS}
              strokeDasharray={CIRCUMFERENCE}
              strokeDashoffset={CIRCUMFERENCE * (1 - fraction)}
              transform="rotate(-90 24 24)"
            />
          </svg>
          <span className="signal__seconds" data-testid="signal-seconds">{seconds}</span>
        </div>
        <div>
          <p className="signal__line">
            <strong>
              {t('signals.line', { symbol: signal.symbol, direction: t(face.directionKey), duration })}
            </strong>{' '}
            <span className="signal__arrow" aria-hidden="true">{face.arrow}</span>
          </p>
          <p className="muted">{t('signals.price', { price: signal.price })}</p>
        </div>
      </div>
      <p className="signal__label" role="note">{t('signals.label')}</p>
    </section>
  );
}

/** The weekend notice (spec 002 §4 weekend window), in the settings' zone or the trader's own. */
export function WeekendNotice() {
  const { t } = useT();
  const weekend = useWeekendNotice();
  if (!weekend.shown) return null;
  return (
    <p className="weekend-notice" role="note" data-testid="weekend-notice">
      {t('weekend.notice', { zone: weekend.zone })}
    </p>
  );
}
