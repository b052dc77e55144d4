import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser, signIn } from './browser';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

/** The public site: the landing page in both languages at 1280 and 390 px, each widget, the tab loader with back and forward, the price label. */
describe('the public site', () => {
  for (const [lang, viewport] of [
    ['en', { width: 1280, height: 900 }],
    ['ru', { width: 390, height: 844 }],
    ['en', { width: 390, height: 844 }],
    ['ru', { width: 1280, height: 900 }],
  ] as const) {
    it(`the landing page in ${lang} at ${viewport.width} px: static text first, then the app with its widgets`, async () => {
      const { page, errors, context } = await openTab(chromium.current, viewport);
      const outside: string[] = [];
      page.on('request', (r) => {
        if (!r.url().startsWith(baseURL)) outside.push(r.url());
      });
      // the text is in the HTML the server sends
      const html = await (await page.request.get(`${baseURL}/${lang}/`, { headers: { accept: 'text/html' } })).text();
      expect(html).toContain(`<html lang="${lang}">`);
      expect(html).toContain('data-testid="public-static"');
      expect(html).toMatch(/<meta name="description" content="[^"]+"/);

      await page.goto(`${baseURL}/${lang}/`);
      await page.getByTestId('site-tab-home').waitFor();
      expect(await page.title()).toContain(lang === 'ru' ? 'онлайн-счёт' : 'online trading account');
      // the price label: real approximate rates
      const prices = page.getByTestId('site-prices');
      await prices.waitFor();
      expect(await prices.textContent()).toContain(lang === 'ru' ? 'Примерные' : 'Approximate');
      // the real rate in the visitor's language: $64,250.00 in English, 64 250,00 $ in Russian
      expect(await page.getByTestId('site-price-BTC').textContent()).toMatch(lang === 'ru' ? /^1 BTC ≈ [\d\s\u00a0]+,\d{2}\s\$ · / : /^1 BTC ≈ \$[\d,]+\.\d{2} · /);
      expect(await page.getByTestId('site-price-LTC').count()).toBe(1);

      // the mobile menu only at 390 px
      const toggle = page.getByTestId('site-menu-toggle');
      if (viewport.width < 720) {
        expect(await page.getByTestId('site-link-faq').isVisible()).toBe(false);
        await toggle.click();
        expect(await toggle.getAttribute('aria-expanded')).toBe('true');
        expect(await page.getByTestId('site-link-faq').isVisible()).toBe(true);
        await toggle.click();
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      } else {
        expect(await toggle.isVisible()).toBe(false);
      }

      // the slider moves with its controls and holds under the pointer
      const slider = page.getByTestId('site-slider');
      await slider.hover();
      expect(await slider.getAttribute('data-state')).toBe('held');
      const shown = () => page.locator('[data-testid^="site-slide-"]:visible').getAttribute('data-testid');
      const before = await shown();
      await page.getByTestId('site-slider-next').click();
      expect(await shown()).not.toBe(before);

      // the video popup: an animation drawn here, pause and close
      await page.getByTestId('site-video-open').click();
      await page.getByTestId('site-video').waitFor();
      await page.getByTestId('site-video-toggle').click();
      expect(await page.getByTestId('site-video-stage').getAttribute('data-paused')).toBe('true');
      await page.keyboard.press('Escape');
      expect(await page.getByTestId('site-video').count()).toBe(0);

      // the zoom block zooms once scrolled into view
      await page.getByTestId('site-zoom').scrollIntoViewIfNeeded();
      await expect.poll(() => page.getByTestId('site-zoom').getAttribute('data-zoomed')).toBe('true');

      // the ways in
      expect(await page.getByTestId('site-register').getAttribute('href')).toBe(`/${lang}/register`);
      expect(await page.getByTestId('site-login').getAttribute('href')).toBe(`/${lang}/login`);
      expect(outside).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('the tab loader: a link loads without a reload and rewrites the address; back and forward; a direct visit; the FAQ accordion; the language switch keeps the tab', async () => {
    const { page, errors, context } = await openTab(chromium.current);
    await page.goto(`${baseURL}/en/`);
    await page.getByTestId('site-tab-home').waitFor();
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByTestId('site-link-faq').click();
    await page.getByTestId('site-tab-faq').waitFor();
    expect(new URL(page.url()).pathname).toBe('/en/faq');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(await page.title()).toContain('Questions and answers');
    await page.getByTestId('faq-q-risk').click();
    expect(await page.getByTestId('faq-a-risk').isVisible()).toBe(true);
    await page.getByTestId('faq-q-open').click();
    expect(await page.getByTestId('faq-a-risk').isVisible()).toBe(false);
    await page.getByTestId('site-link-about').click();
    await page.getByTestId('site-tab-about').waitFor();
    expect(new URL(page.url()).pathname).toBe('/en/about');
    await page.goBack();
    await page.getByTestId('site-tab-faq').waitFor();
    expect(new URL(page.url()).pathname).toBe('/en/faq');
    await page.goBack();
    await page.getByTestId('site-tab-home').waitFor();
    await page.goForward();
    await page.getByTestId('site-tab-faq').waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    // the language switch keeps the page
    await page.getByTestId('site-lang-ru').click();
    await page.waitForURL(`${baseURL}/ru/faq`);
    await page.getByTestId('site-tab-faq').waitFor();
    expect(await page.title()).toContain('Вопросы и ответы');
    // a direct visit renders the same tab
    await page.goto(`${baseURL}/en/accounts`);
    await page.getByTestId('site-tab-accounts').waitFor();
    // the price label is a lazy widget fed by the rates call: wait for it, then there is one
    await page.getByTestId('site-prices').waitFor();
    expect(await page.getByTestId('site-prices').count()).toBe(1);
    // contacts and the login page still work
    await page.getByTestId('site-link-contacts').click();
    await page.waitForURL(`${baseURL}/en/contacts`);
    await page.goto(`${baseURL}/en/login`);
    await page.getByLabel('Email').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an affiliate link keeps the id in a cookie; reduced motion keeps the slider still', async () => {
    const { page, errors, context } = await openTab(chromium.current);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${baseURL}/en/?aff=partner1`);
    await page.getByTestId('site-tab-home').waitFor();
    expect((await context.cookies()).find((c) => c.name === 'aff')?.value).toBe('partner1');
    expect(await page.getByTestId('site-slider').getAttribute('data-state')).toBe('still');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the web's basics: a favicon (no 404 on any page), a title per page and per trading route in en and ru, a real 404 page", async () => {
    const { page, errors, context } = await openTab(chromium.current);
    const missing: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 404 && r.url().startsWith(baseURL)) missing.push(r.url());
    });
    const favicon = await page.request.get(`${baseURL}/favicon.svg`);
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()['content-type']).toMatch(/^image\/svg\+xml/);

    for (const [lang, login, register] of [
      ['en', 'Sign in · Brokerage', 'Open an account · Brokerage'],
      ['ru', 'Вход · Брокер', 'Открыть счёт · Брокер'],
    ] as const) {
      await page.goto(`${baseURL}/${lang}/login`);
      await expect.poll(() => page.title()).toBe(login);
      expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg');
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
      await page.goto(`${baseURL}/${lang}/register`);
      await expect.poll(() => page.title()).toBe(register);
      // an unknown page: 404 with a page in its language, not the login page
      const res = await page.goto(`${baseURL}/${lang}/no-such-page`);
      expect(res?.status()).toBe(404);
      await page.getByTestId('not-found').waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(lang === 'ru' ? 'Страница не найдена' : 'Page not found');
      expect(await page.title()).toBe(lang === 'ru' ? 'Страница не найдена · Брокер' : 'Page not found · Brokerage');
      expect(page.url()).toBe(`${baseURL}/${lang}/no-such-page`);
    }
    // the public pages name their canonical address and their other language
    await page.goto(`${baseURL}/ru/faq`);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/ru\/faq$/);
    expect(await page.locator('link[rel="alternate"][hreflang="en"]').getAttribute('href')).toMatch(/\/en\/faq$/);

    // signed in: each trading route names its page
    await signIn(page, baseURL);
    await page.waitForURL(/\/en\/trading/);
    await expect.poll(() => page.title()).toBe('Trading · Brokerage');
    for (const [hash, title] of [
      ['#/show/funding', 'Deposit · Brokerage'],
      ['#/show/withdrawal', 'Withdrawal · Brokerage'],
      ['#/show/reports', 'Reports · Brokerage'],
      ['#/show/security', 'Security · Brokerage'],
      ['#/home', 'Trading · Brokerage'],
    ] as const) {
      await page.evaluate((h) => {
        window.location.hash = h;
      }, hash);
      await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(title);
    }
    expect(missing.filter((u) => !u.includes('/no-such-page'))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

