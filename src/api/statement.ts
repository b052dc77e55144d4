import type { StatementFormat } from '../../core/statement';
import { http, toFailure } from './http';

/** What GET /api/statement is asked (core/contract/statement.ts). */
export interface StatementAsk {
  format: StatementFormat;
  from: number;
  to: number;
  lang: 'en' | 'ru';
  /** the zone the file's dates are written in (the browser's) */
  tz: string;
}

export interface StatementDownloadOptions {
  /** bytes received so far, and the size when the server said it */
  onProgress?: (received: number, total: number | null) => void;
  /** stops the download (the Cancel button) */
  signal?: AbortSignal;
}

/** a download stopped on purpose: not a failure to show */
export class StatementAborted extends Error {
  constructor() {
    super('statement download aborted');
    this.name = 'StatementAborted';
  }
}

const FILE_NAME = /filename="([^"]+)"/;
/** a long range's PDF takes the server a while: more than the ky instance's 20 s for a JSON answer */
const STATEMENT_TIMEOUT_MS = 120_000;

/**
 * One statement (GET /api/statement through the one ky instance): the file as a Blob with the name
 * the server gave it, its progress as it comes. Rejects with a CallFailure like every other call
 * (the server's ApiError, or `network`), or StatementAborted.
 */
export async function downloadStatement(ask: StatementAsk, options: StatementDownloadOptions = {}): Promise<{ blob: Blob; name: string }> {
  try {
    const response = await http.get('/api/statement', {
      searchParams: { from: ask.from, to: ask.to, format: ask.format, lang: ask.lang, tz: ask.tz },
      cache: 'no-store',
      timeout: STATEMENT_TIMEOUT_MS,
      signal: options.signal,
      onDownloadProgress: (progress) => options.onProgress?.(progress.transferredBytes, progress.totalBytes > 0 ? progress.totalBytes : null),
    });
    const name = FILE_NAME.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `statement.${ask.format}`;
    return { blob: await response.blob(), name };
  } catch (error) {
    if (options.signal?.aborted) throw new StatementAborted();
    throw await toFailure(error);
  }
}
