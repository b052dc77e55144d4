import type { SnapshotFrom } from 'xstate';
import { CallTime } from '../../../core/contract/support';
import { msg, type Msg } from '../../../core/message';
import type { callBackMachine } from '../../../machines/call-back/call-back.machine';
import type { CallBackEvent } from '../../../machines/call-back/call-back.types';
import type { KeyboardEvent } from 'react';
import { buttonProps, fieldProps, formProps, regionProps, statusProps, submitProps, titleProps } from '../shared/props';

export type CallBackSnapshot = SnapshotFrom<typeof callBackMachine>;

/** the preferred times in the select, with their label keys */
export const CALL_TIMES: ReadonlyArray<{ value: CallTime; label: string }> = CallTime.options.map((value) => ({ value, label: `calls.time_${value}` }));

const isCallTime = (value: string): value is CallTime => (CallTime.options as readonly string[]).includes(value);

export const CALL_MENU_ID = 'call-back-menu';
export const CALL_TITLE_ID = 'call-back-title';
export const CALL_PHONE_ID = 'call-back-phone';
const CALL_HINT_ID = 'call-back-hint';
const CALL_RESULT_ID = 'call-back-result';
/** the dropdown and its button: the phone takes the focus from the button as it opens */
const CALL_SCOPE = 'call-back';

/**
 * connect() for the call-back dropdown (spec 000 §2, §5, §8). `escaped`: how many times Escape
 * closed it (the focus goes back to the button each time), `onEscape` counts one more.
 */
export function connectCallBack(s: CallBackSnapshot, send: (event: CallBackEvent) => void, escaped = 0, onEscape: () => void = () => {}) {
  const isSending = s.matches({ request: 'sending' });
  const isSent = s.matches({ request: 'sent' });
  const isFailed = s.matches({ request: 'failed' });
  /** what is said under the form: the success, else the refusal or failure */
  const result: Msg | null = isSent ? msg('calls.server_success') : s.context.error;
  const isOpen = s.matches({ panel: 'open' });
  const onClose = () => send({ type: 'call.close' });
  return {
    isOpen,
    onOpen: () => send({ type: 'call.open' }),
    onToggle: () => send({ type: 'call.toggle' }),
    onClose,
    /** the form is shown until the request succeeds */
    isForm: !isSent,
    isBusy: isSending,
    isSent,
    /** a failure that the same request may be sent again for */
    canRetry: isFailed,
    phone: s.context.phone,
    onPhone: (value: string) => send({ type: 'phone.change', value }),
    phoneInvalid: s.context.error?.key === 'calls.error_phone',
    time: s.context.time,
    times: CALL_TIMES,
    onTime: (value: string) => {
      if (isCallTime(value)) send({ type: 'time.change', value });
    },
    result,
    /** an alert for a refusal or failure, a status for the success */
    resultIsError: !isSent && result !== null,
    shakes: s.context.shakes,
    submitLabel: isSending ? msg('calls.sending') : isFailed ? msg('calls.retry') : msg('calls.submit'),
    onSubmit: () => send({ type: isFailed ? 'call.retry' : 'call.submit' }),
    /** ask for another call-back */
    onAgain: () => send({ type: 'call.again' }),
    /** the button and its dropdown: Escape closes it and the focus goes back to the button */
    getRootProps: () => ({
      'data-focus-scope': CALL_SCOPE,
      onKeyDown: (e: KeyboardEvent) => {
        if (e.key !== 'Escape' || !isOpen) return;
        e.stopPropagation();
        onEscape();
        onClose();
      },
    }),
    getTriggerProps: () => ({
      type: 'button' as const,
      onClick: () => send({ type: 'call.toggle' }),
      'aria-expanded': isOpen,
      'aria-controls': isOpen ? CALL_MENU_ID : undefined,
      'data-focus-on': !isOpen && escaped > 0 ? `escaped-${escaped}` : undefined,
    }),
    getMenuProps: () => ({ id: CALL_MENU_ID, role: 'dialog' as const, ...regionProps(CALL_TITLE_ID) }),
    getTitleProps: () => titleProps(CALL_TITLE_ID),
    getCloseProps: () => buttonProps(onClose),
    getFormProps: () => formProps({ busy: isSending, onSubmit: () => send({ type: isFailed ? 'call.retry' : 'call.submit' }) }),
    /** the phone: takes the focus when the dropdown opens (from its button); read with its hint, or the result once there is one */
    getPhoneProps: () => ({
      ...fieldProps({
        id: CALL_PHONE_ID,
        name: 'phone',
        value: s.context.phone,
        invalid: s.context.error?.key === 'calls.error_phone',
        describedBy: [result ? CALL_RESULT_ID : CALL_HINT_ID],
        onValue: (value) => send({ type: 'phone.change', value }),
      }),
      // the result (not an "-error" element) says why: it is read with the field, so no second id
      'aria-describedby': result ? CALL_RESULT_ID : CALL_HINT_ID,
      readOnly: isSending,
      'data-focus-on': isOpen ? 'open' : undefined,
      'data-focus-in': CALL_SCOPE,
    }),
    getHintProps: () => ({ id: CALL_HINT_ID }),
    getTimeProps: () => ({
      name: 'time',
      value: s.context.time,
      disabled: isSending || undefined,
      onChange: (e: { target: { value: string } }) => {
        if (isCallTime(e.target.value)) send({ type: 'time.change', value: e.target.value });
      },
    }),
    /** the refusal or failure under the form, said at once */
    getResultProps: () => ({ id: CALL_RESULT_ID, role: 'alert' as const }),
    /** the success */
    getSuccessProps: () => statusProps(),
    getSubmitProps: () => submitProps({ disabled: isSending }),
    getAgainProps: () => buttonProps(() => send({ type: 'call.again' })),
  };
}

export type CallBackApi = ReturnType<typeof connectCallBack>;
