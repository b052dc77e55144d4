import { DataExportJob, DataExportParams, DataExportStatusResponse } from '../../core/contract/data-export';
import { latestExport, startExport, takeExport } from '../domain/data-export/jobs';
import { startDataExportWorker } from '../domain/data-export/worker';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';
import { requireUser } from '../http/session';
import type { RouteDeps } from './deps';

/** how often each instance looks for export jobs left by a stopped process */
const DATA_EXPORT_TICK_MS = 15_000;

/**
 * "Download my data" (issue 30 §9, docs/data-export.md; contract core/contract/data-export.ts).
 * Signed in only; the POST with the CSRF header. The job is gathered in the background by this
 * process (the worker), its progress read with the GET; the download is a GET (it reads), once.
 */
export const dataExportRoutes: RoutePlugin<RouteDeps> = async (app, { db, ready }) => {
  // its ticks wait for the migrated database (a first start migrates while the server listens)
  const worker = startDataExportWorker({ db, everyMs: DATA_EXPORT_TICK_MS, log: app.log, ...(ready && { ready }) });
  app.addHook('onClose', async () => worker.stop());

  app.get('/api/data-export', { schema: api(TAGS.account, 'Download my data: the latest export and its progress', { response: DataExportStatusResponse }) }, async (request): Promise<DataExportStatusResponse> => {
    const userId = requireUser(request);
    return { job: await latestExport(db, userId, new Date()) };
  });

  app.post('/api/data-export', { schema: api(TAGS.account, 'Download my data: start an export (or answer the one running)', { response: DataExportJob }) }, async (request): Promise<DataExportJob> => {
    const userId = requireUser(request);
    const { job, started } = await startExport(db, userId, new Date());
    if (started || job.status === 'running') worker.kick(job.id);
    return job;
  });

  app.get(
    '/api/data-export/:id/download',
    { schema: api(TAGS.account, 'Download my data: the JSON file, once, to its owner', { params: DataExportParams, produces: 'file' }) },
    async (request, reply) => {
      const userId = requireUser(request);
      const file = await takeExport(db, userId, request.params.id, new Date());
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
};
