/** The Russian texts of the trading signals (messages.ts beside it holds the English), in a chunk of their own. */
export const ru: Record<string, string> = {
  'signals.title': 'Торговый сигнал',
  'signals.label': 'Сигнал песочницы по смоделированным ценам — не рекомендация',
  'signals.up': 'Вверх',
  'signals.down': 'Вниз',
  'signals.line': '{symbol}: {direction} на {duration}',
  'signals.price': 'по {price}',
  'signals.seconds': '{n} с',
  'signals.minutes': '{n} мин',
  'signals.left': 'осталось {n} с',
  'signals.left_aria': 'Сигнал закроется через {n} с',
  'signals.close': 'Закрыть сигнал',
  'weekend.notice': 'Выходные (с пятницы 21:00 до воскресенья 21:00, {zone}): валютные рынки закрыты. Цены на платформе-песочнице смоделированы и продолжают меняться.',
};
