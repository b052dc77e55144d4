/** The ladder: the dialog in every language. Its title and the menu entry are core texts (nav.ladder). */
const en = {
  'ladder.loading': 'Reading the leaderboard…',
  'ladder.failed': 'Your place could not be read.',
  'ladder.retry': 'Try again',
  'ladder.refresh': 'Read again',
  'ladder.none': 'No weekly contest is running right now, so you have no place on a ladder. The contests page shows when the next one starts and who won the last.',
  'ladder.out': 'You are not on this week’s contest yet: it counts trades settled on the trading platform in {currency} until {end}. Place a trade and it counts.',
  'ladder.participants_one': '{count} trader takes part so far.',
  'ladder.participants_other': '{count} traders take part so far.',
  'ladder.rank_one': 'You are number {rank} of {count} trader in this week’s contest.',
  'ladder.rank_other': 'You are number {rank} of {count} traders in this week’s contest.',
  'ladder.figure': 'Your net profit in it: {figure}.',
  'ladder.top': 'Nobody is above you.',
  'ladder.up': '{amount} more net profit would put you above number {rank} (who has {figure}).',
  'ladder.rule': 'The rule: the net profit (payout minus stake) of your trades settled in the contest’s window, in {currency}; on equal profit the trader whose last trade settled earlier ranks higher.',
  'ladder.open': 'Open the contest',
  'ladder.contests': 'See the contests',
};

const ru = {
  'ladder.loading': 'Читаем таблицу…',
  'ladder.failed': 'Не удалось узнать ваше место.',
  'ladder.retry': 'Повторить',
  'ladder.refresh': 'Обновить',
  'ladder.none': 'Сейчас не идёт ни одного недельного конкурса, поэтому места в таблице у вас нет. На странице конкурсов видно, когда начнётся следующий и кто выиграл прошлый.',
  'ladder.out': 'Вас ещё нет в конкурсе этой недели: в нём считаются сделки, закрытые на торговой платформе в {currency} до {end}. Откройте сделку — и она засчитается.',
  'ladder.participants_one': 'Пока участвует {count} трейдер.',
  'ladder.participants_few': 'Пока участвуют {count} трейдера.',
  'ladder.participants_many': 'Пока участвуют {count} трейдеров.',
  'ladder.participants_other': 'Пока участвуют {count} трейдера.',
  'ladder.rank_one': 'Вы на {rank}-м месте из {count} трейдера в конкурсе этой недели.',
  'ladder.rank_few': 'Вы на {rank}-м месте из {count} трейдеров в конкурсе этой недели.',
  'ladder.rank_many': 'Вы на {rank}-м месте из {count} трейдеров в конкурсе этой недели.',
  'ladder.rank_other': 'Вы на {rank}-м месте из {count} трейдера в конкурсе этой недели.',
  'ladder.figure': 'Ваша чистая прибыль в нём: {figure}.',
  'ladder.top': 'Выше вас никого нет.',
  'ladder.up': 'Ещё {amount} чистой прибыли — и вы обойдёте {rank}-е место (у него {figure}).',
  'ladder.rule': 'Правило: чистая прибыль (выплата минус ставка) ваших сделок, закрытых в окне конкурса, в {currency}; при равной прибыли выше тот, чья последняя сделка закрылась раньше.',
  'ladder.open': 'Открыть конкурс',
  'ladder.contests': 'Открыть конкурсы',
} as Record<keyof typeof en, string>;

export const messages = { en, ru };
