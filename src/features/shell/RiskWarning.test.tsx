import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testSettings } from '../../test/fixtures';

// the server is replaced by answers of its contract (the browser test reads the real one)
const session = vi.hoisted(() => ({ getMe: vi.fn(), getSettings: vi.fn(), logout: vi.fn() }));
vi.mock('../../api/session', () => session);

const { RiskLine, RiskWarning } = await import('./RiskWarning');
const { I18nProvider } = await import('../../i18n');
const { en } = await import('../../i18n/en');
const { ru } = await import('../../i18n/ru');
const { sessionActor } = await import('../../flows/shell/app.flow');

/** the session actor loaded with these settings */
async function withSettings(risk: { percent: number; day: string }) {
  session.getMe.mockResolvedValue({ user: null, csrf: 'c' });
  session.getSettings.mockResolvedValue({ ...testSettings(), risk });
  sessionActor.start();
  await waitFor(() => expect(sessionActor.getSnapshot().context.settings).not.toBeNull());
}
afterEach(() => cleanup());

describe('RiskWarning (issue 30 §5)', () => {
  it("says our own figure from the session's settings with its day, in English and in Russian", async () => {
    await withSettings({ percent: 75, day: '2026-11-29' });
    const { unmount } = render(
      <I18nProvider lang="en" dict={en}>
        <RiskWarning />
      </I18nProvider>,
    );
    expect(screen.getByTestId('risk-warning').textContent).toBe(
      'Trading carries a high level of risk: you can lose all the money you invest. 75% of our retail traders’ accounts lost money over the last 12 months (our own figure of 29.11.2026).',
    );
    unmount();
    render(
      <I18nProvider lang="ru" dict={ru}>
        <RiskWarning />
      </I18nProvider>,
    );
    expect(screen.getByTestId('risk-warning').textContent).toContain('75% счетов наших розничных трейдеров потеряли деньги за последние 12 месяцев (наш собственный расчёт на 29.11.2026).');
  });

  it('without a figure (none computed, or no account traded) only the general sentence: never an invented number', () => {
    render(
      <I18nProvider lang="en" dict={en}>
        <RiskLine figure={null} />
      </I18nProvider>,
    );
    expect(screen.getByTestId('risk-warning').textContent).toBe('Trading carries a high level of risk: you can lose all the money you invest.');
  });
});
