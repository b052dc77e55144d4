import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const chat = vi.hoisted(() => ({ fetchSignals: vi.fn() }));
vi.mock('../../api/chat', () => chat);

const { SignalsHost } = await import('./SignalsHost');
const { countdownOf } = await import('../../flows/signals/signals.connect');
const { newVisit } = await import('../../flows/attention/attention.flow');
const { PROMOTION_SETTLE_MS } = await import('../../../machines/attention/attention.machine');
const { I18nProvider } = await import('../../i18n');
const { en } = await import('../../i18n/en');

/** the browser's clock, and a server whose clock is 7 minutes behind it */
const BROWSER = Date.UTC(2026, 2, 3, 10, 0, 0);
const SKEW = 7 * 60_000;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(BROWSER);
  newVisit();
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('signal countdown', () => {
  it('counts down to the expiry the server holds: a 1-minute signal published 20 s earlier shows 40, not a fresh 60', async () => {
    chat.fetchSignals.mockImplementation(async () => {
      const serverNow = Date.now() - SKEW;
      return {
        serverTime: serverNow,
        signals: [{ id: 's-1', symbol: 'EURUSD', direction: 'up', expirySeconds: 60, price: '1.08512', source: 'sandbox', createdAt: serverNow - 20_000, expiresAt: serverNow + 40_000 }],
      };
    });
    render(
      <I18nProvider lang="en" dict={en}>
        <SignalsHost />
      </I18nProvider>,
    );
    // the first fetch 5 s after the page opened
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(chat.fetchSignals).toHaveBeenCalledTimes(1);
    // a promotion: nothing shows until the attention arbiter grants it, once promotions asked together settled
    expect(screen.queryByTestId('signals')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PROMOTION_SETTLE_MS);
    });
    // 40 s were left at the fetch, 38.5 s now (a fresh pop-up would show 60)
    expect(screen.getByTestId('signal-seconds').textContent).toBe('39');
    // the circle shows the part of the signal's life left: 38.5 of 60 s
    const arc = document.querySelector('.signal__arc')!;
    const circumference = 2 * Math.PI * 20;
    expect(Number(arc.getAttribute('stroke-dashoffset'))).toBeCloseTo(circumference * (1 - 38.5 / 60), 3);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(screen.getByTestId('signal-seconds').textContent).toBe('29');
    // at the server's expiry it closes by itself
    await act(async () => {
      await vi.advanceTimersByTimeAsync(29_000);
    });
    expect(screen.queryByTestId('signals')).toBeNull();
  });

  it('countdownOf: seconds to the end, the circle measured from the publication', () => {
    expect(countdownOf({ publishedAt: 0, expiresAt: 60_000 }, 20_000)).toEqual({ seconds: 40, fraction: 40 / 60 });
    expect(countdownOf({ publishedAt: 0, expiresAt: 4_000 }, 1_500)).toEqual({ seconds: 3, fraction: 2_500 / 4_000 });
    expect(countdownOf({ publishedAt: 0, expiresAt: 60_000 }, 61_000)).toEqual({ seconds: 0, fraction: 0 });
    // a clock that reads before the publication (skew) still starts from a full circle, never more
    expect(countdownOf({ publishedAt: 10_000, expiresAt: 70_000 }, 5_000)).toEqual({ seconds: 65, fraction: 1 });
  });
});
