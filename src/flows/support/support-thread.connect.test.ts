import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom, type StateValue } from 'xstate';
import type { TicketThread } from '../../../core/contract/support';
import { msg } from '../../../core/message';
import { ticketThreadMachine } from '../../../machines/ticket-thread/ticket-thread.machine';
import { connectTicketThread } from './support-thread.connect';
import { statusText, textParts } from './support-text';

const thread = (statusId: 1 | 2 | 3 = 1): TicketThread => ({
  ticket: { id: 't-1', subject: 'Stuck payment', status: 'Open', status_id: statusId, department: '27', priority: '1', activity: '2026-11-25T10:00:00.000Z', created_at: '2026-11-25T10:00:00.000Z', unread: false, about: null },
  messages: [
    { id: 'm-1', author: 'trader', name: 'T', content: 'See https://example.com/x. Thanks', created_at: '2026-11-25T10:00:00.000Z', attachments: [{ id: 'a-1', name: 'receipt.png', mime: 'image/png', size: 2048 }] },
    { id: 'm-2', author: 'agent', name: 'Anna', content: '<b>not html</b> javascript:alert(1)', created_at: '2026-11-25T11:00:00.000Z', attachments: [] },
  ],
});

function threadIn(value: StateValue, context: object): SnapshotFrom<typeof ticketThreadMachine> {
  const initial = createActor(ticketThreadMachine, { input: { id: 't-1', keySeed: 'seed0001' } }).getSnapshot();
  return ticketThreadMachine.resolveState({ value, context: { ...initial.context, ...context } });
}
const ready = (reply = 'editing', close = 'idle', sync = 'idle') => ({ ready: { reply, close, sync } });

describe('textParts', () => {
  it('makes http and https addresses links and leaves everything else text (trailing punctuation outside)', () => {
    expect(textParts('See https://example.com/x. Thanks')).toEqual([{ text: 'See ' }, { text: 'https://example.com/x', href: 'https://example.com/x' }, { text: '. Thanks' }]);
    expect(textParts('javascript:alert(1) <a href="x">')).toEqual([{ text: 'javascript:alert(1) <a href="x">' }]);
    expect(textParts('ftp://x.org and http://a.b/c?d=1')).toEqual([{ text: 'ftp://x.org and ' }, { text: 'http://a.b/c?d=1', href: 'http://a.b/c?d=1' }]);
    expect(textParts('')).toEqual([]);
  });

  it('names the status by status_id', () => {
    expect(statusText(1)).toEqual(msg('support.status.1'));
    expect(statusText(3)).toEqual(msg('support.status.3'));
  });
});

describe('connectTicketThread', () => {
  it('loading and failed say so; retry sends retry', () => {
    expect(connectTicketThread(threadIn('loading', {}), vi.fn())).toMatchObject({ loading: true, status: null, messages: [], canClose: false });
    const send = vi.fn();
    const failed = connectTicketThread(threadIn('failed', { error: msg('support.thread_error') }), send);
    expect(failed).toMatchObject({ failed: true, error: { key: 'support.thread_error' } });
    failed.retry();
    expect(send).toHaveBeenCalledWith({ type: 'retry' });
  });

  it('shows the trader and agent messages with times, text parts and owner-only attachment links', () => {
    const api = connectTicketThread(threadIn(ready(), { thread: thread() }), vi.fn());
    expect(api.subject).toBe('Stuck payment');
    expect(api.status).toEqual(msg('support.status.1'));
    expect(api.messages.map((m) => [m.id, m.mine, m.time])).toEqual([
      ['m-1', true, '2026-11-25T10:00:00.000Z'],
      ['m-2', false, '2026-11-25T11:00:00.000Z'],
    ]);
    expect(api.messages[0].attachments).toEqual([{ id: 'a-1', name: 'receipt.png', size: '2 KB', href: '/api/kayako/att?id=t-1&pid=a-1' }]);
    expect(api.messages[1].parts).toEqual([{ text: '<b>not html</b> javascript:alert(1)' }]);
    expect(api).toMatchObject({ canClose: true, closed: false, asking: false, canAttach: true, max: 3 });
  });

  it('a closed ticket cannot be closed again but can be replied to; the question and the close error', () => {
    expect(connectTicketThread(threadIn(ready(), { thread: thread(3) }), vi.fn())).toMatchObject({ closed: true, canClose: false });
    const send = vi.fn();
    const asking = connectTicketThread(threadIn(ready('editing', 'confirming'), { thread: thread() }), send);
    expect(asking).toMatchObject({ asking: true, canClose: false });
    asking.yes();
    asking.no();
    expect(send.mock.calls.map((c) => c[0].type)).toEqual(['close.yes', 'close.no']);
    const failed = connectTicketThread(threadIn(ready(), { thread: thread(), closeError: msg('support.close_error') }), vi.fn());
    expect(failed.closeError).toEqual(msg('support.close_error'));
  });

  it('a failed reply keeps the text and offers the retry; sending and reopened', () => {
    const send = vi.fn();
    const failed = connectTicketThread(threadIn(ready('failed'), { thread: thread(), draft: 'Any news?', replyError: msg('support.reply_error') }), send);
    expect(failed).toMatchObject({ draft: 'Any news?', canRetryReply: true, replyError: { key: 'support.reply_error' } });
    failed.retryReply();
    failed.change('More');
    failed.submit();
    expect(send.mock.calls.map((c) => c[0])).toEqual([{ type: 'reply.retry' }, { type: 'reply.change', value: 'More' }, { type: 'reply.submit' }]);
    expect(connectTicketThread(threadIn(ready('sending'), { thread: thread() }), vi.fn())).toMatchObject({ sending: true, canAttach: false });
    expect(connectTicketThread(threadIn(ready(), { thread: thread(), reopened: true }), vi.fn()).reopened).toEqual(msg('support.reopened'));
  });

  it('attachments: the staged list, the limit, choose and remove', () => {
    const send = vi.fn();
    const attachments = [{ slot: 'reply.attachment.0', name: 'a.png', id: 'a-1' }, { slot: 'reply.attachment.1', name: 'b.png', id: null }];
    const api = connectTicketThread(threadIn(ready(), { thread: thread(), attachments, maxAttachments: 2, notice: msg('support.attachments_max', undefined, { max: 2 }) }), send);
    expect(api).toMatchObject({ attachments, canAttach: false, notice: { key: 'support.attachments_max' } });
    api.remove('reply.attachment.1');
    api.choose([]);
    expect(send.mock.calls.map((c) => c[0])).toEqual([{ type: 'attachment.remove', slot: 'reply.attachment.1' }, { type: 'attachments.chosen', files: [] }]);
  });
});

describe('ticketThread machine with its actors', () => {
  const wait = () => new Promise((r) => setTimeout(r, 0));

  it('keeps the idempotency key across a retry (the same submit twice is one reply), a new key after a success; a reply to a closed ticket reopens it', async () => {
    const keys: string[] = [];
    let fail = true;
    const changed = vi.fn();
    const actor = createActor(
      ticketThreadMachine.provide({
        actors: {
          show: fromPromise(async () => thread(3)),
          reply: fromPromise(async ({ input }) => {
            keys.push(input.key);
            if (fail) throw { kind: 'network' };
            return thread(1);
          }),
        },
        actions: { changed },
      }),
      { input: { id: 't-1', keySeed: 'seed0001' } },
    ).start();
    await wait();
    actor.send({ type: 'reply.submit' });
    expect(actor.getSnapshot().context.replyError).toEqual(msg('support.content_required'));
    actor.send({ type: 'reply.change', value: 'x'.repeat(5001) });
    actor.send({ type: 'reply.submit' });
    expect(actor.getSnapshot().context.replyError?.key).toBe('support.content_too_long');
    actor.send({ type: 'reply.change', value: 'Please reopen' });
    actor.send({ type: 'reply.submit' });
    await wait();
    expect(actor.getSnapshot().matches({ ready: { reply: 'failed' } })).toBe(true);
    expect(actor.getSnapshot().context.draft).toBe('Please reopen');
    fail = false;
    actor.send({ type: 'reply.retry' });
    await wait();
    expect(keys).toEqual(['seed0001-r0', 'seed0001-r0']);
    expect(actor.getSnapshot().context).toMatchObject({ draft: '', reopened: true, replies: 1 });
    expect(changed).toHaveBeenCalledTimes(1);
    actor.send({ type: 'reply.change', value: 'Thanks' });
    actor.send({ type: 'reply.submit' });
    await wait();
    expect(keys[2]).toBe('seed0001-r1');
  });

  it('a reply edited after a failed send goes under a new key: the edit is never swallowed by a first send that did arrive', async () => {
    const sent: { key: string; content: string }[] = [];
    let fail = true;
    const actor = createActor(
      ticketThreadMachine.provide({
        actors: {
          show: fromPromise(async () => thread(1)),
          reply: fromPromise(async ({ input }) => {
            sent.push({ key: input.key, content: input.content });
            if (fail) throw { kind: 'network' };
            return thread(1);
          }),
        },
      }),
      { input: { id: 't-1', keySeed: 'seed0002' } },
    ).start();
    await wait();
    actor.send({ type: 'reply.change', value: 'First words' });
    actor.send({ type: 'reply.submit' });
    await wait();
    expect(actor.getSnapshot().matches({ ready: { reply: 'failed' } })).toBe(true);
    fail = false;
    actor.send({ type: 'reply.change', value: 'Better words' });
    actor.send({ type: 'reply.submit' });
    await wait();
    expect(sent).toEqual([
      { key: 'seed0002-r0', content: 'First words' },
      { key: 'seed0002-r1', content: 'Better words' },
    ]);
  });

  it('an attachment chosen starts an upload control child; the reply waits for it and carries its stored id', async () => {
    const bodies: unknown[] = [];
    const actor = createActor(
      ticketThreadMachine.provide({
        actors: { show: fromPromise(async () => thread()), reply: fromPromise(async ({ input }) => (bodies.push(input), thread())) },
      }),
      { input: { id: 't-1', keySeed: 'seed0001' } },
    ).start();
    await wait();
    actor.send({ type: 'attachments.chosen', files: [{ name: 'r.png', size: 10, type: 'image/png', data: null }] });
    const child = actor.getSnapshot().children['reply.attachment.0'];
    expect((child?.getSnapshot() as { value?: unknown } | undefined)?.value).toBe('uploading');
    actor.send({ type: 'reply.change', value: 'With a file' });
    actor.send({ type: 'reply.submit' });
    expect(actor.getSnapshot().context.replyError).toEqual(msg('support.attachments_pending'));
    actor.send({ type: 'attachment.stored', slot: 'reply.attachment.0', id: 'doc-1' });
    actor.send({ type: 'reply.submit' });
    await wait();
    expect(bodies).toEqual([{ ticket: 't-1', content: 'With a file', key: 'seed0001-r0', attachments: ['doc-1'] }]);
    expect(actor.getSnapshot().children['reply.attachment.0']).toBeUndefined();
  });
});
