import type { DataExportJob, DataExportStatusResponse } from '../../core/contract/data-export';
import type { Msg } from '../../core/message';

/** The file the download made, saved by the browser: its name, an object URL, its size. */
export interface DataExportFile {
  name: string;
  url: string;
  bytes: number;
}

export interface DataExportContext {
  /** the trader's latest export as the server last said (null: none yet) */
  job: DataExportJob | null;
  /** the file once downloaded */
  file: DataExportFile | null;
  /** what went wrong last (the status could not be read, the start or the download failed, the day's limit) */
  error: Msg | null;
  /** each answer that changes what the page says: the status part is announced and focused again */
  answers: number;
}

export type DataExportEvent =
  /** "Prepare my data" (also "Prepare a new export" after one was downloaded, expired or failed) */
  | { type: 'export.start' }
  /** the status or a start that could not be made: try again */
  | { type: 'export.retry' }
  /** "Download" once it is ready */
  | { type: 'export.download' };

export type { DataExportJob, DataExportStatusResponse };
