import type { Texts } from '../../../core/contract/iq';

/**
 * The IQ mining questions (docs/engagement.md "IQ mining"): the product's real rules, each answer
 * checkable in the docs and the code it names. Held by the server: the client gets the question
 * and its options, never which one is right until it has answered.
 */
export interface IqQuestionDef {
  text: Texts;
  options: { id: string; text: Texts }[];
  right: string;
  explanation: Texts;
}

export const IQ_QUESTION_DEFS: readonly IqQuestionDef[] = [
  {
    // ../shared/spec/README.md item 4; server/domain/payments (the cascade)
    text: { en: 'Your bank answers a card deposit with a hard decline (for example, a stolen card or insufficient funds). What happens?', ru: 'Банк отвечает на пополнение картой жёстким отказом (например, карта украдена или не хватает средств). Что происходит?' },
    options: [
      { id: 'a', text: { en: 'Every other processor is tried in turn until one accepts the card', ru: 'Карту по очереди пробуют все остальные процессоры, пока один не примет её' } },
      { id: 'b', text: { en: 'The attempt stops at once: contact your bank or choose another method', ru: 'Попытка сразу прекращается: обратитесь в банк или выберите другой способ' } },
      { id: 'c', text: { en: 'The deposit is retried automatically an hour later', ru: 'Пополнение автоматически повторяется через час' } },
    ],
    right: 'b',
    explanation: {
      en: 'A hard decline stops the card cascade at once, whatever processor returned it: trying the same card elsewhere would only work against the card holder.',
      ru: 'Жёсткий отказ сразу останавливает каскад карт, какой бы процессор его ни вернул: пробовать ту же карту дальше значило бы действовать против владельца карты.',
    },
  },
  {
    // docs/api.md (promo codes and the bonus): the bonus account and account_turnover
    text: { en: 'You deposit with the deposit bonus chosen. Where does the bonus go, and what is its turnover?', ru: 'Вы пополняете счёт с выбранным бонусом. Куда зачисляется бонус и что такое его оборот?' },
    options: [
      { id: 'a', text: { en: 'Into the trading balance; it can be withdrawn at once', ru: 'На торговый баланс; его можно сразу вывести' } },
      { id: 'b', text: { en: 'Into a separate bonus balance; turnover is the trading volume (30 times the bonus) needed before a withdrawal keeps it', ru: 'На отдельный бонусный баланс; оборот — объём торговли (30 бонусов), после которого вывод его не отменяет' } },
      { id: 'c', text: { en: 'It is paid out to the card after 30 days', ru: 'Он выплачивается на карту через 30 дней' } },
    ],
    right: 'b',
    explanation: {
      en: 'The bonus is moved into your bonus balance, and the turnover you need grows by the bonus times 30. When the stakes of settled trades reach it, the bonus moves to the trading account; a withdrawal before that gives the bonus back.',
      ru: 'Бонус зачисляется на бонусный баланс, а нужный оборот растёт на бонус, умноженный на 30. Когда ставки закрытых сделок его достигнут, бонус переходит на торговый счёт; вывод до этого возвращает бонус.',
    },
  },
  {
    // server/domain/crypto/config.ts INVOICE_TTL_MS; the Bitcoin tab's text
    text: { en: 'How long does a crypto invoice wait for your payment?', ru: 'Сколько криптовалютный счёт ждёт вашей оплаты?' },
    options: [
      { id: 'a', text: { en: 'One hour; after that it expires', ru: 'Один час; потом он истекает' } },
      { id: 'b', text: { en: 'Ten minutes', ru: 'Десять минут' } },
      { id: 'c', text: { en: 'Forever', ru: 'Бессрочно' } },
    ],
    right: 'a',
    explanation: {
      en: 'Each invoice has its own address and is valid for one hour. A payment that arrives after it expired is recorded as late and never credited automatically.',
      ru: 'У каждого счёта свой адрес, он действует один час. Платёж, пришедший после истечения, записывается как поздний и автоматически не зачисляется.',
    },
  },
  {
    // README "Security"; server/domain/security
    text: { en: 'With two-factor authentication on, what asks for the code?', ru: 'Что запрашивает код при включённой двухфакторной аутентификации?' },
    options: [
      { id: 'a', text: { en: 'Only changing the language', ru: 'Только смена языка' } },
      { id: 'b', text: { en: 'Every page you open', ru: 'Каждая открытая страница' } },
      { id: 'c', text: { en: 'Signing in, withdrawals and changing the second-factor method', ru: 'Вход, вывод средств и смена способа второго фактора' } },
    ],
    right: 'c',
    explanation: {
      en: 'The second factor (a code by email, by SMS or from an authenticator app) protects signing in, withdrawals and changing the method: a stolen password alone cannot take your money.',
      ru: 'Второй фактор (код по почте, по SMS или из приложения-аутентификатора) защищает вход, вывод средств и смену способа: одного украденного пароля мало, чтобы забрать ваши деньги.',
    },
  },
  {
    // the risk warning on every page (src/features/shell/RiskWarning.tsx)
    text: { en: 'What is the risk of trading?', ru: 'В чём риск торговли?' },
    options: [
      { id: 'a', text: { en: 'There is none with a bonus', ru: 'С бонусом риска нет' } },
      { id: 'b', text: { en: 'You can lose the money you invest', ru: 'Вы можете потерять вложенные деньги' } },
      { id: 'c', text: { en: 'Only the broker can lose money', ru: 'Потерять деньги может только брокер' } },
    ],
    right: 'b',
    explanation: {
      en: 'Trading involves risk: a losing trade loses its stake. Trade only with money you can afford to lose.',
      ru: 'Торговля связана с риском: проигравшая сделка теряет ставку. Торгуйте только теми деньгами, потерю которых можете себе позволить.',
    },
  },
];
