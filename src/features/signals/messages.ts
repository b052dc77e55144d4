/** Texts of the signal pop-ups and the weekend notice. */
import { withRussian } from '../../i18n';

const en = {
  'signals.title': 'Trading signal',
  'signals.label': 'Sandbox signal on simulated prices — not advice',
  'signals.up': 'Up',
  'signals.down': 'Down',
  'signals.line': '{symbol}: {direction} for {duration}',
  'signals.price': 'at {price}',
  'signals.seconds': '{n} s',
  'signals.minutes': '{n} min',
  'signals.left': '{n} s left',
  'signals.left_aria': 'This signal closes in {n} seconds',
  'signals.close': 'Close signal',
  'weekend.notice': 'Weekend hours (Friday 21:00 to Sunday 21:00, {zone}): currency markets are closed. Prices on the sandbox platform are simulated and keep moving.',
};

/** English here; the Russian texts load only on a Russian page (messages.ru.ts, src/i18n withRussian) */
export const messages = withRussian(en, () => import('./messages.ru'));
