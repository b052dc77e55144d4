import type { DbOrTx } from '../../domain/ledger';
import type { Messenger } from '../../domain/ports';

/** The sandbox Messenger (server/domain/ports.ts): every message goes to the `sandbox_outbox` table, where testers read it (GET /api/sandbox/outbox, sandbox mode only). Nothing leaves the machine. */
export function sandboxMessenger(db: DbOrTx): Messenger {
  return {
    async send(message) {
      await db
        .insertInto('sandbox_outbox')
        .values({
          user_id: message.userId,
          channel: message.channel,
          address: message.address.toLowerCase(),
          subject: message.subject.slice(0, 200),
          body: message.body.slice(0, 4000),
        })
        .execute();
    },
  };
}

export interface OutboxEntry {
  id: string;
  channel: 'email' | 'sms';
  address: string;
  subject: string;
  body: string;
  code?: string;
  createdAt: string;
}

/** The newest messages to `address` (newest first). */
export async function readOutbox(db: DbOrTx, address: string, limit = 20): Promise<OutboxEntry[]> {
  const rows = await db
    .selectFrom('sandbox_outbox')
    .selectAll()
    .where('address', '=', address.trim().toLowerCase())
    .orderBy('id', 'desc')
    .limit(Math.min(100, Math.max(1, limit)))
    .execute();
  return rows.map((r) => {
    const code = /\b(\d{6})\b/.exec(r.body)?.[1];
    return {
      id: String(r.id),
      channel: r.channel,
      address: r.address,
      subject: r.subject,
      body: r.body,
      ...(code && { code }),
      createdAt: r.created_at.toISOString(),
    };
  });
}
