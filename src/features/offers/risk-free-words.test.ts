import { describe, expect, it } from 'vitest';
import { makeTranslator, registerMessages } from '../../i18n';
import { en } from '../../i18n/en';
import { ru } from '../../i18n/ru';
import { messages as bell } from '../notifications/messages';
import { wordNotification } from '../notifications/words';
import { formatAmount } from '../../flows/shared/money';
import { messages } from './messages';

registerMessages(messages);
registerMessages(bell);
const enT = makeTranslator('en', en);
const ruT = makeTranslator('ru', ru);
/** as OfferDialog passes them: amounts written by core/format in the page's language */
const terms = (lang: string) => ({ value: formatAmount('25.00', 'USD', lang), max: formatAmount('200', 'USD', lang), multiplier: '30' });

describe('the risk-free offer in words', () => {
  it('states the cap, where the refund goes, the 24-hour window and that only the next trade counts, in both languages', () => {
    const text = enT.t('offers.risk_free.terms', { ...terms('en'), count: 24 });
    expect(text).toContain('within 24 hours after accepting');
    expect(text).toContain('at most $25.00');
    expect(text).toContain('bonus balance');
    expect(text).toContain('Only that one trade counts');
    const russian = ruT.t('offers.risk_free.terms', { ...terms('ru'), count: 24 });
    expect(russian).toContain('в течение 24 часов');
    expect(russian).toContain('не больше 25,00\u00a0$');
    expect(russian).toContain('бонусный баланс');
    expect(ruT.t('offers.risk_free.terms', { ...terms('ru'), count: 21 })).toContain('в течение 21 часа');
  });

  it('the bell words the accepted risk-free offer (pending) and its refund', () => {
    expect(wordNotification({ kind: 'offer.accepted', params: { offer: 'risk_free', value: '25.00', currency: 'USD', until: '2026-11-26T10:00:01.000Z' } }, enT)).toContain('up to $25.00 is refunded to your bonus balance. Waiting for that trade.');
    expect(wordNotification({ kind: 'offer.refunded', params: { offer: 'risk_free', value: '12.50', currency: 'USD', trade: 't1' } }, enT)).toBe('Your risk-free trade closed at a loss: $12.50 is refunded to your bonus balance.');
    expect(wordNotification({ kind: 'offer.refunded', params: { offer: 'risk_free', value: '12.50', currency: 'USD', trade: 't1' } }, ruT)).toContain('возвращено на ваш бонусный баланс');
    // the other offers keep their words
    expect(wordNotification({ kind: 'offer.accepted', params: { offer: 'giveaway', value: '5.00', currency: 'USD' } }, enT)).toBe('Offer accepted: $5.00.');
  });
});
