import type { MachineModel } from '../../machine-kit/types';
import type { DataExportJob } from '../../core/contract/data-export';
import { dataExportMachine } from './data-export.machine';

const http = (status: number, error: string, message = '', params?: Record<string, string>) => ({ kind: 'http', status, error, message, ...(params && { params }) });

const job = (status: DataExportJob['status'], done: number): DataExportJob => ({
  id: 'b7e1c2d0-0000-4000-8000-000000000001',
  status,
  done,
  total: 16,
  created_at: '2026-12-01T10:00:00.000Z',
  ready_at: status === 'ready' || status === 'downloaded' ? '2026-12-01T10:00:04.000Z' : null,
  expires_at: status === 'ready' ? '2026-12-08T10:00:04.000Z' : null,
});

export const dataExportJobs = { running: job('running', 5), ready: job('ready', 16), failed: job('failed', 3), downloaded: job('downloaded', 16) };
export const dataExportFile = { name: 'my-data-2026-12-01.json', url: 'blob:my-data-1', bytes: 48_213 };

/**
 * Download my data: the latest export read (none, running, ready, failed, downloaded; or the read
 * lost and retried); started (running, or the day's limit, or lost); its progress read until it is
 * ready or failed (a read lost meanwhile); downloaded, or refused as already made, or lost.
 */
export const dataExportModel: MachineModel = {
  machine: dataExportMachine,
  events: {},
  actors: {
    loadStatus: [
      { output: { job: null } },
      { output: { job: dataExportJobs.running } },
      { output: { job: dataExportJobs.ready } },
      { output: { job: dataExportJobs.failed } },
      { output: { job: dataExportJobs.downloaded } },
      { error: { kind: 'network' } },
    ],
    startExport: [
      { output: dataExportJobs.running },
      { output: dataExportJobs.ready },
      { error: http(429, 'data_export.daily_limit', 'You can ask for your data 3 times a day.', { limit: '3', next: '2026-12-02T09:00:00.000Z' }) },
      { error: { kind: 'network' } },
    ],
    download: [
      { output: dataExportFile },
      { error: http(410, 'data_export.downloaded', 'This export was already downloaded.') },
      { error: { kind: 'network' } },
    ],
  },
  maxDepth: 8,
};
