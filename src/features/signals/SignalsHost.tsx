import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { selectSettings, sessionActor } from '../../flows/app';
import { inspect } from '../../flows/inspector';
import { signalsFlow, signalsInput } from '../../flows/signals';
import { countdownOf, isWeekendNow, selectSignals, weekendZone, type ShownSignal } from '../../flows/signals-view';
import { registerMessages, useT } from '../../i18n';
import { messages } from './messages';
import './signals.css';

registerMessages(messages);

/** how often the countdown circle is redrawn; the deadline itself comes from the server */
export const SIGNAL_REDRAW_MS = 250;
/** how often the weekend notice checks the clock */
export const WEEKEND_RECHECK_MS = 60_000;

function useNow(every: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), every);
    return () => clearInterval(timer);
  }, [every]);
  return now;
}

/** The signal pop-ups of the trading shell (spec 000 §2, §4, §9). */
export function SignalsHost() {
  const [input] = useState(signalsInput);
  const signals = useActorRef(signalsFlow, { input, inspect });
  const shown = useSelector(signals, selectSignals);
  if (shown.length === 0) return null;
  return (
    <div className="signals" data-testid="signals">
      {shown.map((s) => (
        <SignalPopup key={s.id} signal={s} onClose={() => signals.send({ type: 'signal.close', id: s.id, at: Date.now() })} />
      ))}
    </div>
  );
}

const RADIUS = 20;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

function SignalPopup({ signal, onClose }: { signal: ShownSignal; onClose: () => void }) {
  const { t } = useT();
  const titleId = useId();
  const now = useNow(SIGNAL_REDRAW_MS);
  const { seconds, fraction } = countdownOf(signal, now);
  const duration = signal.expirySeconds >= 60 && signal.expirySeconds % 60 === 0 ? t('signals.minutes', { n: signal.expirySeconds / 60 }) : t('signals.seconds', { n: signal.expirySeconds });
  return (
    <section className={`signal signal--${signal.direction}`} role="dialog" aria-labelledby={titleId} data-signal-id={signal.id}>
      <header className="signal__header">
        <h2 id={titleId}>{t('signals.title')}</h2>
        <button type="button" className="icon-button" aria-label={t('signals.close')} onClick={onClose}>
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
              {t('signals.line', { symbol: signal.symbol, direction: t(signal.direction === 'up' ? 'signals.up' : 'signals.down'), duration })}
            </strong>{' '}
            <span className="signal__arrow" aria-hidden="true">{signal.direction === 'up' ? '▲' : '▼'}</span>
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
  const zone = useSelector(sessionActor, (s) => selectSettings(s)?.timeZone ?? '');
  const now = useNow(WEEKEND_RECHECK_MS);
  if (!isWeekendNow(now, zone)) return null;
  return (
    <p className="weekend-notice" role="note" data-testid="weekend-notice">
      {t('weekend.notice', { zone: weekendZone(zone) })}
    </p>
  );
}
