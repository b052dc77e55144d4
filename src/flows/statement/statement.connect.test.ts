import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { statementMachine } from '../../../machines/statement/statement.machine';
import { statementFile, statementRequests } from '../../../machines/statement/statement.model';
import type { StatementEvent, StatementRequest } from '../../../machines/statement/statement.types';
import { connectStatement, type StatementRange } from './statement.connect';

const RANGE: StatementRange = { from: statementRequests.csv.from, to: statementRequests.csv.to };

/** the machine with a download the test drives: `back` sends what the real one would */
function start(range: StatementRange | null = RANGE, lang = 'en') {
  const asked: StatementRequest[] = [];
  const saved: string[] = [];
  const released: string[] = [];
  let back: (event: StatementEvent) => void = () => {};
  let aborted = 0;
  const machine = statementMachine.provide({
    actors: {
      download: fromCallback<StatementEvent, StatementRequest>(({ input, sendBack }) => {
        asked.push(input);
        back = sendBack;
        return () => {
          aborted += 1;
        };
      }),
    },
    actions: {
      save: (_, { name }) => saved.push(name),
      release: ({ context }) => {
        if (context.file) released.push(context.file.url);
      },
    },
  });
  const actor = createActor(machine).start();
  const view = () => connectStatement(actor.getSnapshot(), actor.send, { range, lang });
  return { actor, view, asked, saved, released, back: (event: StatementEvent) => back(event), aborted: () => aborted };
}

describe('connectStatement', () => {
  it('offers CSV and PDF for the page’s range, read with the line that says what it covers; nothing before the page has a range', () => {
    const { view } = start();
    expect(view().range).toEqual({ from: expect.stringMatching(/^\d\d\.\d\d\.2026$/), to: expect.stringMatching(/^\d\d\.\d\d\.2026$/) });
    expect(view().getDownloadProps('csv')).toMatchObject({ type: 'button', disabled: undefined, 'aria-describedby': 'statement-hint' });
    expect(view().getRegionProps()).toEqual({ 'aria-labelledby': 'statement-title', 'aria-busy': undefined });
    const none = start(null);
    expect(none.view().range).toBeNull();
    expect(none.view().getDownloadProps('pdf').disabled).toBe(true);
    none.view().getDownloadProps('pdf').onClick();
    expect(none.asked).toEqual([]);
  });

  it('asks for the range in the page’s language, shows its progress, then the saved file, which takes the focus', () => {
    const { view, asked, saved, back } = start(RANGE, 'ru');
    view().getDownloadProps('pdf').onClick();
    expect(asked).toEqual([{ format: 'pdf', from: RANGE.from, to: RANGE.to, lang: 'ru' }]);
    expect(view().preparing).toBe(true);
    expect(view().getDownloadProps('csv').disabled).toBe(true);
    expect(view().getRegionProps()['aria-busy']).toBe(true);
    expect(view().progress).toEqual({ started: false, percent: null, kb: '1' });
    expect(view().getProgressProps()).toEqual({ id: 'statement-progress', max: 100, value: undefined });
    back({ type: 'statement.progress', received: 3 * 1024 * 1024, total: 4 * 1024 * 1024 });
    expect(view().progress).toEqual({ started: true, percent: 75, kb: '3\u00a0072' });
    expect(view().getProgressProps().value).toBe(75);
    back({ type: 'statement.ready', file: { ...statementFile, bytes: 2_500 } });
    expect(saved).toEqual([statementFile.name]);
    expect(view().progress).toBeNull();
    expect(view().file).toEqual({ name: statementFile.name, kb: '3' });
    expect(view().getFileLinkProps()).toEqual({ href: statementFile.url, download: statementFile.name });
    expect(view().getStatusProps()).toMatchObject({ role: 'status', 'data-focus-on': 'statement-1' });
    expect(view().error).toBeNull();
  });

  it('a new statement lets the last file go; Cancel stops the download', () => {
    const { view, back, released, aborted } = start();
    view().getDownloadProps('csv').onClick();
    back({ type: 'statement.ready', file: statementFile });
    view().getDownloadProps('pdf').onClick();
    expect(released).toEqual([statementFile.url]);
    expect(view().file).toBeNull();
    view().getCancelProps().onClick();
    expect(aborted()).toBe(2);
    expect(view().preparing).toBe(false);
    expect(view().getDownloadProps('pdf').disabled).toBeUndefined();
  });

  it('a range the rules refuse is said at once as an alert, with the longest range in the language’s digits, and nothing is asked', () => {
    const { actor, view, asked } = start({ from: statementRequests.tooLong.from, to: statementRequests.tooLong.to });
    view().getDownloadProps('csv').onClick();
    expect(asked).toEqual([]);
    expect(actor.getSnapshot().matches({ waiting: 'invalid' })).toBe(true);
    expect(view().error).toEqual({ key: 'statement.range_too_long', params: { days: '366' } });
    expect(view().getErrorProps()).toMatchObject({ role: 'alert', 'data-focus-on': 'statement-1' });
    expect(view().retryable).toBe(false);
  });

  it('a failure says the server’s reason (counts in the language’s digits) with Try again, which asks the same again', () => {
    const { view, back, asked } = start(RANGE, 'ru');
    view().getDownloadProps('csv').onClick();
    back({ type: 'statement.failed', error: { kind: 'http', status: 400, error: 'statement.too_many_rows', message: 'Too many.', params: { max: '10000' } } });
    expect(view().error).toEqual({ key: 'statement.too_many_rows', fallback: 'Too many.', params: { max: '10\u00a0000' } });
    expect(view().retryable).toBe(true);
    view().getRetryProps().onClick();
    expect(asked).toHaveLength(2);
    expect(asked[1]).toEqual(asked[0]);
    expect(view().error).toBeNull();
    back({ type: 'statement.failed', error: { kind: 'network' } });
    expect(view().error).toEqual({ key: 'statement.failed' });
  });
});
