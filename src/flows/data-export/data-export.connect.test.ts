import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { dataExportMachine } from '../../../machines/data-export/data-export.machine';
import { dataExportJobs } from '../../../machines/data-export/data-export.model';
import { connectDataExport } from './data-export.connect';

const settle = () => new Promise((r) => setTimeout(r, 0));

function start(loadStatus: () => Promise<unknown>, startExport: () => Promise<unknown> = () => Promise.resolve(dataExportJobs.running)) {
  const actor = createActor(
    dataExportMachine.provide({
      actors: {
        loadStatus: fromPromise(loadStatus as never),
        startExport: fromPromise(startExport as never),
        download: fromPromise(() => Promise.resolve({ name: 'my-data-2026-12-01.json', url: 'blob:x', bytes: 10 })),
      },
    }),
  ).start();
  return actor;
}

describe('connectDataExport', () => {
  it('none yet: the start button only; running: the progress of sections', async () => {
    const actor = start(() => Promise.resolve({ job: null }));
    await settle();
    const idle = connectDataExport(actor.getSnapshot(), actor.send);
    expect([idle.phase, idle.canStart, idle.canDownload, idle.newExport, idle.status]).toEqual(['idle', true, false, false, null]);
    idle.getStartProps().onClick();
    await settle();
    const running = connectDataExport(actor.getSnapshot(), actor.send);
    expect(running.phase).toBe('preparing');
    expect(running.progress).toEqual({ done: 5, total: 16 });
    expect(running.percent).toBe(31);
    expect(running.status).toEqual({ key: 'dataExport.preparing', params: { done: '5', total: '16' } });
    expect(running.getProgressProps()).toMatchObject({ max: 16, value: 5 });
    actor.stop();
  });

  it('ready: Download, then the saved name; the day’s limit says when', async () => {
    const actor = start(() => Promise.resolve({ job: dataExportJobs.ready }));
    await settle();
    const ready = connectDataExport(actor.getSnapshot(), actor.send);
    expect([ready.phase, ready.canDownload, ready.canStart]).toEqual(['ready', true, false]);
    ready.getDownloadProps().onClick();
    await settle();
    const done = connectDataExport(actor.getSnapshot(), actor.send);
    expect([done.phase, done.canStart, done.newExport]).toEqual(['downloaded', true, true]);
    expect(done.status).toEqual({ key: 'dataExport.downloaded', params: { name: 'my-data-2026-12-01.json' } });
    actor.stop();

    const limited = start(
      () => Promise.resolve({ job: null }),
      () => Promise.reject({ kind: 'http', status: 429, error: 'data_export.daily_limit', message: 'Limit.', params: { limit: '3', next: '2026-12-02T09:00:00.000Z' } }),
    );
    await settle();
    limited.send({ type: 'export.start' });
    await settle();
    const page = connectDataExport(limited.getSnapshot(), limited.send);
    expect(page.phase).toBe('limited');
    expect(page.error?.key).toBe('data_export.daily_limit');
    expect(page.error?.params?.limit).toBe('3');
    expect([page.canStart, page.canRetry]).toEqual([false, false]);
    limited.stop();
    vi.restoreAllMocks();
  });
});
