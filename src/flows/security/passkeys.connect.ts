import type { EventFrom, SnapshotFrom } from 'xstate';
import type { passkeysMachine } from '../../../machines/passkeys/passkeys.machine';
import { PASSKEY_NAME_MAX } from '../../../core/contract/passkeys';
import { formatDateTime } from '../shared/dates';
import { buttonProps, fieldErrorProps, fieldProps, formProps, regionProps, statusProps, submitProps, titleProps } from '../shared/props';

type Snapshot = SnapshotFrom<typeof passkeysMachine>;
type Send = (event: EventFrom<typeof passkeysMachine>) => void;

export interface PasskeyItem {
  id: string;
  name: string;
  /** when it was added and last signed in, in the trader's zone (null: never) */
  createdAt: string;
  lastUsedAt: string | null;
  removing: boolean;
  /** "Remove", named with the passkey's name for a screen reader */
  getRemoveProps: () => ReturnType<typeof buttonProps> & { 'aria-busy': true | undefined; 'aria-describedby': string };
  getNameProps: () => { id: string };
}

const NAME_ID = 'passkey-name';
const PASSWORD_ID = 'passkey-password';

/**
 * Passkeys (issue 31 §5) for their section of the security page: the list with Remove, the form
 * that adds one under a name, the dialog that asks the password before either change, and the
 * answer to a change (it takes the focus once). `supported`: the browser can make passkeys (the form shows
 * only then).
 */
export function connectPasskeys(s: Snapshot, send: Send, supported = true) {
  const { passkeys, busy, name, error, answers, added, last } = s.context;
  const adding = s.matches('adding');
  const confirming = s.matches('confirming');
  const removing = s.matches('removing');
  /** the dialog's change is sent: the password checked, the key made or removed */
  const sending = adding || removing;
  const toAdd = busy === 'add';
  const changing = busy !== null;
  const items: PasskeyItem[] = (passkeys ?? []).map((p) => ({
    id: p.id,
    name: p.name,
    createdAt: formatDateTime(p.createdAt),
    lastUsedAt: p.lastUsedAt ? formatDateTime(p.lastUsedAt) : null,
    removing: removing && busy === p.id,
    getRemoveProps: () => ({ ...buttonProps(() => send({ type: 'passkey.remove', id: p.id }), { disabled: changing }), 'aria-busy': (removing && busy === p.id) || undefined, 'aria-describedby': `passkey-${p.id}-name` }),
    getNameProps: () => ({ id: `passkey-${p.id}-name` }),
  }));
  const loadFailed = s.matches('loadFailed');
  const target = (passkeys ?? []).find((p) => p.id === busy);
  const passwordRefused = (confirming || sending) && error !== null;
  return {
    loading: s.matches('loading'),
    loadFailed,
    error,
    retry: () => send({ type: 'retry' }),
    items,
    empty: s.matches('ready') && items.length === 0,
    /** the browser can make passkeys: the form to add one shows */
    canAdd: supported && (s.matches('ready') || (toAdd && (confirming || adding))),
    nameMax: PASSKEY_NAME_MAX,
    /** the name field starts empty again after each passkey added */
    formKey: `passkey-${added}`,
    adding,
    getFormProps: () => formProps({ busy: adding, onSubmit: (values) => send({ type: 'passkey.add', name: String(values.get(NAME_ID) ?? '') }) }),
    getNameFieldProps: () => ({ ...fieldProps({ id: NAME_ID, required: true, disabled: toAdd, invalid: error?.key === 'passkeys.name', describedBy: [`${NAME_ID}-hint`] }), maxLength: PASSKEY_NAME_MAX * 2 }),
    getNameHintProps: () => ({ id: `${NAME_ID}-hint` }),
    getSubmitProps: () => submitProps({ busy: adding, disabled: changing && !adding }),
    /** the dialog of a change: open while its password is asked or the change is sent; `add` names the passkey to add, else the one to remove */
    confirm: confirming || sending ? { add: toAdd, name: toAdd ? name : (target?.name ?? ''), sending, refused: passwordRefused } : null,
    cancelConfirm: () => send({ type: 'password.cancel' }),
    getConfirmFormProps: () => formProps({ busy: sending, onSubmit: (values) => send({ type: 'password.submit', password: String(values.get(PASSWORD_ID) ?? '') }) }),
    getPasswordFieldProps: () => fieldProps({ id: PASSWORD_ID, required: true, disabled: sending, invalid: passwordRefused }),
    getPasswordErrorProps: () => ({ ...fieldErrorProps(PASSWORD_ID), ...statusProps({ role: 'alert', focusOn: passwordRefused ? `passkey-password-${answers}` : null }) }),
    getConfirmSubmitProps: () => submitProps({ busy: sending }),
    getCancelProps: () => buttonProps(() => send({ type: 'password.cancel' }), { disabled: sending }),
    /** the last change went through: which */
    done: s.matches({ ready: 'done' }) ? last : null,
    failed: s.matches({ ready: 'failed' }),
    getAnswerProps: () => statusProps({ role: s.matches({ ready: 'failed' }) ? 'alert' : 'status', focusOn: answers > 0 && s.matches('ready') ? `passkeys-${answers}` : null }),
    getRegionProps: () => ({ ...regionProps('passkeys-title'), 'aria-busy': s.matches('loading') || sending || undefined }),
    getTitleProps: () => titleProps('passkeys-title'),
  };
}

export type PasskeysApi = ReturnType<typeof connectPasskeys>;
