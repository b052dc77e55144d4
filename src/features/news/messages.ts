/** News and analysis: the news dialog, in every language. The dialog's title and the menu entry are core texts (nav.news). */
const en = {
  'news.loading': 'Loading the news…',
  'news.empty': 'There is no news right now.',
  'news.failed': 'The news could not be loaded.',
  'news.retry': 'Try again',
  'news.back': 'Back to the news',
  'news.read': 'Read',
  'news.opening': 'Opening…',
  'news.sandbox': 'Sandbox feed: general market education and commentary written for this demo, not real news and not advice.',
  'news.source': 'Source: {source}',
  'news.original': 'Read the original',
  'news.unavailable': 'The news source could not be read. Try again in a minute.',
  'news.not_found': 'This news item is no longer in the feed.',
};

const ru: typeof en = {
  'news.loading': 'Загружаем новости…',
  'news.empty': 'Сейчас новостей нет.',
  'news.failed': 'Не удалось загрузить новости.',
  'news.retry': 'Повторить',
  'news.back': 'Назад к новостям',
  'news.read': 'Читать',
  'news.opening': 'Открываем…',
  'news.sandbox': 'Лента песочницы: общие обучающие материалы и комментарии о рынке, написанные для демо; это не реальные новости и не совет.',
  'news.source': 'Источник: {source}',
  'news.original': 'Открыть оригинал',
  'news.unavailable': 'Не удалось прочитать источник новостей. Повторите через минуту.',
  'news.not_found': 'Этой новости больше нет в ленте.',
};

export const messages = { en, ru };
