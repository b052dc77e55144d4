import type { MachineModel } from '../../machine-kit/types';
import { statementMachine } from './statement.machine';

const FROM = Date.parse('2026-05-01T00:00:00.000Z');
const TO = Date.parse('2026-05-31T23:59:59.999Z');
const DAY = 86_400_000;

/** The History page's range as the download section asks for it: CSV and PDF, a backwards range, one of 400 days. */
export const statementRequests = {
  csv: { format: 'csv', from: FROM, to: TO, lang: 'en' },
  pdf: { format: 'pdf', from: FROM, to: TO, lang: 'ru' },
  backwards: { format: 'csv', from: TO, to: FROM, lang: 'en' },
  tooLong: { format: 'pdf', from: FROM, to: FROM + 400 * DAY, lang: 'en' },
} as const;

export const statementFile = { name: 'statement-2026-05-01-2026-05-31.csv', url: 'blob:statement-1', bytes: 2048, format: 'csv' } as const;

/**
 * A statement: asked for (CSV, PDF) or refused at once (backwards, too long); received with its
 * progress, then saved; lost (network) or refused by the server (too many movements) with a retry;
 * cancelled while it comes; asked again once made.
 */
export const statementModel: MachineModel = {
  machine: statementMachine,
  events: {
    'statement.download': Object.values(statementRequests),
  },
  emitted: {
    download: [
      { type: 'statement.progress', received: 1024, total: 2048 },
      { type: 'statement.ready', file: statementFile },
      { type: 'statement.failed', error: { kind: 'network' } },
      { type: 'statement.failed', error: { kind: 'http', status: 400, error: 'statement.too_many_rows', message: 'This range holds more than 10000 movements: choose a shorter one.', params: { max: '10000' } } },
    ],
  },
  maxDepth: 5,
};
