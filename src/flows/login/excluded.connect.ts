import { literal, msg, type Msg } from '../../../core/message';
import { formatDateTime } from '../shared/dates';
import { alertProps, noteProps } from './login.connect';
import { pausedKind, type PausedKind } from './paused';

/**
 * The sign-in page's word on a break or self-exclusion (issue 30 §3), loaded only when needed (the
 * date formatter is not in the login page's first load): the refusal of a sign-in (403
 * login.excluded, params `until` ISO and `kind`) by its kind, with the end written for the trader,
 * announced at once; or, just after the trader chose it (?paused=timeout|exclusion), a polite note
 * that it has begun. Both say a withdrawal already asked for is still paid, and where to write to
 * withdraw the balance meanwhile (the public contact page).
 */
export function connectExcludedNotice({ refusal = null, paused = null, lang }: { refusal?: Msg | null; paused?: PausedKind | null; lang: string }) {
  const kind: PausedKind = refusal ? (pausedKind(String(refusal.params?.kind ?? '')) ?? 'timeout') : (paused ?? 'timeout');
  const until = refusal?.params?.until;
  const message = !refusal
    ? msg(`login.paused.${kind}`)
    : typeof until === 'string'
      ? msg(`login.excluded.${kind}`, refusal.fallback, { until: formatDateTime(until) })
      : literal(refusal.fallback ?? '');
  return {
    kind,
    /** a refusal (an alert) or the note on arrival */
    refused: refusal !== null,
    message,
    /** the public contact page, in the trader's language */
    contactHref: `/${lang}/contacts`,
    getNoticeProps: () => (refusal ? alertProps() : noteProps()),
  };
}

/**
 * With the refusal: the button in the sign-in form that signs in with what is typed, for a
 * session that can only withdraw. A plain button, so Enter still signs in as usual.
 */
export function withdrawButtonProps(submit: (email: string, password: string, withdrawOnly: true) => void, busy: boolean) {
  return {
    type: 'button' as const,
    disabled: busy || undefined,
    onClick: (e: { currentTarget: { form: HTMLFormElement | null } }) => {
      const values = e.currentTarget.form ? new FormData(e.currentTarget.form) : null;
      submit(String(values?.get('email') ?? ''), String(values?.get('password') ?? ''), true);
    },
  };
}

export type ExcludedNoticeApi = ReturnType<typeof connectExcludedNotice>;
