import type { SnapshotFrom } from 'xstate';
import type { recoveryCodesMachine } from '../../../machines/two-factor/recovery.machine';
import type { Msg } from '../../../core/message';
import { selectFactorChild, type EntryRef } from '../two-factor/two-factor.types';
import { formatDateTime } from '../shared/dates';
import { buttonProps, regionProps, statusProps, titleProps } from '../shared/props';

type RecoverySnapshot = SnapshotFrom<typeof recoveryCodesMachine>;

/** The recovery codes on screen (after the authenticator was turned on, or new ones were made): shown once. */
export interface CodesPanelApi {
  codes: string[];
  /** the list, named by the dialog's text */
  getListProps: () => { 'aria-describedby': string };
  getHintProps: () => { id: string };
  /** a .txt file made in the browser from the codes on screen */
  getDownloadProps: () => ReturnType<typeof buttonProps>;
  /** "I have saved them": the codes go away */
  getSavedProps: () => ReturnType<typeof buttonProps>;
}

const HINT_ID = 'recovery-codes-hint';

/** The panel of the codes on screen, for the method choice and the recovery codes section alike. */
export function codesPanel(codes: string[], send: (event: { type: 'codes.download' } | { type: 'codes.saved' }) => void): CodesPanelApi {
  return {
    codes,
    getListProps: () => ({ 'aria-describedby': HINT_ID }),
    getHintProps: () => ({ id: HINT_ID }),
    getDownloadProps: () => buttonProps(() => send({ type: 'codes.download' })),
    getSavedProps: () => buttonProps(() => send({ type: 'codes.saved' })),
  };
}

export type RecoveryStep = 'loading' | 'failed' | 'idle' | 'confirming' | 'issuing' | 'showing';
const STEPS = ['loading', 'failed', 'confirming', 'issuing', 'showing'] as const satisfies readonly RecoveryStep[];
export const selectRecoveryStep = (s: RecoverySnapshot): RecoveryStep => STEPS.find((step) => s.matches(step)) ?? 'idle';

export interface RecoveryCodesApi {
  step: RecoveryStep;
  /** unused codes (null until read) */
  left: number | null;
  /** when these codes were made, written for the trader (null: none) */
  madeAt: string | null;
  error: Msg | null;
  /** the authenticator's code of the change (undefined when not asked) */
  factorEntry: EntryRef | undefined;
  /** the new codes on screen (null when none) */
  codes: CodesPanelApi | null;
  cancel: () => void;
  /** the section, named by its heading, busy while new codes are made */
  getRegionProps: () => ReturnType<typeof regionProps> & { 'aria-busy': true | undefined };
  getTitleProps: () => ReturnType<typeof titleProps>;
  /** how many are left: announced when it changes */
  getCountProps: () => ReturnType<typeof statusProps>;
  getErrorProps: () => { role: 'alert' };
  /** "Generate new codes": rests while a change is on its way */
  getRenewProps: () => ReturnType<typeof buttonProps>;
  getRetryProps: () => ReturnType<typeof buttonProps>;
}

export function connectRecoveryCodes(s: RecoverySnapshot, send: (event: { type: 'codes.renew' | 'codes.download' | 'codes.saved' | 'status.retry' | 'factor.cancel' }) => void): RecoveryCodesApi {
  const step = selectRecoveryStep(s);
  const busy = step === 'confirming' || step === 'issuing';
  return {
    step,
    left: s.context.left,
    madeAt: s.context.createdAt ? formatDateTime(s.context.createdAt) : null,
    error: s.context.error,
    factorEntry: selectFactorChild(s),
    codes: step === 'showing' ? codesPanel(s.context.codes, send) : null,
    cancel: () => send({ type: 'factor.cancel' }),
    getRegionProps: () => ({ ...regionProps('recovery-title'), 'aria-busy': busy || undefined }),
    getTitleProps: () => titleProps('recovery-title'),
    getCountProps: () => statusProps(),
    getErrorProps: () => ({ role: 'alert' }),
    getRenewProps: () => buttonProps(() => send({ type: 'codes.renew' }), { disabled: step !== 'idle' }),
    getRetryProps: () => buttonProps(() => send({ type: 'status.retry' })),
  };
}
