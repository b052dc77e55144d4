import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppropriatenessStatus } from '../../../core/contract/appropriateness';

// the server is replaced by answers of its contract (the UI-path binding and the browser test use the real one)
const api = vi.hoisted(() => ({ getAppropriateness: vi.fn(), sendAnswers: vi.fn(), acceptRisk: vi.fn() }));
vi.mock('../../api/appropriateness', () => api);

const { default: AppropriatenessPage } = await import('./AppropriatenessPage');
const { I18nProvider } = await import('../../i18n');
const { en } = await import('../../i18n/en');
const { ru } = await import('../../i18n/ru');
const { formatDateTime } = await import('../../flows/shared/dates');

const page = (lang: 'en' | 'ru' = 'en') => render(<I18nProvider lang={lang} dict={lang === 'en' ? en : ru}><AppropriatenessPage /></I18nProvider>);

const q = (id: string, options: string[]) => ({ id, text: `appropriateness.q.${id}`, options: options.map((o) => ({ id: o, text: `appropriateness.q.${id}.${o}` })) });
const QUESTIONS = [q('loss', ['part', 'stake', 'nothing']), q('odds', ['win', 'lose', 'even'])];
const base: AppropriatenessStatus = { state: 'required', score: null, of: 6, passMark: 5, attempts: 0, takenAt: null, retryAt: null, ready: true, riskAcceptedAt: null, questions: QUESTIONS };
const failed: AppropriatenessStatus = { ...base, state: 'failed', score: 2, attempts: 1, takenAt: '2026-12-01T10:00:00.000Z', retryAt: '2026-12-02T10:00:00.000Z', ready: false, questions: [] };

beforeEach(() => {
  api.getAppropriateness.mockReset();
  api.sendAnswers.mockReset();
  api.acceptRisk.mockReset();
});

describe('AppropriatenessPage (#/show/appropriateness)', () => {
  it('by keyboard: Send with a question open is refused and marked; the answers picked are sent; a pass says so with the way to trading', async () => {
    api.getAppropriateness.mockResolvedValue(base);
    api.sendAnswers.mockResolvedValue({ ...base, state: 'passed', score: 6, attempts: 1, questions: [] });
    page();
    const loss = await screen.findByRole('group', { name: /You stake 100 USD on a binary option/ });
    expect(screen.getByTestId('appr-intro').textContent).toContain('Answer 2 short questions');
    expect(within(loss).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['Only a part of the 100 USD', 'The whole 100 USD', 'Nothing, if I close the trade in time']);
    screen.getByRole('radio', { name: 'The whole 100 USD' }).focus();
    await userEvent.keyboard(' ');
    screen.getByRole('button', { name: 'Send my answers' }).focus();
    await userEvent.keyboard('{Enter}');
    const error = await screen.findByTestId('appr-error-odds');
    expect(error.textContent).toBe('Choose an answer.');
    expect(screen.getByTestId('appr-missing').textContent).toBe('Answer every question: 1 still open.');
    const odds = screen.getByTestId('appr-question-odds');
    expect(odds.getAttribute('aria-invalid')).toBe('true');
    expect(odds.getAttribute('aria-describedby')).toBe(error.id);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Most make money' })));
    expect(api.sendAnswers).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('radio', { name: 'Most lose money' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send my answers' }));
    expect(api.sendAnswers).toHaveBeenCalledWith({ answers: { loss: 'stake', odds: 'lose' } });
    const done = await screen.findByTestId('appr-passed');
    expect(done.textContent).toContain('6 of 6 answers were right. You can trade now.');
    expect(within(done).getByRole('link', { name: 'Go to trading' }).getAttribute('href')).toBe('#/home');
  });

  it('a lost connection keeps the answers and says so', async () => {
    api.getAppropriateness.mockResolvedValue(base);
    api.sendAnswers.mockRejectedValue({ kind: 'network' });
    page();
    await userEvent.click(await screen.findByRole('radio', { name: 'The whole 100 USD' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Most lose money' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send my answers' }));
    const error = await screen.findByTestId('appr-call-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toBe('Your answers were not sent. They are still here: send them again.');
    expect((screen.getByRole('radio', { name: 'The whole 100 USD' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Most lose money' }) as HTMLInputElement).checked).toBe(true);
  });

  it('a fail in Russian: the risk warning, the score, the cool-down’s end in the trader’s zone, Check again', async () => {
    api.getAppropriateness.mockResolvedValue(failed);
    page('ru');
    const warning = await screen.findByTestId('appr-warning');
    expect(within(warning).getByRole('heading').textContent).toBe('Предупреждение о риске');
    expect(warning.textContent).toContain('вы можете быстро потерять все вложенные средства');
    expect(screen.getByTestId('appr-score').textContent).toBe('Верных ответов: 2 из 6; нужно 5.');
    expect(screen.getByTestId('appr-cooldown').textContent).toContain(`С ${formatDateTime('2026-12-02T10:00:00.000Z')} можно`);
    expect(screen.queryByTestId('appr-accept')).toBeNull();
    expect(screen.queryByTestId('appr-retry')).toBeNull();
    api.getAppropriateness.mockResolvedValue({ ...failed, ready: true, questions: QUESTIONS });
    await userEvent.click(screen.getByRole('button', { name: 'Проверить снова' }));
    expect(await screen.findByRole('button', { name: 'Ответить на вопросы снова' })).toBeTruthy();
  });

  it('after the cool-down: accepting needs the box ticked; then accepted with its date', async () => {
    api.getAppropriateness.mockResolvedValue({ ...failed, ready: true, questions: QUESTIONS });
    api.acceptRisk.mockResolvedValue({ ...failed, state: 'accepted', riskAcceptedAt: '2026-12-02T11:00:00.000Z' });
    page();
    const accept = await screen.findByRole('button', { name: 'Accept the risk' });
    expect(screen.getByTestId('appr-cooldown').textContent).toBe('You can now answer the questions again, or accept the risk and trade anyway.');
    await userEvent.click(accept);
    expect(await screen.findByText('Tick the box to confirm that you understand the risk.')).toBeTruthy();
    expect(api.acceptRisk).not.toHaveBeenCalled();
    const box = screen.getByRole('checkbox', { name: /I have read the risk warning/ });
    await waitFor(() => expect(document.activeElement).toBe(box));
    await userEvent.keyboard(' ');
    await userEvent.click(accept);
    const done = await screen.findByTestId('appr-accepted');
    expect(done.textContent).toContain(`You accepted the risk on ${formatDateTime('2026-12-02T11:00:00.000Z')} after the warning.`);
    expect(api.acceptRisk).toHaveBeenCalledTimes(1);
  });

  it('a demo account needs nothing; a failed read offers Try again', async () => {
    api.getAppropriateness.mockRejectedValueOnce({ kind: 'network' }).mockResolvedValueOnce({ ...base, state: 'not_required', questions: [] });
    page();
    const failedRead = await screen.findByTestId('appr-load-failed');
    expect(failedRead.textContent).toContain('We could not load the questionnaire.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('appr-not-required')).textContent).toContain('demo account');
  });
});
