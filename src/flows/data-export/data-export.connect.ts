import type { SnapshotFrom } from 'xstate';
import { formatNumber } from '../../../core/format';
import { msg, type Msg } from '../../../core/message';
import type { dataExportMachine } from '../../../machines/data-export/data-export.machine';
import type { DataExportEvent } from '../../../machines/data-export/data-export.types';
import { formatDateTime } from '../shared/dates';
import { buttonProps, regionProps, statusProps, titleProps } from '../shared/props';

export type DataExportSnapshot = SnapshotFrom<typeof dataExportMachine>;

const TITLE_ID = 'data-title';

/** What the page shows in each state: one place (typed by the machine's states). */
export type DataExportPhase = 'loading' | 'loadFailed' | 'idle' | 'starting' | 'startFailed' | 'limited' | 'preparing' | 'ready' | 'downloading' | 'downloaded' | 'failed';

const PHASES: readonly DataExportPhase[] = ['loading', 'loadFailed', 'idle', 'starting', 'startFailed', 'limited', 'preparing', 'ready', 'downloading', 'downloaded', 'failed'];

/** connect() for #/show/data (issue 30 §9): the status line with the progress, and the one button each state offers. */
export function connectDataExport(s: DataExportSnapshot, send: (event: DataExportEvent) => void, lang = 'en') {
  const c = s.context;
  const phase = PHASES.find((p) => s.matches(p)) ?? 'loading';
  const job = c.job;
  const progress = job && (phase === 'preparing' || phase === 'starting') ? { done: job.done, total: job.total } : null;
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;

  const status: Msg | null = (() => {
    switch (phase) {
      case 'loading':
        return msg('dataExport.loading');
      case 'starting':
        return msg('dataExport.starting');
      case 'preparing':
        return msg('dataExport.preparing', undefined, { done: formatNumber(String(job?.done ?? 0), lang, { digits: 0 }), total: formatNumber(String(job?.total ?? 0), lang, { digits: 0 }) });
      case 'ready':
        return msg('dataExport.ready', undefined, { expires: job?.expires_at ? formatDateTime(job.expires_at) : '' });
      case 'downloading':
        return msg('dataExport.downloading');
      case 'downloaded':
        return msg('dataExport.downloaded', undefined, { name: c.file?.name ?? '' });
      case 'failed':
        return msg('dataExport.failed');
      case 'idle':
        return job?.status === 'downloaded' ? msg('dataExport.last_downloaded') : job?.status === 'expired' ? msg('dataExport.last_expired') : null;
      default:
        return null;
    }
  })();
  const limitNext = c.error?.key === 'data_export.daily_limit' ? (c.error.params?.next as string | undefined) : undefined;
  const error: Msg | null = phase === 'limited' && limitNext ? msg('data_export.daily_limit', c.error?.fallback, { ...c.error?.params, next: formatDateTime(limitNext) }) : c.error;
  const start = () => send({ type: 'export.start' });
  const retry = () => send({ type: 'export.retry' });
  const download = () => send({ type: 'export.download' });

  return {
    phase,
    status,
    error,
    progress,
    percent,
    canStart: phase === 'idle' || phase === 'downloaded',
    canRetry: phase === 'loadFailed' || phase === 'startFailed' || phase === 'failed',
    canDownload: phase === 'ready',
    busy: phase === 'loading' || phase === 'starting' || phase === 'downloading',
    newExport: phase === 'downloaded' || (phase === 'idle' && job !== null),
    getRegionProps: () => regionProps(TITLE_ID),
    getTitleProps: () => titleProps(TITLE_ID),
    getStatusProps: () => ({ ...statusProps({ focusOn: c.answers > 0 ? `data-${c.answers}` : null }), 'aria-busy': phase === 'loading' || phase === 'starting' || undefined }),
    getErrorProps: () => statusProps({ role: 'alert' }),
    getProgressProps: () => ({ max: progress?.total ?? 0, value: progress?.done ?? 0, 'aria-labelledby': TITLE_ID }),
    getStartProps: () => buttonProps(start),
    getRetryProps: () => buttonProps(retry),
    getDownloadProps: () => buttonProps(download),
  };
}

export type DataExportApi = ReturnType<typeof connectDataExport>;
