import { createActor, fromPromise } from 'xstate';
import { modalMachine } from '../../machines/modal/modal.machine';
import type { ModalRequest } from '../../machines/modal/modal.types';
import type { Msg } from '../../core/message';
import { sessionMachine } from '../../machines/session/session.machine';
import type { SettingsRecord, UserRecord } from '../../machines/session/session.types';
import { toastMachine } from '../../machines/toast/toast.machine';
import type { Toast } from '../../machines/toast/toast.types';
import type { CurrentUser, Settings } from '../../core/contract';
import { platformLogout } from '../api/platform';
import { getMe, getSettings, logout } from '../api/session';
import { inspect } from './inspector';
import { currentLang, goTo } from './navigation';

let seq = 0;
export const nextId = (prefix: string): string => `${prefix}-${Date.now().toString(36)}-${(seq++).toString(36)}`;

export const sessionFlow = sessionMachine.provide({
  actors: {
    loadSession: fromPromise(async () => {
      const [me, settings] = await Promise.all([getMe(), getSettings()]);
      return { user: me.user as UserRecord | null, settings: settings as SettingsRecord };
    }),
    loadUser: fromPromise(async () => (await getMe()).user as UserRecord | null),
    logout: fromPromise(async () => {
      const base = String(sessionActor.getSnapshot().context.settings?.platform ?? '/platform');
      await Promise.allSettled([platformLogout(base), logout()]);
    }),
  },
  actions: {
    goToLogin: () => goTo(`/${currentLang()}/login`),
  },
});

/** The app-wide actors: one session, one modal manager, one toast stack per page. */
export const sessionActor = createActor(sessionFlow, { inspect });
export const modalActor = createActor(modalMachine, { inspect });
export const toastActor = createActor(toastMachine, { input: { durationMs: 5000 }, inspect });

export function startAppActors(): void {
  for (const actor of [sessionActor, modalActor, toastActor]) actor.start();
}

/** The current user and settings, typed as the contract has them. */
export const selectUser = (s: ReturnType<typeof sessionActor.getSnapshot>): CurrentUser | null =>
  s.context.user as CurrentUser | null;
export const selectSettings = (s: ReturnType<typeof sessionActor.getSnapshot>): Settings | null =>
  s.context.settings as Settings | null;
export const selectSessionStatus = (s: ReturnType<typeof sessionActor.getSnapshot>) =>
  s.matches('loading') ? 'loading' : s.matches('unavailable') ? 'unavailable' : s.matches('signedIn') ? 'signedIn' : 'signedOut';

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
