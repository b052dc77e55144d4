import { describe, expect, it } from 'vitest';
import { isDailyLimit, isGone } from './data-export.machine';

/** What the model does not try: which refusals the guards take. */
describe('dataExport: the refusals', () => {
  it('the day’s limit is the 429 with its key only', () => {
    expect(isDailyLimit({ kind: 'http', status: 429, error: 'data_export.daily_limit', message: '' })).toBe(true);
    expect(isDailyLimit({ kind: 'http', status: 429, error: 'rate_limited', message: '' })).toBe(false);
    expect(isDailyLimit({ kind: 'network' })).toBe(false);
    expect(isDailyLimit(new Error('boom'))).toBe(false);
  });

  it('a download already made or expired is 410, whatever its key', () => {
    expect(isGone({ kind: 'http', status: 410, error: 'data_export.downloaded', message: '' })).toBe(true);
    expect(isGone({ kind: 'http', status: 410, error: 'data_export.expired', message: '' })).toBe(true);
    expect(isGone({ kind: 'http', status: 409, error: 'data_export.not_ready', message: '' })).toBe(false);
    expect(isGone({ kind: 'http', status: 404, error: 'data_export.not_found', message: '' })).toBe(false);
    expect(isGone({ kind: 'network' })).toBe(false);
  });
});
