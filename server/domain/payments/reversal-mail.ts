import { formatAmount } from '../../../core/format';
import { formatMoney } from '../../../core/money';
import type { PaymentReversalRow } from '../../db/schema-reversals';
import { toBigInt } from '../../db/values';
import { siteLink, type Mail, type MailLang } from '../mail';

/**
 * The email of a refund or a dispute (issue 32 §2), in the trader's language: what happened, what
 * left the balance, and what negative balance protection covered (with the withdrawal pause it
 * brings); the link is the History page.
 */
export function reversalMail(lang: MailLang, r: Pick<PaymentReversalRow, 'kind' | 'status' | 'amount_minor' | 'debited_minor' | 'shortfall_minor' | 'currency'>, siteUrl: string): Mail {
  const money = (minor: bigint) => formatAmount(formatMoney(minor, r.currency), r.currency, lang);
  const amount = money(toBigInt(r.amount_minor));
  const debited = money(toBigInt(r.debited_minor));
  const shortfall = toBigInt(r.shortfall_minor);
  const covered = money(shortfall);
  const link = siteLink(siteUrl, `/${lang}/trading#/show/history`);
  if (lang === 'ru') {
    const protectedText = shortfall > 0n ? [`На вашем счёте было меньше: списано ${debited}, разницу ${covered} покрыли мы — вы нам ничего не должны. Пока мы это проверяем, вывод средств приостановлен.`] : [];
    if (r.kind === 'refund') return { subject: 'Пополнение картой возвращено', body: [`Пополнение на ${amount} возвращено на вашу карту и списано с вашего счёта.`, ...protectedText, `История операций: ${link}`].join('\n\n') };
    if (r.status === 'open') return { subject: 'Платёж оспорен', body: [`Держатель карты оспорил ваше пополнение на ${amount} у своего банка (чарджбэк). Пока спор идёт, с вашего счёта ничего не списано. Мы сообщим о решении.`].join('\n\n') };
    if (r.status === 'won') return { subject: 'Спор по платежу решён в вашу пользу', body: [`Спор по пополнению на ${amount} решён в вашу пользу: с вашего счёта ничего не списано.`].join('\n\n') };
    return { subject: 'Спор по платежу проигран', body: [`Банк держателя карты вернул ему пополнение на ${amount} (чарджбэк); сумма списана с вашего счёта.`, ...protectedText, `История операций: ${link}`].join('\n\n') };
  }
  const protectedText = shortfall > 0n ? [`Your balance held less: ${debited} was taken and we covered the other ${covered}, so you owe us nothing. Withdrawals are paused while we review this.`] : [];
  if (r.kind === 'refund') return { subject: 'Your card deposit was refunded', body: [`Your deposit of ${amount} was refunded to your card and taken from your balance.`, ...protectedText, `Your history: ${link}`].join('\n\n') };
  if (r.status === 'open') return { subject: 'A card payment is disputed', body: [`The card holder disputed your deposit of ${amount} with their bank (a chargeback). Nothing is taken from your balance while the dispute runs; we will tell you how it ends.`].join('\n\n') };
  if (r.status === 'won') return { subject: 'A dispute was decided in your favour', body: [`The dispute of your deposit of ${amount} was decided in your favour: nothing is taken from your balance.`].join('\n\n') };
  return { subject: 'A disputed card payment was charged back', body: [`The card holder's bank returned your deposit of ${amount} to them (a chargeback); it is taken from your balance.`, ...protectedText, `Your history: ${link}`].join('\n\n') };
}
