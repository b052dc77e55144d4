import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en';
import { makeTranslator, registerMessages } from '../../i18n';
import { ru } from '../../i18n/ru';
import { messages } from './messages';
import { wordNotification } from './words';

registerMessages(messages);
const enT = makeTranslator('en', en);
const ruT = makeTranslator('ru', ru);

describe('wordNotification', () => {
  it('words every kind the product produces, money in the language\'s format', () => {
    expect(wordNotification({ kind: 'deposit.credited', params: { amount: '1250.00', currency: 'USD', method: 'vload' } }, enT)).toBe('Your deposit of $1,250.00 is credited to your account.');
    expect(wordNotification({ kind: 'deposit.credited', params: { amount: '1250.00', currency: 'USD', method: 'vload' } }, ruT)).toMatch(/^Пополнение на 1\s250,00\s\$ зачислено на ваш счёт\.$/);
    expect(wordNotification({ kind: 'withdrawal.paid', params: { amount: '100.00', currency: 'EUR' } }, enT)).toBe('Your withdrawal of €100.00 is paid out.');
    expect(wordNotification({ kind: 'document.approved', params: { document: 'passport', verified: 'full' } }, enT)).toBe('Your passport was approved. Your account is now fully verified.');
    expect(wordNotification({ kind: 'document.rejected', params: { document: 'address', reason: 'Blurry' } }, ruT)).toBe('Документ «подтверждение адреса» отклонён: Blurry. Загрузите его заново на личной странице.');
    expect(wordNotification({ kind: 'support.replied', params: { ticket: '12', agent: 'Boris' } }, enT)).toBe('Support replied to your ticket #12.');
    expect(wordNotification({ kind: 'security.sign_in', params: { ip: '10.0.0.1' } }, enT)).toContain('IP 10.0.0.1');
    expect(wordNotification({ kind: 'security.sign_in', params: {} }, enT)).toBe('A new sign-in to your account. If it was not you, change your password.');
    // repeated sign-ins folded into one notice say how many
    expect(wordNotification({ kind: 'security.sign_in', params: { ip: '10.0.0.2', count: '3' } }, enT)).toBe('3 new sign-ins to your account, the latest from IP 10.0.0.2. If one was not you, change your password.');
    expect(wordNotification({ kind: 'security.sign_in', params: { count: '4' } }, ruT)).toBe('Новых входов в ваш аккаунт: 4. Если какой-то из них совершили не вы, смените пароль.');
    expect(wordNotification({ kind: 'security.factor_on', params: { method: 'google' } }, enT)).toBe('Two-factor sign-in is on: an authenticator app.');
    expect(wordNotification({ kind: 'promotion.activated', params: { id: '1', title_en: 'Weekend boost', title_ru: 'Бонус выходных', percent: '30', max: '500.00' } }, ruT)).toBe('Акция активирована: Бонус выходных.');
    expect(wordNotification({ kind: 'contest.prize', params: { contest: 'weekly-2026-11-23', type: 'weekly', rank: '2', amount: '300.00', currency: 'USD' } }, enT)).toBe(
      'You placed #2 in a trading contest and won $300.00; it is credited to your trading account.',
    );
    // a bonus prize says where it went; the iPad is never worded as money
    expect(wordNotification({ kind: 'contest.prize', params: { rank: '6', prize: 'bonus', amount: '1000.00', currency: 'USD' } }, enT)).toBe(
      'You placed #6 in a trading contest and won a bonus of $1,000.00; it is in your bonus balance and moves to your trading account with your next settled trade.',
    );
    expect(wordNotification({ kind: 'contest.prize', params: { rank: '5', prize: 'item', item: 'ipad', amount: '', currency: 'USD' } }, enT)).toBe(
      'You placed #5 in a trading contest and won an iPad. It is a gift, not money: nothing is credited to your account; our support will contact you to hand it over.',
    );
    expect(wordNotification({ kind: 'contest.prize', params: { rank: '5', prize: 'item', item: 'ipad', amount: '', currency: 'USD' } }, ruT)).toMatch(/^Вы заняли 5-е место в торговом конкурсе и выиграли iPad\. Это подарок, а не деньги/);
    expect(wordNotification({ kind: 'offer.accepted', params: { offer: 'limited', value: '25.00', currency: 'USD' } }, enT)).toBe('Offer accepted: $25.00.');
    expect(wordNotification({ kind: 'referral.commission', params: { amount: '5.00', currency: 'USD', percent: '10' } }, enT)).toBe('A referral commission of $5.00 is credited to your referral balance.');
    expect(wordNotification({ kind: 'bonus.released', params: { amount: '75.00', currency: 'USD' } }, enT)).toBe('Your bonus turnover is reached: $75.00 moved from your bonus balance to your trading account.');
    expect(wordNotification({ kind: 'bonus.released', params: { amount: '75.00', currency: 'USD' } }, ruT)).toMatch(/^Оборот для бонуса выполнен: 75,00\s\$ переведено с бонусного баланса на ваш торговый счёт\.$/);
    expect(wordNotification({ kind: 'bonus.released', params: { currency: 'USD' } }, enT)).toBe('News about your bonus.');
  });

  it('a refund or a dispute (issue 32 §2): the amounts in the language, and what negative balance protection covered', () => {
    expect(wordNotification({ kind: 'payment.refunded', params: { amount: '100.00', debited: '100.00', currency: 'USD' } }, enT)).toBe('Your deposit of $100.00 was refunded to your card or wallet; $100.00 is taken from your balance.');
    expect(wordNotification({ kind: 'payment.dispute_lost', params: { amount: '250.00', debited: '227.50', covered: '22.50', currency: 'USD' } }, enT)).toBe(
      'The disputed deposit of $250.00 was charged back. Your balance held only $227.50: that is taken, and we covered the other $22.50, so you owe nothing. Withdrawals are paused while we review it.',
    );
    expect(wordNotification({ kind: 'payment.refunded', params: { amount: '300.00', debited: '100.00', covered: '200.00', currency: 'USD' } }, ruT)).toMatch(/^Ваше пополнение на 300,00\s\$ возвращено\. На балансе было только 100,00\s\$: оно списано, остальные 200,00\s\$ покрыли мы/);
    expect(wordNotification({ kind: 'payment.dispute_opened', params: { amount: '250.00', currency: 'USD' } }, ruT)).toMatch(/^Держатель карты оспорил ваше пополнение на 250,00\s\$/);
    expect(wordNotification({ kind: 'payment.dispute_won', params: { amount: '250.00', currency: 'USD' } }, enT)).toBe('The dispute of your deposit of $250.00 was decided in your favour: nothing is taken.');
    expect(wordNotification({ kind: 'payment.dispute_lost', params: { currency: 'USD' } }, enT)).toBe('News about a refund or a disputed payment.');
  });

  it('a kind it does not know, or missing params, is worded by its area or generically: never a raw key', () => {
    expect(wordNotification({ kind: 'deposit.refunded', params: {} }, enT)).toBe('News about your deposits.');
    expect(wordNotification({ kind: 'contest.prize', params: {} }, ruT)).toBe('Новости о торговом конкурсе.');
    expect(wordNotification({ kind: 'security.factor_on', params: { method: 'carrier_pigeon' } }, enT)).toBe('A change to your account security.');
    expect(wordNotification({ kind: 'mystery.thing', params: { x: '1' } }, enT)).toBe('You have a new notification.');
    expect(wordNotification({ kind: 'offer.declined', params: {} }, ruT)).toBe('Новости о предложении.');
  });
});
