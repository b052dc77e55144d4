import { describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom, type StateValue } from 'xstate';
import { msg } from '../../../core/message';
import { reportsMachine } from '../../../machines/reports/reports.machine';
import { connectReports, reportTabProps } from './reports.connect';

const input = { kind: 'reports' as const, pageSize: 100, from: '20.11.2026', to: '21.11.2026' };
function at(value: StateValue, context: object = {}): SnapshotFrom<typeof reportsMachine> {
  const initial = createActor(reportsMachine, { input }).getSnapshot();
  return reportsMachine.resolveState({ value, context: { ...initial.context, ...context } });
}

describe('the reports getters', () => {
  it('both dates are refused together and read with the one date message; the selects send their filters', () => {
    const send = vi.fn();
    const api = connectReports(at('ready', { dateError: msg('reports.bad_date'), rows: [], total: 0 }), send);
    expect(api.getLabelProps('from')).toEqual({ htmlFor: 'rp-from' });
    expect(api.getFieldProps('from')).toMatchObject({ id: 'rp-from', value: '20.11.2026', 'aria-invalid': true, 'aria-describedby': 'rp-date-error' });
    expect(api.getFieldProps('to')).toMatchObject({ id: 'rp-to', 'aria-invalid': true, 'aria-describedby': 'rp-date-error' });
    expect(api.getDateErrorProps()).toEqual({ id: 'rp-date-error', role: 'alert' });
    expect(api.getFieldProps('status')['aria-invalid']).toBeUndefined();
    api.getFieldProps('to').onChange!({ target: { value: '22.11.2026' } } as never);
    api.getFieldProps('status').onChange!({ target: { value: 'won' } } as never);
    api.getFieldProps('filter').onChange!({ target: { value: 'x' } } as never);
    api.getQueryProps().onSubmit({ preventDefault: () => {}, currentTarget: undefined } as never);
    expect(send.mock.calls.map(([e]) => e)).toEqual([{ type: 'query.edit', to: '22.11.2026' }, { type: 'query.status', status: 'won' }, { type: 'query.filter', filter: 'x' }, { type: 'query.apply' }]);
  });

  it('busy while loading (the apply button rests); the pager buttons follow the pages; the current tab', () => {
    const loading = connectReports(at('loading'), vi.fn());
    expect(loading.getRegionProps()).toEqual({ 'aria-busy': true });
    expect(loading.getApplyProps().disabled).toBe(true);
    const many = connectReports(at('ready', { rows: [{}], total: 250, offset: 0 }), vi.fn());
    expect(many.getRegionProps()).toEqual({ 'aria-busy': false });
    expect([many.getPrevProps().disabled, many.getNextProps().disabled]).toEqual([true, undefined]);
    expect(reportTabProps('history', 'history')).toEqual({ 'aria-current': 'page' });
    expect(reportTabProps('history', 'reports')).toEqual({ 'aria-current': undefined });
  });
});
