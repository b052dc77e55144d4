import type { NewsFeed, NewsFeedItem } from '../../domain/ports';

type Lang = 'en' | 'ru';
type Text = Record<Lang, { title: string; body: string }>;

/**
 * The sandbox news feed: a few dated items of general market education and commentary,
 * in English and Russian, labelled "Sandbox" (the source) on screen. Honest on purpose: no
 * prices, no forecasts, no quotes from real people, no real events presented as news.
 */
const ITEMS: { id: string; date: string; text: Text }[] = [
  {
    id: 'sandbox-volatility',
    date: '2026-11-20T09:00:00.000Z',
    text: {
      en: {
        title: 'Analysis: what volatility means for an open position',
        body:
          'Volatility measures how far and how fast a price moves. In a volatile market a position can gain or lose more in a short time than the same position on a calm day.\n\n' +
          'Traders often size positions so that a move they consider normal for the instrument does not use up a large part of their balance. A stop level set before opening a trade makes the possible loss known in advance.\n\n' +
          'This item is general education from the sandbox feed. It is not advice about any instrument.',
      },
      ru: {
        title: 'Аналитика: что волатильность значит для открытой позиции',
        body:
          'Волатильность показывает, насколько далеко и быстро движется цена. На волатильном рынке позиция может за короткое время принести больше прибыли или убытка, чем та же позиция в спокойный день.\n\n' +
          'Трейдеры часто выбирают размер позиции так, чтобы обычное для инструмента движение не расходовало большую часть баланса. Уровень стопа, заданный до открытия сделки, заранее делает возможный убыток известным.\n\n' +
          'Это общий обучающий материал из песочницы. Это не совет по какому-либо инструменту.',
      },
    },
  },
  {
    id: 'sandbox-calendar',
    date: '2026-11-18T09:00:00.000Z',
    text: {
      en: {
        title: 'Market news: scheduled releases and trading hours',
        body:
          'Central bank decisions, inflation figures and employment reports are published on known dates. Around such releases prices can move sharply and spreads can widen.\n\n' +
          'Markets also have quieter hours, for example when major exchanges are closed. Checking the economic calendar and the trading hours of an instrument before trading helps avoid surprises.\n\n' +
          'This item is general commentary from the sandbox feed. It names no real release and no price.',
      },
      ru: {
        title: 'Новости рынка: плановые публикации и торговые часы',
        body:
          'Решения центральных банков, данные по инфляции и занятости публикуются в заранее известные даты. Вокруг таких публикаций цены могут резко двигаться, а спреды — расширяться.\n\n' +
          'У рынков бывают и более спокойные часы, например когда крупные биржи закрыты. Экономический календарь и торговые часы инструмента стоит проверить до сделки.\n\n' +
          'Это общий комментарий из песочницы. В нём нет реальных публикаций и цен.',
      },
    },
  },
  {
    id: 'sandbox-crypto-hours',
    date: '2026-11-16T09:00:00.000Z',
    text: {
      en: {
        title: 'Analysis: crypto markets trade around the clock',
        body:
          'Unlike most stock exchanges, crypto markets trade every day and at night. Prices can move while a trader is away, including at weekends when liquidity is often lower.\n\n' +
          'A position left open over a weekend carries that risk. Some traders reduce positions before they stop watching the market; others set stop levels.\n\n' +
          'This item is general education from the sandbox feed, not a forecast.',
      },
      ru: {
        title: 'Аналитика: криптовалютные рынки работают круглосуточно',
        body:
          'В отличие от большинства фондовых бирж, криптовалютные рынки торгуют каждый день и ночью. Цена может измениться, пока трейдер не следит за рынком, в том числе в выходные, когда ликвидность часто ниже.\n\n' +
          'Позиция, оставленная открытой на выходные, несёт этот риск. Одни трейдеры сокращают позиции перед перерывом, другие задают уровни стопа.\n\n' +
          'Это общий обучающий материал из песочницы, а не прогноз.',
      },
    },
  },
];

export const SANDBOX_NEWS_SOURCE = 'Sandbox';

function summaryOf(body: string): string {
  const first = body.split('\n\n')[0] ?? '';
  return first.length > 240 ? `${first.slice(0, 239)}…` : first;
}

/** The sandbox feed behind the NewsFeed port: the items above, in the trader's language. */
export function sandboxNews(): NewsFeed {
  return {
    kind: 'sandbox',
    async items(lang: Lang): Promise<NewsFeedItem[]> {
      return ITEMS.map(({ id, date, text }) => {
        const { title, body } = text[lang];
        return { id, date, title, summary: summaryOf(body), body, link: null, source: SANDBOX_NEWS_SOURCE };
      });
    },
  };
}
