import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { testSettings, testUser } from '../../test/fixtures';

const session = vi.hoisted(() => ({ getMe: vi.fn(), getSettings: vi.fn(), logout: vi.fn() }));
vi.mock('../../api/session', () => session);

const { AccountBar } = await import('./AccountBar');
const { sessionActor, startAppActors } = await import('../../flows/shell/app.flow');
const { I18nProvider } = await import('../../i18n');
const { en } = await import('../../i18n/en');
const { ru } = await import('../../i18n/ru');

beforeAll(async () => {
  session.getMe.mockResolvedValue({ user: testUser({ support_unread: 2 }), csrf: 'c' });
  session.getSettings.mockResolvedValue(testSettings());
  startAppActors();
  await waitFor(() => expect(sessionActor.getSnapshot().matches('signedIn')).toBe(true));
});

describe('AccountBar: Support', () => {
  it('links to #/show/support with the unread count, spoken; no badge at 0', async () => {
    const { unmount } = render(
      <MemoryRouter>
        <I18nProvider lang="en" dict={en}>
          <AccountBar />
        </I18nProvider>
      </MemoryRouter>,
    );
    const link = screen.getByTestId('nav-support');
    expect(link.getAttribute('href')).toBe('/#/show/support');
    expect(screen.getByTestId('nav-support-badge').textContent).toBe('22 unread replies');
    session.getMe.mockResolvedValue({ user: testUser({ support_unread: 0 }), csrf: 'c' });
    act(() => sessionActor.send({ type: 'user.update' }));
    await waitFor(() => expect(screen.queryByTestId('nav-support-badge')).toBeNull());
    expect(link.textContent).toBe('Support');
    unmount();
  });

  it('keeps the header to its ten links: the limits page is reached from the Security page', () => {
    const { unmount } = render(
      <MemoryRouter>
        <I18nProvider lang="en" dict={en}>
          <AccountBar />
        </I18nProvider>
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('nav-limits')).toBeNull();
    unmount();
  });

  it('speaks Russian', async () => {
    session.getMe.mockResolvedValue({ user: testUser({ support_unread: 1 }), csrf: 'c' });
    act(() => sessionActor.send({ type: 'user.update' }));
    render(
      <MemoryRouter>
        <I18nProvider lang="ru" dict={ru}>
          <AccountBar />
        </I18nProvider>
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('nav-support-badge').textContent).toBe('11 непрочитанный ответ'));
    expect(screen.getByTestId('nav-support').textContent).toContain('Поддержка');
  });
});
