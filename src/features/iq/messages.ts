/** IQ mining: the dialog and the promotions row, in every language. The dialog's title is a core text (nav.iq). */
const en = {
  'iq.row.title': 'IQ mining: answer {count} questions, earn {amount} of bonus',
  'iq.row.open': 'Read the terms',
  'iq.terms': 'Answer {count} short questions about how this product really works: card declines, the deposit bonus, crypto invoices, two-factor sign-in and the risk of trading.',
  'iq.terms.reward': 'All {count} right on the first try: {amount} goes into your bonus balance, once per trader.',
  'iq.terms.wrong': 'A wrong answer shows the right one and why; the reward is then no longer earned, and you can still finish. There is no time limit: you can leave and continue later. The quiz is taken once.',
  'iq.terms.bonus':
    "Bonus money cannot be withdrawn or traded while it is in the bonus balance. It moves to your trading account when your trading turnover (the stakes of your settled trades) reaches what your deposit bonuses ask; with no deposit bonus waiting, your next settled trade moves it. A withdrawal while a deposit bonus's turnover is still open takes the whole bonus balance back.",
  'iq.start': 'Start',
  'iq.starting': 'Opening the quiz…',
  'iq.question': 'Question {n} of {total}',
  'iq.sending': 'Checking…',
  'iq.right': 'Right.',
  'iq.wrong': 'Not quite. The right answer: {answer}',
  'iq.lost': 'The reward is no longer possible on this quiz; finish it to learn the rest.',
  'iq.result.rewarded': 'All {total} right: {amount} is in your bonus balance.',
  'iq.result.not': '{right} of {total} right: no reward this time. The explanations above are the rules as they are.',
  'iq.failed': 'The quiz could not be reached.',
  'iq.retry': 'Try again',
  'iq.currency': 'IQ mining is for accounts in USD, EUR, GBP or RUB only.',
  'iq.not_started': 'Start the quiz first.',
  'iq.option': 'Choose one of the answers.',
};

const ru: typeof en = {
  'iq.row.title': 'IQ-майнинг: ответьте на {count} вопросов и получите {amount} бонуса',
  'iq.row.open': 'Условия',
  'iq.terms': 'Ответьте на {count} коротких вопросов о том, как на самом деле работает продукт: отказы по картам, бонус к пополнению, криптовалютные счета, двухфакторный вход и риск торговли.',
  'iq.terms.reward': 'Все {count} ответов верны с первой попытки — {amount} зачисляется на ваш бонусный баланс, один раз на трейдера.',
  'iq.terms.wrong': 'После неверного ответа мы покажем правильный и объясним почему; награда тогда уже не положена, но пройти до конца можно. Ограничения по времени нет: можно уйти и продолжить позже. Пройти тест можно один раз.',
  'iq.terms.bonus':
    'Пока бонусные деньги на бонусном балансе, их нельзя вывести и ими нельзя торговать. Они переходят на торговый счёт, когда ваш торговый оборот (ставки закрытых сделок) достигнет того, что требуют бонусы к пополнению; если такого бонуса нет, их переводит ваша следующая закрытая сделка. Вывод средств, пока оборот бонуса к пополнению не выполнен, забирает весь бонусный баланс.',
  'iq.start': 'Начать',
  'iq.starting': 'Открываем тест…',
  'iq.question': 'Вопрос {n} из {total}',
  'iq.sending': 'Проверяем…',
  'iq.right': 'Верно.',
  'iq.wrong': 'Не совсем. Правильный ответ: {answer}',
  'iq.lost': 'Награда в этом тесте уже не положена; пройдите его до конца, чтобы узнать остальное.',
  'iq.result.rewarded': 'Все {total} ответов верны: {amount} на вашем бонусном балансе.',
  'iq.result.not': 'Верных ответов: {right} из {total}; награды в этот раз нет. Объяснения выше — правила как они есть.',
  'iq.failed': 'Не удалось связаться с тестом.',
  'iq.retry': 'Повторить',
  'iq.currency': 'IQ-майнинг доступен только для счетов в USD, EUR, GBP или RUB.',
  'iq.not_started': 'Сначала начните тест.',
  'iq.option': 'Выберите один из ответов.',
};

export const messages = { en, ru };
