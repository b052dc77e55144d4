import type { EventFrom, SnapshotFrom } from 'xstate';
import { formatNumber } from '../../../core/format';
import type { Msg } from '../../../core/message';
import type { StatementFormat } from '../../../core/statement';
import type { statementMachine } from '../../../machines/statement/statement.machine';
import { formatDate } from '../shared/dates';
import { buttonProps, regionProps, statusProps, titleProps } from '../shared/props';

type Snapshot = SnapshotFrom<typeof statementMachine>;
type Send = (event: EventFrom<typeof statementMachine>) => void;

const TITLE_ID = 'statement-title';
const HINT_ID = 'statement-hint';
const PROGRESS_ID = 'statement-progress';

/** the range the History page shows (epoch milliseconds, both ends included); null before its first valid query */
export interface StatementRange {
  from: number;
  to: number;
}

export interface StatementApi {
  /** the range's first and last day as the trader reads them (DD.MM.YYYY), or null when there is none yet */
  range: { from: string; to: string } | null;
  /** a statement is being made or received */
  preparing: boolean;
  /** what has come so far: whether anything has (before, the server is still making it), a percent when the size is known, and the kilobytes */
  progress: { started: boolean; percent: number | null; kb: string } | null;
  /** the statement made last: its name and size (kilobytes, written in the trader's language) */
  file: { name: string; kb: string } | null;
  /** a range refused, or why the statement could not be made */
  error: Msg | null;
  /** the failure can be retried (the same request) */
  retryable: boolean;
  getRegionProps: () => ReturnType<typeof regionProps> & { 'aria-busy': boolean | undefined };
  getTitleProps: () => ReturnType<typeof titleProps>;
  /** the line that says what the statement covers: read with each button */
  getHintProps: () => { id: string };
  getDownloadProps: (format: StatementFormat) => ReturnType<typeof buttonProps> & { 'aria-describedby': string };
  getProgressProps: () => { id: string; max: number; value: number | undefined };
  getCancelProps: () => ReturnType<typeof buttonProps>;
  /** the made statement's line: it takes the focus when the file is saved */
  getStatusProps: () => ReturnType<typeof statusProps>;
  /** the refusal or failure: announced at once, taking the focus */
  getErrorProps: () => ReturnType<typeof statusProps>;
  getRetryProps: () => ReturnType<typeof buttonProps>;
  /** the made statement, to save again */
  getFileLinkProps: () => { href: string; download: string } | null;
}

const kilobytes = (bytes: number, lang: string): string => formatNumber(String(Math.max(1, Math.ceil(bytes / 1024))), lang, { digits: 0 });

const percentOf = (received: number, total: number): number => Math.min(100, Math.floor((received * 100) / total));

/** the counts a refusal names ({days}, {max}) written as the trader's language writes numbers */
function withCounts(error: Msg | null, lang: string): Msg | null {
  if (!error?.params) return error;
  const params = Object.fromEntries(Object.entries(error.params).map(([name, value]) => [name, /^\d+$/.test(String(value)) ? formatNumber(String(value), lang, { digits: 0 }) : value]));
  return { ...error, params };
}

/**
 * The History page's "Download a statement" section: CSV and PDF for the range the page shows
 * (`range`, the page's own query), in the page's language (`lang`); the progress while it comes
 * with a Cancel, the saved file's line (with Save again), or the refusal with a retry.
 */
export function connectStatement(s: Snapshot, send: Send, { range, lang }: { range: StatementRange | null; lang: string }): StatementApi {
  const preparing = s.matches('preparing');
  const { received, total, file, error, answers } = s.context;
  const ask = (format: StatementFormat) => {
    if (range) send({ type: 'statement.download', format, from: range.from, to: range.to, lang: lang === 'ru' ? 'ru' : 'en' });
  };
  const shownFile = s.matches({ waiting: 'ready' }) && file ? file : null;
  return {
    range: range ? { from: formatDate(range.from), to: formatDate(range.to) } : null,
    preparing,
    progress: preparing ? { started: received > 0, percent: received > 0 && total ? percentOf(received, total) : null, kb: kilobytes(received, lang) } : null,
    file: shownFile ? { name: shownFile.name, kb: kilobytes(shownFile.bytes, lang) } : null,
    error: preparing ? null : withCounts(error, lang),
    retryable: s.matches({ waiting: 'failed' }),
    getRegionProps: () => ({ ...regionProps(TITLE_ID), 'aria-busy': preparing || undefined }),
    getTitleProps: () => titleProps(TITLE_ID),
    getHintProps: () => ({ id: HINT_ID }),
    getDownloadProps: (format) => ({ ...buttonProps(() => ask(format), { disabled: preparing || range === null }), 'aria-describedby': HINT_ID }),
    getProgressProps: () => ({ id: PROGRESS_ID, max: 100, value: received > 0 && total ? percentOf(received, total) : undefined }),
    getCancelProps: () => buttonProps(() => send({ type: 'statement.cancel' })),
    getStatusProps: () => statusProps({ focusOn: shownFile ? `statement-${answers}` : null }),
    getErrorProps: () => statusProps({ role: 'alert', focusOn: error && !preparing ? `statement-${answers}` : null }),
    getRetryProps: () => buttonProps(() => send({ type: 'statement.retry' })),
    getFileLinkProps: () => (shownFile ? { href: shownFile.url, download: shownFile.name } : null),
  };
}
