import type { Notification } from '../../../core/contract/notifications';
import { formatAmount } from '../../flows/shared/money';
import type { Translator } from '../../i18n';

const MONEY = new Set(['amount', 'value', 'max', 'debited', 'covered']);
const DECIMAL = /^-?\d{1,30}(\.\d+)?$/;

/** The text of a key with its {placeholders} filled, or null when one of them has no value (never a raw {name} on screen). */
function filled(tr: Pick<Translator, 't' | 'has'>, key: string, params: Record<string, string>): string | null {
  if (!tr.has(key)) return null;
  const needs = [...tr.t(key).matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  return needs.every((name) => (params[name] ?? '') !== '') ? tr.t(key, params) : null;
}

/**
 * A notification in the trader's language from its kind and params: money through formatAmount
 * in the language's format, document kinds and second-factor methods by name. A kind we do not
 * know (or whose params are not all there) is worded by its area ('News about your deposits.'),
 * else generically: never a raw key or placeholder.
 */
export function wordNotification(n: Pick<Notification, 'kind' | 'params'>, tr: Pick<Translator, 't' | 'has' | 'lang'>): string {
  const { lang } = tr;
  const params: Record<string, string> = {};
  const currency = n.params.currency;
  for (const [name, value] of Object.entries(n.params)) {
    params[name] = currency && MONEY.has(name) && DECIMAL.test(value) ? formatAmount(value, currency, lang) : value;
  }
  let key = `notifications.kind.${n.kind}`;
  const [area] = n.kind.split('.');
  if (area === 'document') {
    const doc = `notifications.doc.${n.params.document ?? ''}`;
    params.document = tr.t(tr.has(doc) ? doc : 'notifications.doc.other');
    if (n.kind === 'document.approved' && n.params.verified === 'full') key += '_full';
  }
  // repeated sign-ins come folded into one notice with their count (server/domain/notifications/security.ts)
  if (n.kind === 'security.sign_in' && Number(n.params.count) > 1) key += '_many';
  if (n.kind === 'security.sign_in' && !n.params.ip) key += '_plain';
  if (n.kind === 'security.new_device' && (!n.params.device || !n.params.ip)) key += '_plain';
  if (n.kind === 'security.factor_on') {
    const method = `notifications.method.${n.params.method ?? ''}`;
    params.method = tr.has(method) ? tr.t(method) : '';
  }
  if (n.kind === 'offer.accepted' && n.params.offer === 'risk_free') key += '_risk_free';
  // a refund or lost dispute that negative balance protection partly covered says so (server/domain/payments/reversals.ts)
  if ((n.kind === 'payment.refunded' || n.kind === 'payment.dispute_lost') && n.params.covered) key += '_protected';
  // a contest prize by its kind (core/contest-prizes.ts): a bonus goes to the bonus balance; an item (the iPad) is no money
  if (n.kind === 'contest.prize' && (n.params.prize === 'bonus' || n.params.prize === 'item')) {
    key += `_${n.params.prize}`;
    if (n.params.prize === 'item') {
      const item = `notifications.item.${n.params.item ?? ''}`;
      params.item = tr.has(item) ? tr.t(item) : '';
    }
  }
  if (n.kind === 'promotion.activated') params.title = n.params[`title_${lang}`] || n.params.title_en || n.params.title || '';
  return filled(tr, key, params) ?? (tr.has(`notifications.area.${area}`) ? tr.t(`notifications.area.${area}`) : tr.t('notifications.generic'));
}

/** Where a notification leads, when it asks the trader to act: a new-device sign-in leads to the security centre's sign-in history ("This wasn't me" is there). */
export function notificationLink(n: Pick<Notification, 'kind'>): { href: string; label: string } | null {
  if (n.kind === 'security.new_device') return { href: '#/show/security', label: 'notifications.link.new_device' };
  return null;
}
