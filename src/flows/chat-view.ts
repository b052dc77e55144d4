import type { SnapshotFrom } from 'xstate';
import type { chatMachine } from '../../machines/chat/chat.machine';
import type { tipsMachine } from '../../machines/tips/tips.machine';
import type { CurrentUser } from '../../core/contract';

export { chatPanelHeight } from '../../machines/chat/chat.machine';

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
export const selectTipCurrency = (user: CurrentUser | null): string =>
  user?.balances.find((b) => b.accountId === user.current_accountId)?.currency ?? user?.currency ?? '';
