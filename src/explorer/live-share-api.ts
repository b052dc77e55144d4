import type { SessionFile } from '../../machines/explorer/live.types';

/**
 * The explorer's calls for a live session shared by link (issue 34 §2, core/contract/live-share.ts):
 * plain fetch, as the funnel's reads (src/explorer/funnel-load.ts: the app's ky client shared
 * with the explorer's entry would be split out of the traders' first chunk). A failure throws
 * the server's refusal key (`live.share_missing`) or `explorer.live.share_failed`.
 */
async function csrf(): Promise<string> {
  const me = (await (await fetch('/api/me', { cache: 'no-store', credentials: 'same-origin' })).json()) as { csrf?: unknown };
  return typeof me.csrf === 'string' ? me.csrf : '';
}

async function answer(res: Response): Promise<unknown> {
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new Error((body as { error?: unknown } | null)?.error === 'live.share_missing' ? 'live.share_missing' : 'explorer.live.share_failed');
  return body;
}

/** Keeps the session on the server; its link's id. */
export async function shareSession(file: SessionFile): Promise<string> {
  try {
    const res = await fetch('/api/explorer/live_shares', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json', 'x-csrf-token': await csrf() }, body: JSON.stringify(file) });
    return ((await answer(res)) as { id: string }).id;
  } catch (e) {
    throw e instanceof Error && e.message.includes('.') ? e : new Error('explorer.live.share_failed');
  }
}

/** A shared session as it was kept (the explorer reads it as it reads a file). */
export async function loadSharedSession(id: string): Promise<unknown> {
  try {
    return await answer(await fetch(`/api/explorer/live_shares/${encodeURIComponent(id)}`, { cache: 'no-store', credentials: 'same-origin' }));
  } catch (e) {
    throw e instanceof Error && e.message.includes('.') ? e : new Error('explorer.live.share_failed');
  }
}
