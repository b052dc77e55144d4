import type { Msg } from '../../core/message';

export type ChatSize = 'normal' | 'maximised';

export interface ChatInput {
  /** the chat already opened by itself once in this browser (from storage) */
  autoOpened: boolean;
  /** the settings hide the chat on the page the trader is on */
  hidden: boolean;
}

/** POST /api/chat/token: the provider, the host and a token (null: a visitor chats as a guest) */
export interface ChatConnection {
  token: string | null;
  url: string;
  host: { id: string; name: string };
  sandbox: boolean;
}

export interface ChatContext {
  autoOpened: boolean;
  /** the settings hide the chat on the current page */
  hidden: boolean;
  /** the provider connection once loaded (kept while the page lives) */
  connection: ChatConnection | null;
  size: ChatSize;
  error: Msg | null;
}

export type ChatEvent =
  | { type: 'chat.open' }
  | { type: 'chat.close' }
  | { type: 'chat.minimise' }
  | { type: 'chat.maximise' }
  /** back to the normal size from maximised */
  | { type: 'chat.restore' }
  | { type: 'chat.retry' }
  /** the trader moved to another page: settings may hide the chat there */
  | { type: 'chat.path'; hidden: boolean };
