import { assign, fromPromise, setup } from 'xstate';
import type { CurrentUser, ServerState, SessionContext, SessionEvent, SessionSnapshotData } from './session.types';

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} not provided`);
};

/** The current user and settings, loaded once per page; refreshed on user updates; logout. */
export const sessionMachine = setup({
  types: {} as { context: SessionContext; events: SessionEvent },
  actors: {
    loadSession: fromPromise<SessionSnapshotData>(notProvided('loadSession')),
    loadUser: fromPromise<CurrentUser | null>(notProvided('loadUser')),
    logout: fromPromise<void>(notProvided('logout')),
    /** GET /readyz read: 'starting' while the server says it is still preparing its database (migrations) */
    probeReady: fromPromise<ServerState>(notProvided('probeReady')),
  },
  actions: {
    /** app effect: go to /{lang}/login; it runs before the user is forgotten, so it can say why the session ended (the trader's session-time limit) */
    goToLogin: () => {},
  },
  guards: {
    hasUser: (_, params: { user: CurrentUser | null }) => params.user !== null,
    isStarting: (_, params: { server: ServerState }) => params.server === 'starting',
  },
  delays: {
    /** waits longer after each failure: 2 s, 4 s, 8 s … at most 30 s */
    retryBackoff: ({ context }) => Math.min(30_000, 2_000 * 2 ** Math.max(0, context.failures - 1)),
    /** an answer this slow may be a server still migrating (API calls wait for it): ask /readyz */
    slowAnswer: 2_000,
  },
}).createMachine({
  id: 'session',
  context: { user: null, settings: null, updates: 0, failures: 0, starting: false },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadSession',
        onDone: [
          {
            guard: { type: 'hasUser', params: ({ event }) => ({ user: event.output.user }) },
            target: 'signedIn',
            actions: assign(({ event }) => ({ user: event.output.user, settings: event.output.settings, failures: 0, starting: false })),
          },
          {
            target: 'signedOut',
            actions: assign(({ event }) => ({ user: null, settings: event.output.settings, failures: 0, starting: false })),
          },
        ],
        onError: 'checking',
      },
      // a slow answer: is the server starting (its calls wait for the migrations)? then the page says so
      initial: 'waiting',
      states: {
        waiting: { after: { slowAnswer: 'probing' } },
        probing: {
          invoke: {
            src: 'probeReady',
            onDone: { target: 'probed', actions: assign(({ event }) => ({ starting: event.output === 'starting' })) },
            onError: 'probed',
          },
        },
        probed: {},
      },
    },
    /** the session did not load: a server still starting is waited for, anything else is unavailable */
    checking: {
      invoke: {
        src: 'probeReady',
        onDone: [
          { guard: { type: 'isStarting', params: ({ event }) => ({ server: event.output }) }, target: 'loading', actions: assign({ starting: true }) },
          { target: 'unavailable', actions: assign(({ context }) => ({ failures: context.failures + 1, starting: false })) },
        ],
        onError: { target: 'unavailable', actions: assign(({ context }) => ({ failures: context.failures + 1, starting: false })) },
      },
    },
    /** the server could not be reached: show it, retry by itself with backoff or on request */
    unavailable: {
      after: { retryBackoff: 'loading' },
      on: { 'session.retry': 'loading' },
    },
    signedOut: {},
    signedIn: {
      initial: 'idle',
      on: {
        'session.logout': '.loggingOut',
        'platform.notAuth': { target: '.loggingOut', meta: { spec: ['000 §4.26'] } },
      },
      states: {
        idle: {
          on: { 'user.update': 'refreshing' },
        },
        refreshing: {
          invoke: {
            src: 'loadUser',
            onDone: [
              {
                guard: { type: 'hasUser', params: ({ event }) => ({ user: event.output }) },
                target: 'idle',
                actions: assign(({ event, context }) => ({ user: event.output, updates: context.updates + 1 })),
              },
              { target: '#session.signedOut', actions: ['goToLogin', assign({ user: null })] },
            ],
            // a failed refresh keeps what the trader sees; the next update tries again
            onError: { target: 'idle' },
          },
          on: { 'user.update': { target: 'refreshing', reenter: true } },
        },
        loggingOut: {
          invoke: {
            src: 'logout',
            onDone: { target: '#session.signedOut', actions: ['goToLogin', assign({ user: null })] },
            // the server session may survive a network failure, but this page forgets the user either way
            onError: { target: '#session.signedOut', actions: ['goToLogin', assign({ user: null })] },
          },
        },
      },
    },
  },
});
