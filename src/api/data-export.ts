import type { DataExportJob, DataExportStatusResponse } from '../../core/contract/data-export';
import { call, http, toFailure } from './http';
import { contractOf } from './contracts';

const dataExportContract = () => import('../../core/contract/data-export');

/** Download my data (core/contract/data-export.ts): imported only by the data page's chunk. */
export const getDataExport = (): Promise<DataExportStatusResponse> => call(contractOf(dataExportContract, 'DataExportStatusResponse'), '/api/data-export', { cache: 'no-store' });
export const startDataExport = (): Promise<DataExportJob> => call(contractOf(dataExportContract, 'DataExportJob'), '/api/data-export', { method: 'POST' });

const FILE_NAME = /filename="([^"]+)"/;

/** The one download of an export: the JSON as a Blob with the name the server gave it. Rejects with a CallFailure. */
export async function downloadDataExport(id: string): Promise<{ blob: Blob; name: string }> {
  try {
    const response = await http.get(`/api/data-export/${encodeURIComponent(id)}/download`, { cache: 'no-store', timeout: 120_000 });
    const name = FILE_NAME.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'my-data.json';
    return { blob: await response.blob(), name };
  } catch (error) {
    throw await toFailure(error);
  }
}
