import { priceBoxProps, runlineItems, runlineProps } from './public-data.connect';
import { priceLabel } from './price-label';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { TabContent } from '../../../core/contract/public-site';
import { faqAccordionMachine } from '../../../machines/faq-accordion/faq-accordion.machine';
import { imageSliderMachine, SLIDE_INTERVAL_MS } from '../../../machines/image-slider/image-slider.machine';
import { siteMenuMachine } from '../../../machines/site-menu/site-menu.machine';
import { tabLoaderMachine } from '../../../machines/tab-loader/tab-loader.machine';
import { videoPopupMachine } from '../../../machines/video-popup/video-popup.machine';
import { zoomBlockMachine } from '../../../machines/zoom-block/zoom-block.machine';
import {
  connectFaqAccordion,
  connectImageSlider,
  connectSiteMenu,
  connectTabLoader,
  connectVideoPopup,
  connectZoomBlock,
  faqAnswerId,
  SITE_NAV_ID,
} from './public-site.connect';

const content = (tab: TabContent['tab']): TabContent => ({ tab, lang: 'en', title: tab, description: tab, heading: tab, lead: '', sections: [], faq: [], widgets: [] });

describe('connectSiteMenu, connectFaqAccordion, connectVideoPopup, connectZoomBlock', () => {
  it('the menu toggles and a link closes it', () => {
    const a = createActor(siteMenuMachine).start();
    const v = () => connectSiteMenu(a.getSnapshot(), a.send);
    expect(v().isOpen).toBe(false);
    expect(v().toggleLabel.key).toBe('site.menu_open');
    expect(v().getToggleProps()).toMatchObject({ type: 'button', 'aria-expanded': false, 'aria-controls': SITE_NAV_ID });
    expect(v().getNavProps()).toEqual({ id: SITE_NAV_ID });
    v().getToggleProps().onClick();
    expect(v().getToggleProps()['aria-expanded']).toBe(true);
    v().onClose();
    v().onToggle();
    expect(v().isOpen).toBe(true);
    expect(v().toggleLabel.key).toBe('site.menu_close');
    v().onClose();
    expect(v().isOpen).toBe(false);
  });

  it('the accordion opens one answer at a time and its question closes it', () => {
    const a = createActor(faqAccordionMachine).start();
    const v = () => connectFaqAccordion(a.getSnapshot(), a.send);
    v().onToggle('open');
    expect(v().isOpen('open')).toBe(true);
    v().onToggle('risk');
    expect([v().isOpen('open'), v().isOpen('risk')]).toEqual([false, true]);
    v().onToggle('risk');
    expect(v().isOpen('risk')).toBe(false);
    v().getQuestionProps('risk').onClick();
    expect(v().getQuestionProps('risk')).toMatchObject({ type: 'button', 'aria-expanded': true, 'aria-controls': faqAnswerId('risk') });
    expect(v().getAnswerProps('risk')).toEqual({ id: 'faq-risk', hidden: false });
    expect(v().getAnswerProps('open')).toEqual({ id: 'faq-open', hidden: true });
  });

  it('the video opens playing, pauses, plays and closes', () => {
    const a = createActor(videoPopupMachine).start();
    const v = () => connectVideoPopup(a.getSnapshot(), a.send);
    expect(v().isOpen).toBe(false);
    v().onOpen();
    expect([v().isOpen, v().isPaused, v().toggleLabel.key]).toEqual([true, false, 'site.video_pause']);
    v().onToggle();
    expect([v().isPaused, v().toggleLabel.key]).toEqual([true, 'site.video_play']);
    v().onToggle();
    v().onClose();
    expect(v().isOpen).toBe(false);
  });

  it('the zoom block zooms while visible', () => {
    const a = createActor(zoomBlockMachine).start();
    const v = () => connectZoomBlock(a.getSnapshot(), a.send);
    v().onVisible(true);
    expect(v().isZoomed).toBe(true);
    v().onVisible(false);
    expect(v().isZoomed).toBe(false);
  });
});

describe('connectImageSlider', () => {
  it('plays on the named delay, holds under hover/focus, wraps with the controls', () => {
    vi.useFakeTimers();
    try {
      const a = createActor(imageSliderMachine, { input: { count: 3, reducedMotion: false } }).start();
      const v = () => connectImageSlider(a.getSnapshot(), a.send);
      expect(v().isPlaying).toBe(true);
      vi.advanceTimersByTime(SLIDE_INTERVAL_MS);
      expect(v().index).toBe(1);
      v().onHold();
      vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 3);
      expect([v().isHeld, v().index]).toEqual([true, 1]);
      v().onRelease();
      v().onPrev();
      v().onPrev();
      expect(v().index).toBe(2);
      v().onNext();
      expect(v().index).toBe(0);
      v().onGo(2);
      expect(v().index).toBe(2);
      expect([0, 1, 2].map((i) => v().getDotProps(i)['aria-current'])).toEqual([false, false, true]);
      v().getDotProps(1).onClick();
      expect(v().index).toBe(1);
      v().onGo(2);
      v().onMotion(true);
      expect(v().isStill).toBe(true);
      vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 3);
      expect(v().index).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never plays under prefers-reduced-motion; the controls still move it', () => {
    vi.useFakeTimers();
    try {
      const a = createActor(imageSliderMachine, { input: { count: 3, reducedMotion: true } }).start();
      const v = () => connectImageSlider(a.getSnapshot(), a.send);
      expect(v().isStill).toBe(true);
      vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 2);
      expect(v().index).toBe(0);
      v().onNext();
      expect(v().index).toBe(1);
      v().onMotion(false);
      expect(v().isPlaying).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('connectTabLoader', () => {
  it('a direct visit is shown at once; a link loads and pushes, back loads without pushing; the same tab is ignored', async () => {
    const pushed: string[] = [];
    const loads: string[] = [];
    const machine = tabLoaderMachine.provide({
      actors: {
        loadTab: fromPromise(async ({ input }) => {
          loads.push(input.tab);
          return content(input.tab);
        }),
      },
      actions: { pushUrl: ({ context }) => pushed.push(context.tab) },
    });
    const a = createActor(machine, { input: { lang: 'en', tab: 'home', initial: content('home') } }).start();
    const v = () => connectTabLoader(a.getSnapshot(), a.send);
    expect([v().isLoading, v().content?.tab, loads]).toEqual([false, 'home', []]);
    expect(v().getMainProps()).toEqual({ 'aria-busy': false });
    expect(v().getLinkProps('home')).toEqual({ href: '/en/', 'aria-current': 'page' });
    expect(v().getLinkProps('faq')).toEqual({ href: '/en/faq', 'aria-current': undefined });
    expect(v().getLanguageProps('en')).toEqual({ href: '/en/', hrefLang: 'en', lang: 'en', 'aria-current': 'true' });
    expect(connectTabLoader(a.getSnapshot(), a.send, 'ru').getLanguageProps('en')['aria-current']).toBeUndefined();
    v().onOpen('home');
    expect(loads).toEqual([]);
    v().onOpen('faq');
    expect(v().isLoading).toBe(true);
    await waitFor(a, (s) => s.matches('shown'));
    expect([v().tab, v().content?.tab, pushed]).toEqual(['faq', 'faq', ['faq']]);
    expect(v().getLanguageProps('ru').href).toBe('/ru/faq');
    expect(v().getLinkProps('faq')['aria-current']).toBe('page');
    v().onPopstate('home');
    await waitFor(a, (s) => s.matches('shown'));
    expect([v().content?.tab, pushed]).toEqual(['home', ['faq']]);
  });

  it('a failure says so and the retry loads again', async () => {
    let fail = true;
    const machine = tabLoaderMachine.provide({
      actors: {
        loadTab: fromPromise(async ({ input }) => {
          if (fail) throw { kind: 'network' };
          return content(input.tab);
        }),
      },
    });
    const a = createActor(machine, { input: { lang: 'ru', tab: 'about', initial: null } }).start();
    const v = () => connectTabLoader(a.getSnapshot(), a.send);
    await waitFor(a, (s) => s.matches('failed'));
    expect([v().isFailed, v().error?.key, v().content]).toEqual([true, 'site.load_failed', null]);
    expect(v().getProblemProps()).toEqual({ role: 'alert' });
    fail = false;
    v().onRetry();
    await waitFor(a, (s) => s.matches('shown'));
    expect([v().error, v().content?.tab]).toEqual([null, 'about']);
  });
});

describe('runlineProps', () => {
  it('busy until the trades are read; named for tests only with a trade to show', () => {
    expect(runlineProps(null)).toEqual({ 'aria-busy': true, 'data-testid': undefined });
    expect(runlineProps([])).toEqual({ 'aria-busy': false, 'data-testid': undefined });
    const entry = { initials: 'S.T.', country: 'DE', result: 'profit' as const, amount: '8.20', currency: 'USD', symbol: 'EURUSD', settledAt: 1 };
    expect(runlineProps([entry])).toEqual({ 'aria-busy': false, 'data-testid': 'site-runline' });
  });
});

describe('priceBoxProps', () => {
  it('says the box is busy until its label is in, and names it for tests once it is', () => {
    expect(priceBoxProps(null)).toEqual({ 'aria-busy': true, 'data-testid': undefined });
    const label = priceLabel({ base: 'USD', rates: { BTC: '50000', LTC: '100' }, at: '2026-01-01T12:00:00.000Z' } as never, 10)!;
    expect(priceBoxProps(label)).toEqual({ 'aria-busy': false, 'data-testid': 'site-prices' });
  });
});

describe('priceLabel and runlineItems', () => {
  it('the label shows the real rates and what the marketing number buys, no markup; nothing without rates', () => {
    const rates = { base: 'USD', rates: { BTC: '50000.00', LTC: '80.00', ETH: '3000' }, source: 'sandbox', at: '2026-01-01T00:00:00.000Z', approximate: true as const };
    const label = priceLabel(rates, 10)!;
    expect(label.coins).toEqual([
      { symbol: 'BTC', price: '$50,000.00', forNumber: '0.0002' },
      { symbol: 'LTC', price: '$80.00', forNumber: '0.125' },
    ]);
    expect(label.spend).toBe('$10.00');
    expect(label.at).toMatch(/^\d{2}:\d{2}\s?(AM|PM)?$/);
    // in Russian: the grouping and the decimal sign of Russian, a 24-hour time
    const ru = priceLabel({ ...rates, at: '2026-01-01T15:04:00.000Z' }, 10, 'ru')!;
    expect(ru.coins[0]).toEqual({ symbol: 'BTC', price: '50\u00a0000,00\u00a0$', forNumber: '0,0002' });
    expect(ru.at).not.toMatch(/AM|PM/);
    // the time in the zone the visitor's browser names, 24-hour (core/format)
    expect(priceLabel({ ...rates, at: '2026-01-01T15:04:00.000Z' }, 10, 'en', 'Asia/Tokyo')!.at).toBe('00:04');
    // a coin so cheap the number buys millions: written whole, never as an exponent
    expect(priceLabel({ ...rates, rates: { BTC: '0.000001' } }, 10)!.coins[0].forNumber).toBe('10,000,000');
    expect(priceLabel(null, 10)).toBeNull();
    expect(priceLabel({ ...rates, rates: {} }, 10)).toBeNull();
  });

  it('the ticker lines are initials, country and the real result; none when no trade settled', () => {
    expect(runlineItems(null)).toEqual([]);
    expect(runlineItems([])).toEqual([]);
    const [line] = runlineItems([{ initials: 'S.T.', country: 'DE', result: 'loss', amount: '5.00', currency: 'USD', symbol: 'EURUSD', settledAt: 1 }]);
    expect(line.text).toEqual({ key: 'site.runline_loss', params: { initials: 'S.T.', country: 'DE', amount: '5.00', currency: 'USD', symbol: 'EURUSD' } });
  });
});
