import type { SnapshotFrom } from 'xstate';
import { compareDecimal } from '../../../core/decimal';
import { msg, type Msg } from '../../../core/message';
import type { realityCheckMachine } from '../../../machines/reality-check/reality-check.machine';
import type { RealityCheckEvent } from '../../../machines/reality-check/reality-check.types';
import { formatAmount } from '../shared/money';
import { buttonProps, statusProps } from '../shared/props';

export type RealityCheckSnapshot = SnapshotFrom<typeof realityCheckMachine>;

/** the time in the session, whole minutes (never negative): "1 h 05 min", "45 min" */
export function sessionDuration(fromMs: number, toMs: number): Msg {
  const minutes = Math.max(0, Math.floor((toMs - fromMs) / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0 ? msg('reality.duration.hours', undefined, { hours, minutes: rest }) : msg('reality.duration.minutes', undefined, { minutes: rest });
}

/** the net result: a loss (negative), a gain, or even; the amount written in the trader's language */
export function netResult(net: string, currency: string, lang: string): { amount: string; loss: boolean; message: Msg } {
  const sign = compareDecimal(net, '0');
  const amount = formatAmount(net, currency, lang, { plus: sign > 0 });
  const key = sign < 0 ? 'reality.net.loss' : sign > 0 ? 'reality.net.gain' : 'reality.net.even';
  return { amount, loss: sign < 0, message: msg(key, undefined, { amount }) };
}

/**
 * connect() for the reality check's dialog (issue 30 §2): whether it shows, the time in this
 * session, the figures read when it opened (or that they could not be read), and the three
 * choices. `now` is the page's clock, handed to the machine with each choice.
 */
export function connectRealityCheck(s: RealityCheckSnapshot, send: (event: RealityCheckEvent) => void, lang: string, now: () => number) {
  const c = s.context;
  const open = s.matches('shown');
  const figures = open && c.figures ? c.figures : null;
  const keepOn = () => send({ type: 'continue', now: now() });
  return {
    open,
    /** the figures are being read */
    loading: s.matches({ shown: 'loading' }),
    /** the figures could not be read: the time and the choices still show */
    failed: s.matches({ shown: 'failed' }),
    error: s.matches({ shown: 'failed' }) ? c.error : null,
    /** the interval in force, in minutes */
    minutes: c.minutes,
    /** how long this session has lasted, from its sign-in to the moment the dialog showed (or its figures came) */
    duration: sessionDuration(c.sessionStart, c.now),
    trades: figures ? msg('reality.trades', undefined, { count: figures.trades }) : null,
    net: figures ? netResult(figures.net, figures.currency, lang) : null,
    /** Escape and the dialog's close button: Continue */
    onClose: keepOn,
    getFiguresProps: () => ({ ...statusProps(), 'aria-busy': s.matches({ shown: 'loading' }) || undefined }),
    getProblemProps: () => ({ role: 'alert' as const }),
    /** Continue takes the focus when the dialog opens */
    getContinueProps: () => ({ ...buttonProps(keepOn), 'data-autofocus': true as const }),
    getLimitsProps: () => buttonProps(() => send({ type: 'limits', now: now() })),
    getBreakProps: () => buttonProps(() => send({ type: 'break' })),
  };
}

export type RealityCheckApi = ReturnType<typeof connectRealityCheck>;
