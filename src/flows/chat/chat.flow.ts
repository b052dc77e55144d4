import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { chatMachine } from '../../../machines/chat/chat.machine';
import { tipsMachine } from '../../../machines/tips/tips.machine';
import { chatToken, sendTip } from '../../api/chat';
import { sessionActor } from '../shell/app.flow';
import { useSessionPick } from '../session/session.hooks';
import { connectChat, connectTips, type ChatFocus } from './chat.connect';
import { CHAT_AUTO_OPENED_KEY, chatAutoOpened, onAnswer, requestAttention } from '../attention/attention.flow';
import { chatHiddenOn } from './chat-launcher.hooks';
import { inspect } from '../shared/inspector';

// the once-per-browser memory is the attention arbiter's (it opens the chat by itself, src/flows/attention/attention.flow.ts)
export { CHAT_AUTO_OPENED_KEY, chatAutoOpened };
// the settings' hidden paths: in the launcher's small module, which the public pages load without the chat
export { chatHiddenOn };

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
    // a confirmed tip (over 40) carries the confirmed amount: the server refuses it without
    sendTip: fromPromise(async ({ input }) => sendTip({ value: input.value, host: input.host, key: tipKey(), ...(input.confirm && { confirm: input.confirm }) })),
  },
  actions: {
    balanceChanged: () => sessionActor.send({ type: 'user.update' }),
  },
});

const NO_PATHS: string[] = [];
/** the page path plus the hash route, as the settings' chatHiddenPaths name them */
const here = () => window.location.pathname + window.location.hash;
/**
 * From this width the open chat takes its own column beside the page (nothing is covered; opened
 * by itself it is there from the first paint, opened by the trader the page reflows under their
 * click); below it the chat never opens by itself, it waits as the launcher in the header
 * (and the once is not used up), and a trader who opens it on a phone gets a bottom sheet.
 */
export const CHAT_COLUMN_MIN_WIDTH = 1280;

/**
 * Whether the window is wide enough for the chat's column, asked of the media query: reading
 * `innerWidth` in a layout effect forces a layout of the whole page there (113 ms with a phone's
 * CPU, measured on the funding page); a runtime without matchMedia (jsdom) reads the width.
 */
function columnFits(): boolean {
  if (typeof window.matchMedia === 'function') return window.matchMedia(`(min-width: ${CHAT_COLUMN_MIN_WIDTH}px)`).matches;
  return window.innerWidth >= CHAT_COLUMN_MIN_WIDTH;
}

const CHAT_ATTENTION = { id: 'chat', kind: 'chat', priority: 'chat' } as const;

/**
 * The chat of the trading shell: started from the settings' hidden paths, following the hash
 * route. It never opens itself: on a wide screen it asks the attention arbiter once per browser
 * (spec 001 §4), which opens it at once, as a column in the page's first paint: it covers nothing,
 * and nothing moves later to make room for it (docs/attention.md, rule 6).
 *
 * `visitor`: the chat of the public pages, login and register (spec 001 §6: a visitor chats without
 * a token). It is mounted by the visitor's click on the launcher, so it opens at once, and it never
 * asks the arbiter: it does not open by itself there, where it would cover the form
 * (docs/attention.md), and the once per browser is kept for the trading page.
 */
export function useChat({ visitor = false }: { visitor?: boolean } = {}) {
  const hiddenPaths = useSessionPick((s) => s.settings?.chatHiddenPaths ?? NO_PATHS);
  const actor = useActorRef(chatFlow, { input: { autoOpened: true, hidden: chatHiddenOn(here(), hiddenPaths) }, inspect });
  useEffect(() => {
    const onMove = () => actor.send({ type: 'chat.path', hidden: chatHiddenOn(here(), hiddenPaths) });
    onMove();
    window.addEventListener('hashchange', onMove);
    return () => window.removeEventListener('hashchange', onMove);
  }, [actor, hiddenPaths]);
  // Opening by itself, the column is in the same paint as the page beside it (asked after the
  // paint, it would move the page under the pointer): the arbiter is asked in a layout effect and
  // answers at once, and `opening` (set there, so React renders again before the paint) keeps the
  // column's room until the actor, started only in a passive effect, has taken `chat.open`.
  const [opening, setOpening] = useState(false);
  useLayoutEffect(() => {
    if (visitor) {
      actor.send({ type: 'chat.open' });
      return;
    }
    if (chatAutoOpened() || !columnFits()) return;
    const stop = onAnswer(CHAT_ATTENTION.id, {
      'attention.granted': () => {
        setOpening(true);
        actor.send({ type: 'chat.open' });
      },
    });
    requestAttention(CHAT_ATTENTION);
    return stop;
  }, [actor, visitor]);
  // the visitor's panel is mounted by their click: the focus goes into it as it opens
  const [focus, setFocus] = useState<ChatFocus>(() => ({ to: visitor ? 'panel' : null, n: 0 }));
  const moveFocus = useCallback((to: 'panel' | 'launcher') => setFocus((f) => ({ to, n: f.n + 1 })), []);
  const snapshot = useSelector(actor, (s) => s);
  if (opening && !snapshot.matches('closed')) setOpening(false);
  const api = connectChat(snapshot, actor.send, focus, moveFocus);
  // hidden by the settings on a page: the launcher that comes back elsewhere does not take the focus
  const [wasHidden, setWasHidden] = useState(api.hidden);
  if (api.hidden !== wasHidden) {
    setWasHidden(api.hidden);
    if (api.hidden && focus.to === 'launcher') setFocus({ to: null, n: focus.n });
  }
  const page = useWindowSize();
  // open at its normal size on a wide screen: its own column, the page beside it reflows (nothing
  // covered); opening by itself, its room is kept from the first paint, before the actor has started
  const column = !api.hidden && (opening || (!api.closed && !api.minimised && api.size === 'normal')) && page.width >= CHAT_COLUMN_MIN_WIDTH;
  return {
    ...api,
    /** the open panel is a column beside the page (the body's `with-chat-column`), not over it */
    column,
    /** the floating panel's height on this window */
    panelHeight: api.height(page),
  };
}

/** The window's size, followed on resize (the chat panel's height depends on it). */
function useWindowSize() {
  const [size, setSize] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }));
  useEffect(() => {
    const onResize = () => setSize({ width: window.innerWidth, height: window.innerHeight });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}

/** Tips to the chat's host, taken from the current account (its currency names the amounts). */
export function useTips(hostId: string, lang = 'en') {
  const currency = useSessionPick((s) => s.currency);
  const actor = useActorRef(tipsFlow, { input: { host: hostId }, inspect });
  return { ...connectTips(useSelector(actor, (s) => s), actor.send, currency, lang), currency };
}
