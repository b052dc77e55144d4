import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TabContent } from '../../../core/contract/public-site';
import { testSettings } from '../../test/fixtures';

// the server is replaced by answers of its contract (the browser test uses the real one)
const api = vi.hoisted(() => ({ getTab: vi.fn(), getPublicRunline: vi.fn(), getPublicSite: vi.fn(), getRates: vi.fn() }));
const session = vi.hoisted(() => ({ getMe: vi.fn(), getSettings: vi.fn(), logout: vi.fn() }));
vi.mock('../../api/public-site', () => api);
vi.mock('../../api/session', () => session);

const { default: PublicSite } = await import('./PublicSite');
const { I18nProvider } = await import('../../i18n');
const { en } = await import('../../i18n/en');
const { ru } = await import('../../i18n/ru');
const { sessionActor, startAppActors } = await import('../../flows/shell/app.flow');

const tab = (name: TabContent['tab'], lang = 'en', extra: Partial<TabContent> = {}): TabContent => ({
  tab: name,
  lang,
  title: `${name} title ${lang}`,
  description: `${name} description`,
  heading: `${name} heading ${lang}`,
  lead: `${name} lead`,
  sections: [{ heading: `${name} section`, paragraphs: ['one'] }],
  faq: name === 'faq' ? [{ id: 'risk', question: 'Can I lose money?', answer: 'Yes.' }, { id: 'open', question: 'How?', answer: 'Register.' }] : [],
  widgets: name === 'home' ? ['prices', 'runline', 'slider', 'zoom', 'video'] : [],
  ...extra,
});

beforeAll(async () => {
  session.getMe.mockResolvedValue({ user: null, csrf: 'c' });
  session.getSettings.mockResolvedValue(testSettings());
  startAppActors();
  await waitFor(() => expect(sessionActor.getSnapshot().matches('signedOut')).toBe(true));
});
beforeEach(() => {
  api.getTab.mockReset().mockImplementation(async (name: TabContent['tab'], lang: string) => tab(name, lang));
  api.getPublicRunline.mockReset().mockResolvedValue({ entries: [] });
  api.getPublicSite.mockReset().mockResolvedValue({ company: { name: 'Acme Markets', email: 'help@acme.test', phone: '+44 20 7946 0000' }, marketingNumber: 10 });
  api.getRates.mockReset().mockResolvedValue({ base: 'USD', rates: { BTC: '50000.00', LTC: '80.00' }, source: 'sandbox', at: '2026-01-01T00:00:00.000Z', approximate: true });
});
afterEach(() => document.getElementById('public-tab')?.remove());

function visit(path: string, lang: 'en' | 'ru' = 'en', initial: TabContent | null = null) {
  window.history.replaceState(null, '', path);
  if (initial) {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'public-tab';
    script.textContent = JSON.stringify(initial);
    document.body.appendChild(script);
  }
  return render(
    <I18nProvider lang={lang} dict={lang === 'en' ? en : ru}>
      <PublicSite />
    </I18nProvider>,
  );
}

describe('PublicSite (/{lang}/ and its tabs)', () => {
  it('a direct visit shows the tab from the page without a fetch; the price label says approximate; no ticker without trades; the ways in', async () => {
    visit('/en/', 'en', tab('home'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('home heading en');
    expect(api.getTab).not.toHaveBeenCalled();
    const prices = await screen.findByTestId('site-prices');
    expect(prices.textContent).toContain('Approximate');
    expect(screen.getByTestId('site-price-BTC').textContent).toBe('1 BTC ≈ $50,000.00 · $10.00 ≈ 0.0002 BTC');
    expect(screen.getByTestId('site-price-LTC')).toBeTruthy();
    expect(screen.queryByTestId('site-runline')).toBeNull();
    // its place is kept and says there is none (no invented trades)
    expect(await screen.findByText('No trade of our clients has settled in the last day.')).toBeTruthy();
    expect((await screen.findByTestId('site-company')).textContent).toBe('Acme Markets · help@acme.test · +44 20 7946 0000');
    expect(screen.getByTestId('site-register').getAttribute('href')).toBe('/en/register');
    expect(screen.getByTestId('site-login').getAttribute('href')).toBe('/en/login');
    expect(screen.getByTestId('site-link-contacts').getAttribute('href')).toBe('/en/contacts');
    expect(screen.getByTestId('site-lang-ru').getAttribute('href')).toBe('/ru/');
  });

  it('a link loads the tab without a reload and pushes /{lang}/{tab}; back loads the address again; the language switch keeps the tab', async () => {
    visit('/en/', 'en', tab('home'));
    fireEvent.click(screen.getByTestId('site-link-faq'), { button: 0 });
    await screen.findByTestId('site-tab-faq');
    expect(api.getTab).toHaveBeenCalledWith('faq', 'en');
    expect(window.location.pathname).toBe('/en/faq');
    expect(document.title).toBe('faq title en');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('faq description');
    expect(screen.getByTestId('site-lang-ru').getAttribute('href')).toBe('/ru/faq');
    // the accordion: one answer at a time
    fireEvent.click(screen.getByTestId('faq-q-risk'));
    expect(screen.getByTestId('faq-a-risk').hidden).toBe(false);
    fireEvent.click(screen.getByTestId('faq-q-open'));
    expect([screen.getByTestId('faq-a-risk').hidden, screen.getByTestId('faq-a-open').hidden]).toEqual([true, false]);
    // back
    act(() => {
      window.history.replaceState(null, '', '/en/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await screen.findByTestId('site-tab-home');
    expect(api.getTab).toHaveBeenLastCalledWith('home', 'en');
    expect(window.location.pathname).toBe('/en/');
  });

  it('a failed load says so in Russian and the retry loads it', async () => {
    api.getTab.mockRejectedValueOnce({ kind: 'network' });
    visit('/ru/about', 'ru');
    expect((await screen.findByTestId('site-load-failed')).textContent).toContain('Не удалось загрузить страницу.');
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect((await screen.findByTestId('site-tab-about')).textContent).toContain('about heading ru');
    expect(screen.getByTestId('site-register').textContent).toBe('Открыть счёт');
  });

  it('the ticker shows real trades; the menu toggles; the video popup opens, pauses and closes with Escape; the slider moves', async () => {
    api.getPublicRunline.mockResolvedValue({ entries: [{ initials: 'S.T.', country: 'DE', result: 'profit', amount: '8.20', currency: 'USD', symbol: 'EURUSD', settledAt: 1 }] });
    visit('/en/', 'en', tab('home'));
    expect((await screen.findByTestId('site-runline')).textContent).toContain('S.T. (DE) EURUSD: +8.20 USD');
    const toggle = screen.getByTestId('site-menu-toggle');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // the media widgets are a lazy chunk: they arrive after the text
    fireEvent.click(await screen.findByTestId('site-video-open'));
    expect(screen.getByTestId('site-video-stage').dataset.paused).toBe('false');
    fireEvent.click(screen.getByTestId('site-video-toggle'));
    expect(screen.getByTestId('site-video-stage').dataset.paused).toBe('true');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByTestId('site-video')).toBeNull();
    expect((await screen.findByTestId('site-slide-1')).hidden).toBe(false);
    fireEvent.click(screen.getByTestId('site-slider-next'));
    expect([screen.getByTestId('site-slide-1').hidden, screen.getByTestId('site-slide-2').hidden]).toEqual([true, false]);
    expect(await screen.findByTestId('site-zoom')).toBeTruthy();
  });
});
