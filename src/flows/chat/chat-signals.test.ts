import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatPanelHeight } from '../../../machines/chat/chat.machine';
import { chatHiddenOn } from './chat.flow';
import { localDay, markSeen, seenToday } from '../signals/signals.flow';

describe('chatHiddenOn (settings chatHiddenPaths)', () => {
  it('matches a path with its hash exactly, with or without the language, or by a prefix ending in *', () => {
    expect(chatHiddenOn('/en/trading#/show/withdrawal', ['/trading#/show/withdrawal'])).toBe(true);
    expect(chatHiddenOn('/ru/trading#/show/withdrawal', ['/ru/trading#/show/withdrawal'])).toBe(true);
    expect(chatHiddenOn('/en/trading#/show/funding', ['/trading#/show/*'])).toBe(true);
    expect(chatHiddenOn('/en/trading#/home', ['/trading#/show/*'])).toBe(false);
    expect(chatHiddenOn('/en/trading#/show/withdrawal2', ['/trading#/show/withdrawal'])).toBe(false);
    expect(chatHiddenOn('/en/trading#/home', [])).toBe(false);
    expect(chatHiddenOn('/en/trading#/home', ['', '  '])).toBe(false);
  });
});

describe('chatPanelHeight (582 px minimum, 73% of the page width maximised)', () => {
  it('is the minimum when normal, 73% of the width when maximised, and never taller than the window', () => {
    expect(chatPanelHeight('normal', { width: 1280, height: 900 })).toBe(582);
    expect(chatPanelHeight('maximised', { width: 1000, height: 1200 })).toBe(730);
    expect(chatPanelHeight('maximised', { width: 1280, height: 900 })).toBe(868);
    // a narrow page keeps the minimum
    expect(chatPanelHeight('maximised', { width: 600, height: 1200 })).toBe(582);
    // a low window (a phone) gets what fits
    expect(chatPanelHeight('normal', { width: 390, height: 500 })).toBe(468);
  });
});

describe("signals: today's seen-set in storage", () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps ids for the day they were seen and forgets them the next day', () => {
    const noon = new Date(2026, 10, 21, 12, 0).getTime();
    expect(localDay(noon)).toBe('2026-11-21');
    markSeen(['a', 'b'], noon);
    markSeen(['b', 'c'], noon + 60_000);
    expect(seenToday(noon + 120_000)).toEqual(['a', 'b', 'c']);
    expect(seenToday(new Date(2026, 10, 22, 0, 1).getTime())).toEqual([]);
  });

  it('treats a broken stored value as empty', () => {
    store.set('signals.seen', '{not json');
    expect(seenToday()).toEqual([]);
    store.set('signals.seen', JSON.stringify({ day: localDay(Date.now()), ids: ['x', 5] }));
    expect(seenToday()).toEqual(['x']);
  });
});
