import { assign, fromPromise, setup } from 'xstate';
import { failureMsg } from '../../core/failure';
import { notProvided } from '../shared/not-provided';
import type { ChatConnection, ChatContext, ChatEvent, ChatInput, ChatSize } from './chat.types';

/** spec 001 §9: the chat opens by itself once per browser, 400 ms after the page */
export const CHAT_AUTO_OPEN_MS = 400;
/** spec 002 §9: minimum height 582 px; maximum height 73% of the page width (16:9) */
export const CHAT_MIN_HEIGHT_PX = 582;
export const CHAT_MAX_HEIGHT_OF_WIDTH = 0.73;

/**
 * The panel's height in pixels: normal is the minimum; maximised grows to 73% of the page width,
 * never below the minimum and never taller than the window (less a margin). A window lower than
 * the minimum gets the window's height (phones).
 */
export function chatPanelHeight(size: ChatSize, page: { width: number; height: number }, margin = 16): number {
  const room = Math.max(0, page.height - margin * 2);
  const wanted = size === 'maximised' ? Math.max(CHAT_MIN_HEIGHT_PX, Math.round(page.width * CHAT_MAX_HEIGHT_OF_WIDTH)) : CHAT_MIN_HEIGHT_PX;
  return Math.min(wanted, room);
}

/**
 * The chat panel (spec 001 §4, §6, §9; 002 §4, §9): closed, open (normal or maximised) and
 * minimised; it opens by itself once per browser after 400 ms (the flag is kept by the provided
 * `markAutoOpened`); settings hide it on some pages; the first opening fetches the token from
 * /api/chat/token (a visitor gets none and chats as a guest).
 */
export const chatMachine = setup({
  types: {} as { context: ChatContext; events: ChatEvent; input: ChatInput },
  actors: {
    loadConnection: fromPromise<ChatConnection>(notProvided('loadConnection')),
  },
  actions: {
    /** app effect: remembers in this browser that the chat opened by itself */
    markAutoOpened: () => {},
  },
  guards: {
    isHidden: (_, params: { hidden: boolean }) => params.hidden,
    isShown: (_, params: { hidden: boolean }) => !params.hidden,
    wasMaximised: ({ context }) => context.size === 'maximised',
    mayAutoOpen: ({ context }) => !context.autoOpened,
    isConnected: ({ context }) => context.connection !== null,
  },
  delays: {
    autoOpenDelay: CHAT_AUTO_OPEN_MS,
  },
}).createMachine({
  id: 'chat',
  context: ({ input }) => ({ autoOpened: input.autoOpened, hidden: input.hidden, connection: null, size: 'normal', error: null }),
  initial: 'boot',
  on: {
    'chat.path': [
      { guard: { type: 'isHidden', params: ({ event }) => event }, target: '.hidden', meta: { spec: ['001 §4.14'] }, actions: assign({ hidden: true }) },
      { actions: assign({ hidden: false }) },
    ],
  },
  states: {
    boot: {
      always: [{ guard: { type: 'isHidden', params: ({ context }) => context }, target: 'hidden', meta: { spec: ['001 §4.14'] } }, { target: 'closed' }],
    },
    /** settings hide the chat on this page */
    hidden: {
      on: { 'chat.path': { guard: { type: 'isShown', params: ({ event }) => event }, target: 'closed', actions: assign({ hidden: false }) } },
    },
    closed: {
      after: {
        autoOpenDelay: { guard: 'mayAutoOpen', target: 'open', meta: { spec: ['001 §4.13', '001 §9.14'] }, actions: [assign({ autoOpened: true }), 'markAutoOpened'] },
      },
      on: { 'chat.open': { target: 'open', meta: { spec: ['001 §4.13', '002 §4.25'] } } },
    },
    minimised: {
      on: {
        'chat.open': { target: 'open', meta: { spec: ['002 §4.25'] } },
        'chat.close': { target: 'closed', meta: { spec: ['002 §4.25'] } },
      },
    },
    open: {
      type: 'parallel',
      on: {
        'chat.close': { target: 'closed', meta: { spec: ['002 §4.25'] } },
        'chat.minimise': { target: 'minimised', meta: { spec: ['002 §4.25'] } },
      },
      states: {
        connection: {
          initial: 'checking',
          states: {
            checking: { always: [{ guard: 'isConnected', target: 'ready' }, { target: 'connecting' }] },
            connecting: {
              invoke: {
                src: 'loadConnection',
                onDone: { target: 'ready', actions: assign(({ event }) => ({ connection: event.output, error: null })) },
                onError: { target: 'failed', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'chat.unavailable') })) },
              },
            },
            ready: {},
            failed: { on: { 'chat.retry': 'connecting' } },
          },
        },
        size: {
          initial: 'remembered',
          states: {
            remembered: { always: [{ guard: 'wasMaximised', target: 'maximised' }, { target: 'normal' }] },
            normal: { entry: assign({ size: 'normal' as ChatSize }), on: { 'chat.maximise': { target: 'maximised', meta: { spec: ['002 §4.25'] } } } },
            maximised: { entry: assign({ size: 'maximised' as ChatSize }), on: { 'chat.restore': { target: 'normal', meta: { spec: ['002 §4.25'] } } } },
          },
        },
      },
    },
  },
});
