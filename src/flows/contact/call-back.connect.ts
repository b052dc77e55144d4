import type { SnapshotFrom } from 'xstate';
import { CallTime } from '../../../core/contract/support';
import { msg, type Msg } from '../../../core/message';
import type { callBackMachine } from '../../../machines/call-back/call-back.machine';
import type { CallBackEvent } from '../../../machines/call-back/call-back.types';

export type CallBackSnapshot = SnapshotFrom<typeof callBackMachine>;

/** the preferred times in the select, with their label keys */
export const CALL_TIMES: ReadonlyArray<{ value: CallTime; label: string }> = CallTime.options.map((value) => ({ value, label: `calls.time_${value}` }));

const isCallTime = (value: string): value is CallTime => (CallTime.options as readonly string[]).includes(value);

/** connect() for the call-back dropdown (spec 000 §2, §5, §8). */
export function connectCallBack(s: CallBackSnapshot, send: (event: CallBackEvent) => void) {
  const isSending = s.matches({ request: 'sending' });
  const isSent = s.matches({ request: 'sent' });
  const isFailed = s.matches({ request: 'failed' });
  /** what is said under the form: the success, else the refusal or failure */
  const result: Msg | null = isSent ? msg('calls.server_success') : s.context.error;
  return {
    isOpen: s.matches({ panel: 'open' }),
    onOpen: () => send({ type: 'call.open' }),
    onToggle: () => send({ type: 'call.toggle' }),
    onClose: () => send({ type: 'call.close' }),
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
  };
}

export type CallBackApi = ReturnType<typeof connectCallBack>;
