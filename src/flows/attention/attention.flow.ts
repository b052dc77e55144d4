import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { createActor, type ActorRefFrom } from 'xstate';
import { attentionMachine } from '../../../machines/attention/attention.machine';
import type { AttentionEmitted, AttentionRequest } from '../../../machines/attention/attention.types';
import type { ModalRequest } from '../../../machines/modal/modal.types';
import type { Msg } from '../../../core/message';
import type { Toast } from '../../../machines/toast/toast.types';
import { modalActor, nextId, selectUser, sessionActor, showToast } from '../shell/app.flow';
import { inspect } from '../shared/inspector';

/**
 * The attention arbiter's effects (rules in docs/attention.md): one actor per page that
 * every interruption asks before it shows. Features request and release; the arbiter grants.
 */

/** the arbiter's clock: the browser's, unless a test hands another in (the machine never reads a clock) */
let clock: () => number = () => Date.now();
export function setAttentionClock(now: () => number): void {
  clock = now;
}

/** the trader's calendar day in the browser's zone, e.g. "2026-11-28" */
export function dayOf(at: number): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** where this browser keeps, per trader, the day each promotion was last closed ("Not now" holds across sign-ins) */
export const seenKey = (userId: string): string => `attention.seen.${userId}`;

export function readSeen(userId: string): Record<string, string> {
  try {
    const stored = JSON.parse(localStorage.getItem(seenKey(userId)) ?? '{}') as unknown;
    if (!stored || typeof stored !== 'object') return {};
    return Object.fromEntries(Object.entries(stored).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

function keepSeen(userId: string, id: string, day: string): void {
  try {
    localStorage.setItem(seenKey(userId), JSON.stringify({ ...readSeen(userId), [id]: day }));
  } catch {
    // storage refused (private mode): at most once a visit still holds
  }
}

/** this browser already saw the chat open by itself (spec 001 §4: once per browser); the chat's own key */
export const CHAT_AUTO_OPENED_KEY = 'chat.autoOpened';

export function chatAutoOpened(): boolean {
  try {
    return localStorage.getItem(CHAT_AUTO_OPENED_KEY) === '1';
  } catch {
    return false;
  }
}

/** the page a money result belongs to: the hash route without its query ("show/funding") */
export const pageOf = (hash: string): string => hash.replace(/^#\/?/, '').split('?')[0] || 'home';

const userIdNow = (): string => selectUser(sessionActor.getSnapshot())?.userId ?? 'visitor';

export function attentionFlow(userId: string) {
  return attentionMachine.provide({
    actions: {
      keepSeen: ({ context }) => {
        if (context.shown) keepSeen(userId, context.shown.id, context.today);
      },
      keepChatOpened: () => {
        try {
          localStorage.setItem(CHAT_AUTO_OPENED_KEY, '1');
        } catch {
          // private mode: it may open by itself again next time
        }
      },
    },
  });
}

export type AttentionActor = ActorRefFrom<ReturnType<typeof attentionFlow>>;

let actor: AttentionActor | null = null;

/**
 * The page's arbiter, made on first use (features ask only once the trader is known, so the
 * trader's own memory of promotions is read); a hash route change tells it the page was left.
 */
export function attentionActor(): AttentionActor {
  if (actor) return actor;
  const userId = userIdNow();
  const created = createActor(attentionFlow(userId), { input: { today: dayOf(clock()), seen: readSeen(userId), chatAutoOpened: chatAutoOpened() }, inspect });
  created.start();
  actor = created;
  const onHash = () => created.send({ type: 'attention.leave', page: pageOf(window.location.hash) });
  window.addEventListener('hashchange', onHash);
  created.subscribe({ complete: () => window.removeEventListener('hashchange', onHash) });
  return created;
}

/** A new visit: the next use makes a fresh arbiter (the trader's memory is read again). Tests start each case so. */
export function newVisit(): void {
  actor?.stop();
  actor = null;
}

export const requestAttention = (request: AttentionRequest): void => attentionActor().send({ type: 'attention.request', request });
export const releaseAttention = (id: string): void => attentionActor().send({ type: 'attention.release', id });

/** A money flow tells the arbiter it started (nothing interrupts it) and ended (what waited may show). */
export const moneyBusy = (flow: string): void => attentionActor().send({ type: 'attention.busy', flow });
export const moneyIdle = (flow: string): void => attentionActor().send({ type: 'attention.idle', flow });

/** Calls back when the arbiter answers the request `id`; returns the stop. */
export function onAnswer(id: string, answer: Partial<Record<AttentionEmitted['type'], () => void>>): () => void {
  const a = attentionActor();
  const subs = (Object.keys(answer) as AttentionEmitted['type'][]).map((type) =>
    a.on(type, (event) => {
      if (event.id === id) answer[type]!();
    }),
  );
  return () => subs.forEach((s) => s.unsubscribe());
}

/**
 * A toast nobody's click asked for (a pushed event: a document reviewed): it waits while a money
 * flow runs and shows when the flow ends. Feedback on the trader's own action (copied, saved) is
 * not an interruption and uses `showToast` directly.
 */
export function requestToast(text: Msg, kind: Toast['kind'] = 'info'): void {
  const id = nextId('pushed-toast');
  const stop = onAnswer(id, {
    'attention.granted': () => {
      stop();
      showToast(text, kind);
    },
  });
  requestAttention({ id, kind: 'toast', priority: 'toast' });
}

/**
 * Asks for a modal of the modal manager: it opens when granted, the arbiter is told when it closes,
 * and it closes when the arbiter takes it back (a mandatory step came, its page was left).
 * Resolves with whether it was shown.
 */
export function requestModal(request: AttentionRequest, modal: ModalRequest): Promise<boolean> {
  return new Promise((resolve) => {
    const closed = modalActor.on('modal.closed', (event) => {
      if (event.id !== modal.id) return;
      closed.unsubscribe();
      releaseAttention(request.id);
    });
    const stop = onAnswer(request.id, {
      'attention.granted': () => {
        modalActor.send({ type: 'modal.open', request: modal });
        resolve(true);
      },
      'attention.refused': () => {
        stop();
        closed.unsubscribe();
        resolve(false);
      },
      'attention.withdrawn': () => {
        if (modalActor.getSnapshot().context.current?.id === modal.id) modalActor.send({ type: 'modal.close' });
      },
    });
    requestAttention(request);
  });
}

/**
 * A view's interruption: asked for while `wanted`, released when no longer wanted (or unmounted).
 * Returns whether it may show now: render only when this is true.
 */
export function useAttention(request: AttentionRequest, wanted: boolean): boolean {
  const [arbiter] = useState(attentionActor);
  const { id } = request;
  useEffect(() => {
    if (!wanted) return;
    arbiter.send({ type: 'attention.request', request });
    return () => arbiter.send({ type: 'attention.release', id });
    // the request is identified by its id
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [arbiter, id, wanted]);
  return useSelector(arbiter, (s) => s.context.shown?.id === id) && wanted;
}

/** A money flow's view reports `busy` while the flow runs: nothing interrupts it. */
export function useMoneyFlow(flow: string, busy: boolean): void {
  const [arbiter] = useState(attentionActor);
  useEffect(() => {
    if (!busy) return;
    arbiter.send({ type: 'attention.busy', flow });
    return () => arbiter.send({ type: 'attention.idle', flow });
  }, [arbiter, flow, busy]);
}
