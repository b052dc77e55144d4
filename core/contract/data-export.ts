import * as z from 'zod/mini';
import { DATA_EXPORT_STATUSES } from '../data-export';

/**
 * "Download my data" (issue 30 §9, docs/data-export.md; rules in core/data-export.ts).
 *
 * Calls (signed in; the POST carries the CSRF header):
 *   GET  /api/data-export                DataExportStatusResponse: the latest export, or null
 *   POST /api/data-export                DataExportJob: the export started (or the one running)
 *        (429 data_export.daily_limit with params.limit and params.next (ISO) beyond the day's exports)
 *   GET  /api/data-export/{id}/download  the JSON file, once (attachment my-data-YYYY-MM-DD.json)
 *        (404 data_export.not_found: not the trader's; 409 data_export.not_ready while running or failed;
 *         410 data_export.downloaded after the one download; 410 data_export.expired when unread for 7 days)
 */

export const DataExportStatus = z.enum(DATA_EXPORT_STATUSES);

export const DataExportJob = z.object({
  id: z.string(),
  status: DataExportStatus,
  /** sections gathered, of `total` */
  done: z.number(),
  total: z.number(),
  created_at: z.string(),
  ready_at: z.nullable(z.string()),
  /** when a ready export expires unread */
  expires_at: z.nullable(z.string()),
});
export type DataExportJob = z.infer<typeof DataExportJob>;

export const DataExportStatusResponse = z.object({ job: z.nullable(DataExportJob) });
export type DataExportStatusResponse = z.infer<typeof DataExportStatusResponse>;

export const DataExportParams = z.object({ id: z.string().check(z.maxLength(64)) });
