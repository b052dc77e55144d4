import type { ChatMessage } from '../../../core/contract';
import type { DbOrTx } from '../../domain/ledger';
import type { ChatGateway } from '../../domain/ports';
import { hashToken, newToken } from '../../domain/tokens';

/** The chat provider as the broker reaches it (the ChatGateway port, server/domain/ports.ts). The sandbox implements it over its own tables and answers every message with an automated line that says it is a sandbox. */
export type { ChatGateway };

export const CHAT_TOKEN_TTL_MS = 12 * 60 * 60_000;
export const SANDBOX_HOSTS = [{ id: 'anna', name: 'Anna' }] as const;

/** `labelled`: the page says it is a sandbox chat (sandbox mode; outside it the sandbox chat stands in unlabelled until a real provider is plugged in). */
export function sandboxChat(db: DbOrTx, { url = '/chat', labelled = true }: { url?: string; labelled?: boolean } = {}): ChatGateway {
  return {
    sandbox: labelled,
    url,
    hosts: SANDBOX_HOSTS,
    async issueToken({ userRef, name }) {
      const token = newToken();
      const expiresAt = new Date(Date.now() + CHAT_TOKEN_TTL_MS);
      await db.insertInto('sandbox_chat_tokens').values({ token_hash: hashToken(token), user_ref: userRef, name, expires_at: expiresAt }).execute();
      return { token, expiresAt };
    },
  };
}

/** The conversation a token or a guest id belongs to ('' when the token is unknown or expired). */
export async function conversationOf(db: DbOrTx, auth: { token?: string; guest?: string }): Promise<string> {
  if (auth.token) {
    if (auth.token.length > 100) return '';
    const row = await db
      .selectFrom('sandbox_chat_tokens')
      .select('user_ref')
      .where('token_hash', '=', hashToken(auth.token))
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    return row ? `user:${row.user_ref}` : '';
  }
  if (auth.guest && /^[A-Za-z0-9_-]{16,64}$/.test(auth.guest)) return `guest:${auth.guest}`;
  return '';
}

export async function messagesOf(db: DbOrTx, conversation: string): Promise<ChatMessage[]> {
  const rows = await db
    .selectFrom('sandbox_chat_messages')
    .select(['id', 'author', 'body', 'created_at'])
    .where('conversation', '=', conversation)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  return rows.reverse().map((r) => ({ id: String(r.id), author: r.author, body: r.body, createdAt: r.created_at.getTime() }));
}

const REPLIES: Record<string, string> = {
  en: 'Thanks for your message! This is the sandbox chat: replies are automated and no real host reads them.',
  ru: 'Спасибо за сообщение! Это чат-песочница: ответы автоматические, живой ведущий их не читает.',
};

/** Stores the guest's message and the sandbox host's automated answer. */
export async function postMessage(db: DbOrTx, conversation: string, body: string, lang: string): Promise<void> {
  await db.insertInto('sandbox_chat_messages').values({ conversation, author: 'guest', body }).execute();
  await db.insertInto('sandbox_chat_messages').values({ conversation, author: 'host', body: REPLIES[lang] ?? REPLIES.en }).execute();
}
