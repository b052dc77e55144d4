import { useSelector } from '@xstate/react';
import { createActor, fromPromise } from 'xstate';
import { probeReady } from '../../api/readiness';
import { modalMachine } from '../../../machines/modal/modal.machine';
import type { ModalRequest } from '../../../machines/modal/modal.types';
import type { Msg } from '../../../core/message';
import { sessionMachine } from '../../../machines/session/session.machine';
import { toastMachine } from '../../../machines/toast/toast.machine';
import type { Toast } from '../../../machines/toast/toast.types';
import type { CurrentUser } from '../../../core/contract';
import { platformLogout } from '../../api/platform';
import { getMe, getSettings, logout } from '../../api/session';
import { inspect } from '../shared/inspector';
import { endedByLimit } from '../../../core/session-limit';
import { SANDBOX_BANNER_ID } from '../../../core/sandbox-note';
import { currentLang, ENDED_PARAM, goTo } from './navigation';
import { connectToasts } from './toast.connect';
import { selectServerStarting, selectSessionStatus, selectSettings, selectUser } from '../session/session.select';

let seq = 0;
export const nextId = (prefix: string): string => `${prefix}-${Date.now().toString(36)}-${(seq++).toString(36)}`;

export const sessionFlow = sessionMachine.provide({
  actors: {
    loadSession: fromPromise(async () => {
      const [me, settings] = await Promise.all([getMe(), getSettings()]);
      return { user: me.user, settings };
    }),
    loadUser: fromPromise(async () => (await getMe()).user),
    // a slow or failed session load: is the server still migrating (then the page says "starting up")?
    probeReady: fromPromise(() => probeReady()),
    logout: fromPromise(async () => {
      const base = sessionActor.getSnapshot().context.settings?.platform ?? '/platform';
      await Promise.allSettled([platformLogout(base), logout()]);
    }),
  },
  actions: {
    // a session ended by the trader's session-time limit says so on the sign-in page
    goToLogin: ({ context }) => goTo(`/${currentLang()}/login${endedByLimit(context.user?.sessionEndsAt, Date.now()) ? `?${ENDED_PARAM}=limit` : ''}`),
  },
});

/** The app-wide actors: one session, one modal manager, one toast stack per page. */
export const sessionActor = createActor(sessionFlow, { inspect });
export const modalActor = createActor(modalMachine, { inspect });
export const toastActor = createActor(toastMachine, { input: { durationMs: 5000 }, inspect });

export function startAppActors(): void {
  for (const actor of [sessionActor, modalActor, toastActor]) actor.start();
}

/**
 * Resolves once the settings have answered (or the session gave up), at most after `maxMs`: main.tsx
 * draws the first screen with what depends on them (the sign-in buttons, the demo link) instead of
 * inserting it above the page afterwards (issue 33 §3).
 */
export function settingsKnown(maxMs: number): Promise<void> {
  const known = (s: ReturnType<typeof sessionActor.getSnapshot>) => selectSettings(s) !== null || selectSessionStatus(s) === 'unavailable';
  if (known(sessionActor.getSnapshot())) return Promise.resolve();
  return new Promise((resolve) => {
    const subscription = sessionActor.subscribe((s) => {
      if (known(s)) done();
    });
    const timer = setTimeout(done, maxMs);
    function done() {
      clearTimeout(timer);
      subscription.unsubscribe();
      resolve();
    }
  });
}

/** The current user and settings, typed as the contract has them (the session machine holds them so). */
export { selectSessionStatus, selectSettings, selectUser };

/**
 * The few session facts the first chunk needs (the app frame, the login page). The pages' own
 * chunks use the whole session API: useSession() in ./session.ts.
 */
/** the server wrote the sandbox banner into the page (server/http/sandbox-banner.ts): the app draws no second one */
const serverBanner = typeof document !== 'undefined' && document.getElementById(SANDBOX_BANNER_ID) !== null;

export function useSessionBasics() {
  const status = useSelector(sessionActor, selectSessionStatus);
  const sandbox = useSelector(sessionActor, (s) => selectSettings(s)?.sandbox ?? false);
  const demoLogin = useSelector(sessionActor, (s) => selectSettings(s)?.demoLogin);
  /** social sign-in's provider name when it is on (docs/social-sign-in.md) */
  const socialName = useSelector(sessionActor, (s) => selectSettings(s)?.socialSignIn?.name);
  /** the app's own banner: sandbox mode on a page the server did not write (a test's, the dev server's) */
  const sandboxBanner = sandbox && !serverBanner;
  return { signedIn: status === 'signedIn', unavailable: status === 'unavailable', sandbox, sandboxBanner, demoLogin, socialName, retry: retrySession };
}
const retrySession = () => sessionActor.send({ type: 'session.retry' });

/** The server is starting (GET /readyz: migrating) while the session loads: the frame says "Starting up…". */
export function useServerStarting(): boolean {
  return useSelector(sessionActor, selectServerStarting);
}

/** The risk warning's own figure from the settings (issue 30 §5): a whole percent and its UTC day, or null. */
export function useRiskFigure(): { percent: number; day: string } | null {
  return useSelector(sessionActor, (s) => selectSettings(s)?.risk ?? null);
}

/** A modal is asked for: its host (and the dialog's code) loads with the first one. */
export function useModalAsked(): boolean {
  return useSelector(modalActor, (s) => s.context.current !== null);
}

/** The toasts on screen, each dismissable (the host is in the first chunk: its live region is always there). */
export function useToasts() {
  return connectToasts(useSelector(toastActor, (s) => s), toastActor.send);
}

/** Read one field of the current user by key (spec 000 §3). */
export function userValue<K extends keyof CurrentUser>(key: K): CurrentUser[K] | undefined {
  return selectUser(sessionActor.getSnapshot())?.[key];
}

export function showToast(text: Msg, kind: Toast['kind'] = 'info'): void {
  toastActor.send({ type: 'toast.show', toast: { id: nextId('toast'), text, kind } });
}

export function showAlert(request: Omit<ModalRequest, 'id' | 'kind'>): string {
  const id = nextId('alert');
  modalActor.send({ type: 'modal.open', request: { ...request, id, kind: 'alert' } });
  return id;
}

/** Ask a yes/no question; resolves with the answer. */
export function askConfirm(request: Omit<ModalRequest, 'id' | 'kind'>): Promise<boolean> {
  const id = nextId('confirm');
  return new Promise((resolve) => {
    const sub = modalActor.on('modal.answered', (event) => {
      if (event.id !== id) return;
      sub.unsubscribe();
      resolve(event.yes);
    });
    modalActor.send({ type: 'modal.open', request: { ...request, id, kind: 'confirm' } });
  });
}
