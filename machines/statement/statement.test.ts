import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { STATEMENT_RULES } from '../../core/statement';
import { statementMachine } from './statement.machine';
import { statementFile, statementRequests } from './statement.model';
import type { StatementEvent, StatementRequest } from './statement.types';

const DAY = 86_400_000;

/** What the model does not see: the range rule at its bound, what the effects are given, a retry asking the same. */
function start() {
  const asked: StatementRequest[] = [];
  const saves: { name: string; url: string }[] = [];
  const releases: (string | null)[] = [];
  let back: (event: StatementEvent) => void = () => {};
  const actor = createActor(
    statementMachine.provide({
      actors: {
        download: fromCallback<StatementEvent, StatementRequest>(({ input, sendBack }) => {
          asked.push(input);
          back = sendBack;
          return () => {};
        }),
      },
      actions: {
        save: (_, params) => saves.push(params),
        release: ({ context }) => releases.push(context.file?.url ?? null),
      },
    }),
  ).start();
  return { actor, asked, saves, releases, back: (event: StatementEvent) => back(event) };
}

describe('statement', () => {
  it('asks for the longest range the rules allow, and refuses one millisecond more with the rule’s days', () => {
    const { actor, asked } = start();
    const from = statementRequests.csv.from;
    actor.send({ type: 'statement.download', format: 'csv', from, to: from + STATEMENT_RULES.maxDays * DAY + 3_600_000, lang: 'en' });
    expect(actor.getSnapshot().value).toEqual({ waiting: 'invalid' });
    expect(actor.getSnapshot().context).toMatchObject({ error: { key: 'statement.range_too_long', params: { days: 366 } }, answers: 1, request: null });
    actor.send({ type: 'statement.download', format: 'csv', from, to: from + STATEMENT_RULES.maxDays * DAY - 1, lang: 'en' });
    expect(actor.getSnapshot().value).toBe('preparing');
    expect(asked).toEqual([{ format: 'csv', from, to: from + STATEMENT_RULES.maxDays * DAY - 1, lang: 'en' }]);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('a backwards range is its own refusal', () => {
    const { actor } = start();
    actor.send({ type: 'statement.download', ...statementRequests.backwards });
    expect(actor.getSnapshot().context.error).toEqual({ key: 'statement.range_backwards', params: { days: 366 } });
  });

  it('saves the file made with its name and URL, lets it go when the next is asked, and a retry asks the same request', () => {
    const { actor, asked, saves, releases, back } = start();
    actor.send({ type: 'statement.download', ...statementRequests.csv });
    back({ type: 'statement.progress', received: 10, total: null });
    expect(actor.getSnapshot().context).toMatchObject({ received: 10, total: null });
    back({ type: 'statement.ready', file: statementFile });
    expect(saves).toEqual([{ name: statementFile.name, url: statementFile.url }]);
    expect(actor.getSnapshot().context).toMatchObject({ file: statementFile, received: statementFile.bytes, answers: 1 });
    actor.send({ type: 'statement.download', ...statementRequests.pdf });
    expect(releases).toEqual([null, statementFile.url]);
    expect(actor.getSnapshot().context).toMatchObject({ file: null, received: 0, total: null, request: statementRequests.pdf });
    back({ type: 'statement.failed', error: { kind: 'network' } });
    expect(actor.getSnapshot().context).toMatchObject({ error: { key: 'statement.failed' }, answers: 2 });
    actor.send({ type: 'statement.retry' });
    expect(asked).toEqual([statementRequests.csv, statementRequests.pdf, statementRequests.pdf]);
    expect(actor.getSnapshot().context.error).toBeNull();
    // not asked twice at once: a download while one comes is not heard
    actor.send({ type: 'statement.download', ...statementRequests.csv });
    expect(asked).toHaveLength(3);
  });
});
