import { fromPromise } from 'xstate';
import { chatMachine } from '../../machines/chat/chat.machine';
import { tipsMachine } from '../../machines/tips/tips.machine';
import { chatToken, sendTip } from '../api/chat';
import { sessionActor } from './app';

/** this browser already saw the chat open by itself (spec 001 §4: once per browser) */
export const CHAT_AUTO_OPENED_KEY = 'chat.autoOpened';

export function chatAutoOpened(): boolean {
  try {
    return localStorage.getItem(CHAT_AUTO_OPENED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Whether the settings hide the chat on `path` (the page path plus the hash route, e.g.
 * "/en/trading#/show/withdrawal"): an entry matches the path exactly or as a prefix ending in "*".
 */
export function chatHiddenOn(path: string, hiddenPaths: readonly string[]): boolean {
  const bare = path.replace(/^\/(en|ru)(?=\/)/, '');
  return hiddenPaths.some((p) => {
    const rule = p.trim();
    if (!rule) return false;
    if (rule.endsWith('*')) return path.startsWith(rule.slice(0, -1)) || bare.startsWith(rule.slice(0, -1));
    return path === rule || bare === rule;
  });
}

export const chatFlow = chatMachine.provide({
  actors: {
    loadConnection: fromPromise(async () => chatToken()),
  },
  actions: {
    markAutoOpened: () => {
      try {
        localStorage.setItem(CHAT_AUTO_OPENED_KEY, '1');
      } catch {
        // private mode: it may open by itself again next time
      }
    },
  },
});

/** a random idempotency key (getRandomValues works on plain http too, unlike randomUUID) */
function tipKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `tip-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export const tipsFlow = tipsMachine.provide({
  actors: {
    // one idempotency key per tip: a retried request cannot take the money twice
    // a confirmed tip (over 40) carries the confirmed amount: the server refuses it without (issue 11)
    sendTip: fromPromise(async ({ input }) => sendTip({ value: input.value, host: input.host, key: tipKey(), ...(input.confirm && { confirm: input.confirm }) })),
  },
  actions: {
    balanceChanged: () => sessionActor.send({ type: 'user.update' }),
  },
});
