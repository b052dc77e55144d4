import type { NewsBody, NewsItem, NewsList } from '../../../core/contract/news';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { newsMachine } from '../../../machines/news/news.machine';
import { NEWS_SCOPE, connectNews, newsDate, readingOf, safeHref } from './news.connect';

const item: NewsItem = { id: 'a', title: 'Title', date: '2026-11-20T09:00:00.000Z', summary: 'Summary', link: 'javascript:alert(1)', source: 'Sandbox' };

describe('news view', () => {
  it('links: http and https only', () => {
    expect(safeHref('https://example.com/a')).toBe('https://example.com/a');
    expect(safeHref('http://example.com/')).toBe('http://example.com/');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,x')).toBeNull();
    expect(safeHref('/relative')).toBeNull();
    expect(safeHref(null)).toBeNull();
  });

  it("dates in the trader's language", () => {
    expect(newsDate(item.date, 'en')).toBe('20 November 2026');
    expect(newsDate(item.date, 'ru')).toMatch(/ноября 2026/);
    expect(newsDate('not a date', 'en')).toBe('not a date');
  });

  it('list, one item (its paragraphs, no unsafe link), back; a failed item retries the item', async () => {
    let failItem = true;
    const actor = createActor(
      newsMachine.provide({
        actors: {
          loadList: fromPromise(async (): Promise<NewsList> => ({ kind: 'sandbox', items: [item] })),
          loadItem: fromPromise(async (): Promise<NewsBody> => {
            if (failItem) throw { kind: 'http', status: 404, error: 'news.not_found', message: 'Gone.' };
            return { kind: 'sandbox', item, body: 'One.\n\nTwo.' };
          }),
        },
      }),
      { input: { lang: 'en' } },
    ).start();
    await waitFor(actor, (s) => s.matches('list'));
    let v = connectNews(actor.getSnapshot(), actor.send);
    expect(v.isSandbox).toBe(true);
    expect(v.items).toHaveLength(1);
    v.open('a');
    await waitFor(actor, (s) => s.matches('failed'));
    v = connectNews(actor.getSnapshot(), actor.send);
    expect(v.error).toEqual({ key: 'news.not_found', fallback: 'Gone.' });
    expect(v.canGoBack).toBe(true);
    failItem = false;
    v.retry();
    await waitFor(actor, (s) => s.matches('item'));
    v = connectNews(actor.getSnapshot(), actor.send);
    expect(v.item).toMatchObject({ title: 'Title', href: null, paragraphs: ['One.', 'Two.'] });
    // the item's title takes the focus when it opens, within the dialog's body
    expect(readingOf(actor.getSnapshot())).toBe('a');
    expect(v.getItemTitleProps()).toEqual({ tabIndex: -1, 'data-focus-on': 'item-a', 'data-focus-in': NEWS_SCOPE });
    expect(v.getRootProps()).toEqual({ 'data-focus-scope': NEWS_SCOPE });
    v.back();
    // back in the list, the entry read last takes the focus again; the others do not
    const back = connectNews(actor.getSnapshot(), actor.send, 'a');
    expect(back.isList).toBe(true);
    expect(readingOf(actor.getSnapshot())).toBeNull();
    expect(back.getEntryProps('a')).toEqual({ 'data-focus-on': 'back-a', 'data-focus-in': NEWS_SCOPE });
    expect(back.getEntryProps('b')['data-focus-on']).toBeUndefined();
    expect(connectNews(actor.getSnapshot(), actor.send).getEntryProps('a')['data-focus-on']).toBeUndefined();
    expect(back.getOpeningProps()).toEqual({ 'aria-live': 'polite' });
    expect(back.getProblemProps()).toEqual({ role: 'alert' });
  });
});
