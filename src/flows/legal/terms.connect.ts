import type { SnapshotFrom } from 'xstate';
import type { termsAcceptanceMachine } from '../../../machines/terms-acceptance/terms-acceptance.machine';
import type { TermsAcceptanceEvent, TermsShown } from '../../../machines/terms-acceptance/terms-acceptance.types';
import type { Msg } from '../../../core/message';
import { buttonProps, regionProps, statusProps, titleProps } from '../shared/props';

export type TermsSnapshot = SnapshotFrom<typeof termsAcceptanceMachine>;

export interface TermsApi {
  /** the dialog (or the page's acceptance) is on screen */
  open: boolean;
  /** the status is being read */
  loading: boolean;
  /** the status could not be read (Try again) */
  unread: boolean;
  /** every current version is accepted */
  current: boolean;
  /** accepted just now */
  accepted: boolean;
  /** the acceptance is on its way */
  busy: boolean;
  /** the documents to read and accept, at the versions shown */
  shown: TermsShown[];
  /** each document's current version, the date it took effect and the version accepted (the page's table) */
  documents: { document: TermsShown['document']; version: number; effective: string; accepted: number }[];
  error: Msg | null;
  getAcceptProps: () => ReturnType<typeof buttonProps> & { 'aria-busy': boolean };
  getLaterProps: () => ReturnType<typeof buttonProps>;
  getRetryProps: () => ReturnType<typeof buttonProps>;
  /** the refusal or failure, announced */
  getErrorProps: () => ReturnType<typeof statusProps>;
  /** the outcome on the page (accepted, nothing to accept), read politely and focused once */
  getOutcomeProps: () => ReturnType<typeof statusProps>;
  /** the documents' text: one scrollable region, a Tab stop of its own so the keyboard can scroll it */
  getTextProps: (titleId: string) => { tabIndex: 0; role: 'region'; 'aria-labelledby': string };
  /** the Documents page's section and its heading */
  getRegionProps: (titleId: string) => ReturnType<typeof regionProps>;
  getTitleProps: (titleId: string) => ReturnType<typeof titleProps>;
}

/** connect() for the terms dialog and the Documents page (issue 30 §5). */
export function connectTerms(s: TermsSnapshot, send: (event: TermsAcceptanceEvent) => void): TermsApi {
  const busy = s.matches({ shown: 'accepting' }) || s.matches({ shown: 'rereading' });
  return {
    open: s.matches('shown'),
    loading: s.matches('reading'),
    unread: s.matches('unread'),
    current: s.matches('current'),
    accepted: s.matches('accepted'),
    busy,
    shown: s.context.shown,
    documents: s.context.status?.documents ?? [],
    error: s.context.error,
    getAcceptProps: () => ({ ...buttonProps(() => send({ type: 'accept' }), { disabled: busy }), 'aria-busy': busy }),
    getLaterProps: () => buttonProps(() => send({ type: 'later' }), { disabled: busy }),
    getRetryProps: () => buttonProps(() => send({ type: 'retry' })),
    getErrorProps: () => statusProps({ role: 'alert' }),
    getOutcomeProps: () => statusProps({ focusOn: s.matches('accepted') ? 'terms-accepted' : null }),
    getTextProps: (titleId) => ({ tabIndex: 0, role: 'region', 'aria-labelledby': titleId }),
    getRegionProps: regionProps,
    getTitleProps: titleProps,
  };
}
