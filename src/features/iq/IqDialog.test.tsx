import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { IqState } from '../../../core/contract/iq';

const iq = vi.hoisted(() => ({ startIq: vi.fn(), answerIq: vi.fn(), getLadder: vi.fn() }));
vi.mock('../../api/iq', () => iq);

const { IqDialog } = await import('./IqDialog');
const { I18nProvider } = await import('../../i18n');
const { en } = await import('../../i18n/en');

const texts = (value: string) => ({ en: value, ru: value });
const base = { iq_start: '2026-11-25T09:00:00.000Z', reward: { amount: '1.62', currency: 'USD' }, earnable: true, result: null };
const options = [{ id: 'a', text: texts('A') }, { id: 'b', text: texts('B') }];
const q1: IqState = { ...base, status: 'question', last: null, question: { n: 1, total: 5, text: texts('First question?'), options } };
const q2: IqState = {
  ...base,
  status: 'question',
  earnable: false,
  question: { n: 2, total: 5, text: texts('Second question?'), options },
  last: { n: 1, chosen: 'a', correct: false, right: 'b', rightText: texts('B'), explanation: texts('Because B.') },
};

describe('IqDialog focus', () => {
  it('the first question takes the focus when it shows, then the feedback on the answer (focus intent, no ref)', async () => {
    iq.startIq.mockResolvedValue(q1);
    iq.answerIq.mockResolvedValue(q2);
    render(
      <I18nProvider lang="en" dict={en}>
        <IqDialog onClose={() => {}} />
      </I18nProvider>,
    );
    await userEvent.click(screen.getByTestId('iq-start'));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('First question?'));
    await userEvent.click(screen.getAllByTestId('iq-option')[0]!);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('iq-feedback')));
    expect(screen.getByTestId('iq-question').getAttribute('data-n')).toBe('2');
  });
});
