import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testSettings, testUser } from '../../test/fixtures';

// the server is replaced by answers of its contract (the browser test, incentives.e2e.ts, reads the real one)
const session = vi.hoisted(() => ({ getMe: vi.fn(), getSettings: vi.fn(), logout: vi.fn() }));
vi.mock('../../api/session', () => session);

const { offeredOnly } = await import('./offered-only');
const { I18nProvider } = await import('../../i18n');
const { en } = await import('../../i18n/en');
const { ru } = await import('../../i18n/ru');
const { sessionActor } = await import('../../flows/shell/app.flow');

const Page = () => <p data-testid="the-page">Contests</p>;
const Gated = offeredOnly(Page);

afterEach(() => cleanup());

describe('offeredOnly (issue 30 §5): a page of incentives, or why it is not offered', () => {
  it('a trader not offered incentives reads why instead of the page, in English and Russian, with the way back (the page itself for one offered them: incentives.e2e.ts)', async () => {
    session.getSettings.mockResolvedValue(testSettings());
    session.getMe.mockResolvedValue({ user: testUser({ country: 'MT', incentivesOff: { reason: 'regulated' } }), csrf: 'c' });
    sessionActor.start();
    await waitFor(() => expect(sessionActor.getSnapshot().context.user).not.toBeNull());
    const { unmount } = render(
      <I18nProvider lang="en" dict={en}>
        <Gated />
      </I18nProvider>,
    );
    const notice = screen.getByTestId('incentives-off');
    expect(notice.getAttribute('data-reason')).toBe('regulated');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Not offered to you');
    expect(notice.textContent).toContain('not offered to retail traders in your country');
    expect(screen.getByRole('link', { name: 'Back to trading' }).getAttribute('href')).toBe('#/home');
    expect(screen.queryByTestId('the-page')).toBeNull();
    unmount();
    render(
      <I18nProvider lang="ru" dict={ru}>
        <Gated />
      </I18nProvider>,
    );
    expect(screen.getByTestId('incentives-off').textContent).toContain('не предлагаются розничным трейдерам в вашей стране');
  });
});
