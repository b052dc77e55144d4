import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LiveContext, Moment } from '../../machines/explorer/live.types';
import { messages } from '../features/explorer/messages';
import { I18nProvider, registerMessages } from '../i18n';
import { en } from '../i18n/en';
import { LiveTimeline } from './LiveTimeline';

registerMessages(messages);

/** a chosen file as the browser gives it (jsdom's File has no `text()`, which every browser has) */
const chosen = (content: string, name: string): File => Object.assign(new File([content], name, { type: 'application/json' }), { text: async () => content });

const moment = (seq: number, time: number, value: string, machineId = 'cascade'): Moment => ({
  seq, time, key: 't/x:1', machineId, name: machineId || 'startProcessor', event: `e${seq}`, value, status: 'active', context: null, taken: [],
});
const ctx = (moments: Moment[], looked: number | null = null): LiveContext => ({ actors: {}, order: [], selected: null, timeline: moments, moment: looked });

function show(c: LiveContext) {
  const handlers = { onMoment: vi.fn(), onPresent: vi.fn(), onLoad: vi.fn(), onShare: vi.fn(async () => 'AAAAAAAAAAAAAAAAAAAAAA') };
  render(
    <I18nProvider lang="en" dict={en}>
      <LiveTimeline ctx={c} {...handlers} />
    </I18nProvider>,
  );
  return handlers;
}

describe('the live timeline (issue 34 §2)', () => {
  it('lists the moments in order with their offset, actor, event and state; one Tab stop, arrows between rows', () => {
    const { onMoment } = show(ctx([moment(1, 1_000, 'checking'), moment(2, 2_372, 'starting'), moment(3, 2_400, '', '')]));
    const rows = within(screen.getByTestId('live-timeline')).getAllByRole('button').filter((b) => b.dataset.seq);
    expect(rows.map((r) => r.textContent)).toEqual(['+0.000cascade · e1 → checking', '+1.372cascade · e2 → starting', '+1.400startProcessor · e3 → active']);
    // the newest is the list's Tab stop
    expect(rows.map((r) => r.tabIndex)).toEqual([-1, -1, 0]);
    rows[2].focus();
    fireEvent.keyDown(rows[2], { key: 'Home' });
    expect(document.activeElement).toBe(rows[0]);
    fireEvent.keyDown(rows[0], { key: 'ArrowDown' });
    expect(document.activeElement).toBe(rows[1]);
    fireEvent.keyDown(rows[1], { key: 'ArrowUp' });
    fireEvent.keyDown(rows[0], { key: 'ArrowUp' });
    expect(document.activeElement).toBe(rows[0]);
    fireEvent.click(rows[1]);
    expect(onMoment).toHaveBeenCalledWith(2);
  });

  it('a moment looked at is pressed and is the Tab stop; Back to the present', () => {
    const { onPresent } = show(ctx([moment(1, 1_000, 'checking'), moment(2, 1_500, 'starting')], 1));
    const [first, second] = within(screen.getByTestId('live-timeline')).getAllByRole('button').filter((b) => b.dataset.seq);
    expect(first.getAttribute('aria-pressed')).toBe('true');
    expect([first.tabIndex, second.tabIndex]).toEqual([0, -1]);
    fireEvent.click(screen.getByRole('button', { name: 'Back to the present' }));
    expect(onPresent).toHaveBeenCalled();
  });

  it('nothing to save before the first moment; a file that is not a session is refused with a message', async () => {
    for (const content of ['{"hello":1}', 'not json']) {
      cleanup();
      const { onLoad } = show(ctx([]));
      expect((screen.getByRole('button', { name: 'Save session' }) as HTMLButtonElement).disabled).toBe(true);
      expect(screen.queryByRole('alert')).toBeNull();
      fireEvent.change(screen.getByTestId('live-open'), { target: { files: [chosen(content, 'notes.json')] } });
      await waitFor(() => expect(screen.getByRole('alert').textContent, content).toMatch(/not a saved session/));
      expect(onLoad).not.toHaveBeenCalled();
    }
  });

  it('a saved session is opened', async () => {
    const { onLoad } = show(ctx([]));
    const saved = { kind: 'brokerage-live-session', version: 1, actors: {}, order: [], timeline: [moment(1, 5, 'checking')] };
    fireEvent.change(screen.getByTestId('live-open'), { target: { files: [chosen(JSON.stringify(saved), 'live-session.json')] } });
    await waitFor(() => expect(onLoad).toHaveBeenCalledWith(expect.objectContaining({ timeline: [expect.objectContaining({ seq: 1 })] })));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shares by link: the session is kept and its address is shown to copy; a failure is said', async () => {
    const { onShare } = show(ctx([moment(1, 5, 'checking')]));
    fireEvent.click(screen.getByRole('button', { name: 'Share link' }));
    const link = (await screen.findByLabelText('Link to this session (kept 30 days)')) as HTMLInputElement;
    expect(onShare).toHaveBeenCalledTimes(1);
    expect(link.value).toMatch(/#\/live\/shared\/AAAAAAAAAAAAAAAAAAAAAA$/);
    cleanup();
    const failing = { onMoment: vi.fn(), onPresent: vi.fn(), onLoad: vi.fn(), onShare: vi.fn(async () => Promise.reject(new Error('explorer.live.share_failed'))) };
    render(
      <I18nProvider lang="en" dict={en}>
        <LiveTimeline ctx={ctx([moment(1, 5, 'checking')])} {...failing} />
      </I18nProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Share link' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The session could not be kept or read. Try again.'));
  });
});
