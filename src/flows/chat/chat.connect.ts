import type { KeyboardEvent } from 'react';
import type { EventFrom, SnapshotFrom } from 'xstate';
import type { chatMachine } from '../../../machines/chat/chat.machine';
import { chatPanelHeight } from '../../../machines/chat/chat.machine';
import type { ChatConnection, ChatSize } from '../../../machines/chat/chat.types';
import type { tipsMachine } from '../../../machines/tips/tips.machine';
import { currentCurrencyOf } from '../../../core/accounts';
import type { CurrentUser } from '../../../core/contract';
import type { Msg } from '../../../core/message';
import { formatAmount } from '../shared/money';
import { buttonProps, fieldErrorProps, fieldProps, formProps, labelProps, regionProps, statusProps, submitProps, titleProps } from '../shared/props';
import { CHAT_LAUNCHER_SCOPE, CHAT_PANEL_SCOPE, launcherButtonProps, type LauncherButtonProps } from './chat-launcher.connect';

export { chatPanelHeight };

type ChatSnapshot = SnapshotFrom<typeof chatMachine>;
type TipsSnapshot = SnapshotFrom<typeof tipsMachine>;

export type ChatPanelState = 'hidden' | 'closed' | 'minimised' | 'open';

export const selectChatPanel = (s: ChatSnapshot): ChatPanelState =>
  s.matches('open') ? 'open' : s.matches('minimised') ? 'minimised' : s.matches('hidden') || s.matches('boot') ? 'hidden' : 'closed';
export const selectChatSize = (s: ChatSnapshot) => s.context.size;
export const selectChatConnecting = (s: ChatSnapshot): boolean => s.matches({ open: { connection: 'connecting' } }) || s.matches({ open: { connection: 'checking' } });
export const selectChatFailed = (s: ChatSnapshot): boolean => s.matches({ open: { connection: 'failed' } });
export const selectChatError = (s: ChatSnapshot) => s.context.error;
export const selectChatConnection = (s: ChatSnapshot) => s.context.connection;

export type TipsPhase = 'editing' | 'confirming' | 'waiting' | 'sending' | 'thanked';
export const selectTipsPhase = (s: TipsSnapshot): TipsPhase =>
  s.matches('confirming') ? 'confirming' : s.matches('waiting') ? 'waiting' : s.matches('sending') ? 'sending' : s.matches('thanked') ? 'thanked' : 'editing';
export const selectTipValue = (s: TipsSnapshot) => s.context.value;
export const selectTipAmount = (s: TipsSnapshot) => s.context.amount;
export const selectTipMessage = (s: TipsSnapshot) => s.context.message;
export const selectTipError = (s: TipsSnapshot) => s.context.error;

/** the currency of the account a tip is taken from (the current account) */
export const selectTipCurrency = (user: CurrentUser | null): string => currentCurrencyOf(user);

/** the chat's title (the panel is named by it) */
export const CHAT_TITLE_ID = 'chat-title';

/**
 * Where the trader's own click sends the focus: into the panel they opened, back to the launcher
 * when they closed or minimised it from inside. `n` grows with each such click (a new key each
 * time); the chat opened by the attention arbiter takes no focus.
 */
export interface ChatFocus {
  to: 'panel' | 'launcher' | null;
  n: number;
}
const NO_FOCUS: ChatFocus = { to: null, n: 0 };

export interface ChatApi {
  panel: ChatPanelState;
  /** nothing on screen (the settings hide the chat here, or it is starting) */
  hidden: boolean;
  /** the launcher only */
  closed: boolean;
  /** the launcher, with the panel alive but hidden */
  minimised: boolean;
  open: boolean;
  size: ChatSize;
  maximised: boolean;
  /** the provider could not be reached: why, and a retry */
  failed: boolean;
  error: Msg | null;
  connection: ChatConnection | null;
  /** connected without a token: a visitor chats as a guest (spec 001 §6), and sends no tips (they need a trader's balance) */
  guest: boolean;
  hostName: string;
  /** the provider's widget address for the page's language, the token in the fragment ('' before the connection) */
  frameSrc: (lang: string) => string;
  /** the panel's height on a page of this size */
  height: (page: { width: number; height: number }) => number;
  openPanel: () => void;
  close: () => void;
  minimise: () => void;
  maximise: () => void;
  restore: () => void;
  retry: () => void;
  /** the trader moved to another page: whether the settings hide the chat there */
  pathChanged: (hidden: boolean) => void;
  /** the panel: named by its title, hidden while minimised, Escape inside closes it, takes the focus when the trader opened it */
  getPanelProps: () => {
    tabIndex: number;
    hidden: boolean;
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => void;
    'aria-labelledby': string;
    'data-focus-on': string | undefined;
    'data-focus-in': string;
    'data-focus-scope': string;
  };
  getTitleProps: () => { id: string };
  /** the launcher: opens the panel (the visitor's toggles it), takes the focus back when the trader closed the panel from inside */
  getLauncherProps: (visitor: boolean) => LauncherButtonProps;
  getMinimiseProps: () => ReturnType<typeof buttonProps>;
  getMaximiseProps: () => ReturnType<typeof buttonProps>;
  getRestoreProps: () => ReturnType<typeof buttonProps>;
  getCloseProps: () => ReturnType<typeof buttonProps>;
  getRetryProps: () => ReturnType<typeof buttonProps>;
  /** why the chat cannot connect */
  getProblemProps: () => { role: 'alert' };
}

export function connectChat(
  s: ChatSnapshot,
  send: (event: EventFrom<typeof chatMachine>) => void,
  focus: ChatFocus = NO_FOCUS,
  moveFocus: (to: 'panel' | 'launcher') => void = () => {},
): ChatApi {
  const panel = selectChatPanel(s);
  const { connection, size } = s.context;
  const open = panel === 'open';
  const openByHand = () => {
    moveFocus('panel');
    send({ type: 'chat.open' });
  };
  const closeByHand = () => {
    moveFocus('launcher');
    send({ type: 'chat.close' });
  };
  const minimiseByHand = () => {
    moveFocus('launcher');
    send({ type: 'chat.minimise' });
  };
  return {
    panel,
    hidden: panel === 'hidden',
    closed: panel === 'closed',
    minimised: panel === 'minimised',
    open: panel === 'open',
    size,
    maximised: size === 'maximised',
    failed: selectChatFailed(s),
    error: s.context.error,
    connection,
    guest: connection !== null && connection.token === null,
    hostName: connection?.host.name ?? '',
    frameSrc: (lang) =>
      connection ? `${connection.url}/widget#${new URLSearchParams({ lang, ...(connection.token ? { token: connection.token } : {}) }).toString()}` : '',
    height: (page) => chatPanelHeight(size, page),
    openPanel: () => send({ type: 'chat.open' }),
    close: () => send({ type: 'chat.close' }),
    minimise: () => send({ type: 'chat.minimise' }),
    maximise: () => send({ type: 'chat.maximise' }),
    restore: () => send({ type: 'chat.restore' }),
    retry: () => send({ type: 'chat.retry' }),
    pathChanged: (hidden) => send({ type: 'chat.path', hidden }),
    getPanelProps: () => ({
      tabIndex: -1,
      hidden: panel === 'minimised',
      // Escape inside the panel closes it (a dialog opened from it, the tip's question, handles its own)
      onKeyDown: (e) => {
        if (e.key !== 'Escape' || e.defaultPrevented || !e.currentTarget.contains(e.target as Node)) return;
        e.preventDefault();
        closeByHand();
      },
      ...regionProps(CHAT_TITLE_ID),
      'data-focus-on': open && focus.to === 'panel' ? `panel-${focus.n}` : undefined,
      'data-focus-in': CHAT_LAUNCHER_SCOPE,
      'data-focus-scope': CHAT_PANEL_SCOPE,
    }),
    getTitleProps: () => titleProps(CHAT_TITLE_ID),
    getLauncherProps: (visitor) =>
      launcherButtonProps({
        visitor,
        open,
        focusOn: !open && focus.to === 'launcher' ? `launcher-${focus.n}` : null,
        // the visitor's launcher closes an open panel; the trading header's is there only while it is not open
        onClick: visitor && open ? () => send({ type: 'chat.close' }) : openByHand,
      }),
    getMinimiseProps: () => buttonProps(minimiseByHand),
    getMaximiseProps: () => buttonProps(() => send({ type: 'chat.maximise' })),
    getRestoreProps: () => buttonProps(() => send({ type: 'chat.restore' })),
    getCloseProps: () => buttonProps(closeByHand),
    getRetryProps: () => buttonProps(() => send({ type: 'chat.retry' })),
    getProblemProps: () => ({ role: 'alert' as const }),
  };
}

export interface TipsApi {
  phase: TipsPhase;
  /** a tip is asked about, counting down or on its way: the form rests */
  busy: boolean;
  confirming: boolean;
  waiting: boolean;
  sending: boolean;
  /** the host's thanks on screen (null when none) */
  thanks: Msg | null;
  value: string;
  /** the exact amount that will be deducted */
  amount: string;
  /** that amount written for the trader, with the account's currency (core/format: "$45.50", "45,50 $") */
  amountText: string;
  error: Msg | null;
  change: (value: string) => void;
  submit: () => void;
  /** stop a tip counting down, or say No to the question */
  cancel: () => void;
  confirm: () => void;
  dismiss: () => void;
  getFormProps: () => ReturnType<typeof formProps>;
  getLabelProps: () => ReturnType<typeof labelProps>;
  /** the amount: resting while a tip is asked about or on its way; its message read with it */
  getFieldProps: () => ReturnType<typeof fieldProps>;
  getErrorProps: () => ReturnType<typeof fieldErrorProps>;
  getSubmitProps: () => ReturnType<typeof submitProps>;
  /** the counting down, the sending and the thanks: announced politely */
  getStatusProps: () => ReturnType<typeof statusProps>;
  getStopProps: () => ReturnType<typeof buttonProps>;
  getDismissProps: () => ReturnType<typeof buttonProps>;
}

/** the tip amount's field */
export const TIP_AMOUNT_ID = 'tip-amount';

/** An amount with its currency written by core/format in the page's language; as it is while no currency is known. */
const money = (amount: string, currency: string, lang: string): string => (currency ? formatAmount(amount, currency, lang) : amount);

/** A tip text's {amount} (the machine's decimal, with its {currency}, else the account's) written by core/format in the page's language. */
function withAmount(m: Msg | null, currency: string, lang: string): Msg | null {
  const amount = m?.params?.amount;
  if (!m || typeof amount !== 'string') return m;
  const { currency: own, ...params } = m.params ?? {};
  return { ...m, params: { ...params, amount: money(amount, own ? String(own) : currency, lang) } };
}

export function connectTips(s: TipsSnapshot, send: (event: EventFrom<typeof tipsMachine>) => void, currency = '', lang = 'en'): TipsApi {
  const phase = selectTipsPhase(s);
  const busy = phase === 'waiting' || phase === 'sending' || phase === 'confirming';
  const cancel = () => send({ type: 'tip.cancel' });
  return {
    phase,
    busy,
    confirming: phase === 'confirming',
    waiting: phase === 'waiting',
    sending: phase === 'sending',
    thanks: phase === 'thanked' ? withAmount(s.context.message, currency, lang) : null,
    value: s.context.value,
    amount: s.context.amount,
    amountText: money(s.context.amount, currency, lang),
    error: withAmount(s.context.error, currency, lang),
    change: (value) => send({ type: 'tip.change', value }),
    submit: () => send({ type: 'tip.submit' }),
    cancel,
    confirm: () => send({ type: 'tip.confirm' }),
    dismiss: () => send({ type: 'tip.dismiss' }),
    getFormProps: () => formProps({ onSubmit: () => send({ type: 'tip.submit' }) }),
    getLabelProps: () => labelProps(TIP_AMOUNT_ID),
    getFieldProps: () =>
      fieldProps({ id: TIP_AMOUNT_ID, value: s.context.value, invalid: s.context.error !== null, disabled: busy, onValue: (value) => send({ type: 'tip.change', value }) }),
    getErrorProps: () => fieldErrorProps(TIP_AMOUNT_ID),
    getSubmitProps: () => submitProps({ disabled: busy }),
    getStatusProps: () => statusProps(),
    getStopProps: () => buttonProps(cancel),
    getDismissProps: () => buttonProps(() => send({ type: 'tip.dismiss' })),
  };
}
