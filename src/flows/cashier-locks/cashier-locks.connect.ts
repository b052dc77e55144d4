import type { SnapshotFrom } from 'xstate';
import { CASHIER_LOCKS, type LockReason } from '../../../core/cashier-locks';
import type { CashierLock } from '../../../core/contract/cashier-locks';
import { msg, type Msg } from '../../../core/message';
import type { cashierLocksMachine } from '../../../machines/cashier-locks/cashier-locks.machine';
import type { CashierLocksEvent } from '../../../machines/cashier-locks/cashier-locks.types';
import { formatDateTime } from '../shared/dates';
import { formatAmount } from '../shared/money';
import { buttonProps } from '../shared/props';

export type CashierLocksSnapshot = SnapshotFrom<typeof cashierLocksMachine>;

/** One lock as the page shows it: its title, what it means now, and its next step (or none: it ends by itself). */
export interface LockNotice {
  reason: LockReason;
  title: Msg;
  body: Msg;
  /** `#/show/{page}` from core's table, with its label; null when only time ends it */
  next: { href: string; label: Msg } | null;
}

/** The facts a lock's message says, written for the trader: times in their zone, amounts in their language. */
function bodyOf(lock: CashierLock, lang: string): Msg {
  const p = lock.params;
  switch (lock.reason) {
    case 'excluded':
      return msg(`locks.excluded.body_${p.kind === 'exclusion' ? 'exclusion' : 'timeout'}`, undefined, { until: p.until ? formatDateTime(p.until) : '' });
    case 'deposit_limit': {
      const money = (amount: string | undefined) => (amount ? formatAmount(amount, p.currency ?? '', lang) : '');
      const params = { period: p.period ?? '', limit: money(p.limit), used: money(p.used), resets: p.resets ? formatDateTime(p.resets) : '' };
      return msg(`locks.deposit_limit.body_${p.period ?? 'day'}${p.resets ? '' : '_raise'}`, undefined, params);
    }
    case 'trading_limit': {
      const money = (amount: string | undefined) => (amount ? formatAmount(amount, p.currency ?? '', lang) : '');
      return msg(`locks.trading_limit.body_${p.limit_id ?? 'stake_day'}`, undefined, { limit: money(p.limit), used: money(p.used) });
    }
    case 'appropriateness':
      if (p.state !== 'failed') return msg('locks.appropriateness.body');
      return p.ready === 'true' || !p.retryAt ? msg('locks.appropriateness.body_ready') : msg('locks.appropriateness.body_failed', undefined, { retryAt: formatDateTime(p.retryAt) });
    default:
      return msg(`locks.${lock.reason}.body`);
  }
}

export const lockNotice = (lock: CashierLock, lang: string): LockNotice => {
  const reason = lock.reason as LockReason;
  const next: string | null = CASHIER_LOCKS[reason].next;
  return {
    reason,
    title: msg(`locks.${reason}.title`),
    body: bodyOf(lock, lang),
    next: next ? { href: `#/show/${next}`, label: msg(`locks.${reason}.next`) } : null,
  };
};

/** connect() for the locks above the funding or withdrawal form (issue 30 §4). */
export function connectCashierLocks(s: CashierLocksSnapshot, send: (event: CashierLocksEvent) => void, lang = 'en') {
  const check = () => send({ type: 'locks.check' });
  return {
    /** each lock of the page's action, in the table's order (kept while they are read again: no flicker) */
    notices: s.context.locks.map((lock) => lockNotice(lock, lang)),
    /** the locks could not be read: the page works; a quiet line with Check again */
    failed: s.matches('failed'),
    error: s.context.error,
    checking: s.matches('loading'),
    getCheckProps: () => buttonProps(check, { disabled: s.matches('loading') }),
  };
}
