import type { DbOrTx } from '../ledger';
import '../../db/schema-support';

/**
 * Staged support attachments: documents of kind `attachment` no message links yet.
 * The trader may take back the newest one or drop them all; a linked one stays with its message.
 */

/** Deletes the trader's newest staged attachment; its id, or null when there was none. */
export async function unshiftAttachment(db: DbOrTx, userId: number): Promise<string | null> {
  const newest = await db
    .selectFrom('documents as d')
    .select('d.id')
    .where('d.user_id', '=', userId)
    .where('d.kind', '=', 'attachment')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('support_attachments as a').select('a.document_id').whereRef('a.document_id', '=', 'd.id'))))
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!newest) return null;
  const removed = await db
    .deleteFrom('documents as d')
    .where('d.id', '=', newest.id)
    .where('d.user_id', '=', userId)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('support_attachments as a').select('a.document_id').whereRef('a.document_id', '=', 'd.id'))))
    .returning('d.id')
    .executeTakeFirst();
  return removed?.id ?? null;
}

/** Deletes every staged attachment of the trader (POST /api/kayako/drop); how many. */
export async function dropAttachments(db: DbOrTx, userId: number): Promise<number> {
  const rows = await db
    .deleteFrom('documents as d')
    .where('d.user_id', '=', userId)
    .where('d.kind', '=', 'attachment')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('support_attachments as a').select('a.document_id').whereRef('a.document_id', '=', 'd.id'))))
    .returning('d.id')
    .execute();
  return rows.length;
}
