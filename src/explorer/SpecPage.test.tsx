import { fireEvent, render, screen, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SpecCoverageFile } from '../../machine-kit/spec-coverage-file';
import { en } from '../i18n/en';
import { ru } from '../i18n/ru';
import { I18nProvider, type Lang } from '../i18n';
import { loadSpecReport, SpecTable, tagWords } from './SpecPage';

const tag = (over: Partial<SpecCoverageFile['rules'][number]['tags'][number]>) => ({
  machine: 'cascade',
  kind: 'transition' as const,
  id: 'cascade.deciding:always:6',
  to: ['cascade.stopped'],
  file: 'machines/cascade/cascade.machine.ts',
  lines: '45-54, 198-203',
  model: true,
  ui: 'covered' as const,
  mutation: 'killed' as const,
  deviations: [],
  ...over,
});

const report: SpecCoverageFile = {
  method: { model: 'm', ui: 'u', mutation: 'x' },
  summary: { rules: 3, tagged: 2, untagged: 1, mustTagUntagged: [] },
  rules: [
    {
      id: '000 §4.16',
      file: '000',
      section: 4,
      title: { en: 'Zoom: host code 51 adds EZPAY', ru: 'Zoom: код 51 добавляет EZPAY' },
      deviation: 'spec README item 4',
      tags: [tag({ deviations: ['spec README item 4'] }), tag({ id: 'cascade.deciding:always:8', to: ['cascade.next'], model: false, ui: 'reason', uiReason: 'why', mutation: 'survived', survivors: ['46 OptionalChaining'] })],
    },
    {
      id: '002 §4.7',
      file: '002',
      section: 4,
      title: { en: 'Support init retries up to 3 times', ru: 'Инициализация поддержки до 3 раз' },
      tags: [tag({ machine: 'supportInit', id: 'supportInit.waiting:xstate.after.initBackoff.supportInit.waiting:0', to: ['supportInit.loading'], model: null, ui: 'unmeasured', mutation: 'unmeasured' })],
    },
    { id: '001 §9.20', file: '001', section: 9, title: { en: 'IQ mining bonus parameter 162', ru: 'Параметр бонуса IQ mining 162' }, tags: [] },
  ],
  untagged: ['001 §9.20'],
  deviations: [
    {
      id: 'spec README item 4',
      kind: 'deviation',
      ref: 'spec README 4',
      rules: ['000 §4.16'],
      reason: { en: 'A hard decline stops the cascade.', ru: 'Жёсткий отказ останавливает каскад.' },
      tags: ['cascade/cascade.deciding:always:6'],
    },
  ],
  unknown: [],
};

const show = (lang: Lang = 'en', r: SpecCoverageFile = report) =>
  render(
    <I18nProvider lang={lang} dict={lang === 'ru' ? ru : en}>
      <SpecTable report={r} />
    </I18nProvider>,
  );

const rowOf = (id: string): HTMLElement => {
  const row = screen.getByTestId('spec-table').querySelector<HTMLElement>(`tr[data-rule="${id}"]`);
  if (!row) throw new Error(`no row ${id}`);
  return row;
};

describe('the Spec coverage table', () => {
  it('lists each rule with its tagged transitions, each linking to it on its diagram, and the marks in words', () => {
    show();
    const row = rowOf('000 §4.16');
    const links = within(row).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['#/m/cascade/path/cascade.deciding%3Aalways%3A6', '#/m/cascade/path/cascade.deciding%3Aalways%3A8']);
    expect(links[0].textContent).toBe('cascade deciding → stopped');
    expect(within(row).getByText('deviation: spec README item 4')).toBeTruthy();
    for (const word of ['covered', 'not covered', 'through the page', 'the UI cannot cause it', 'no survivor', 'a mutant survived']) expect(within(row).getByText(word)).toBeTruthy();
    expect(within(row).getByText('a mutant survived').getAttribute('title')).toContain('46 OptionalChaining');
    expect(within(rowOf('002 §4.7')).getAllByText('not measured')).toHaveLength(3);
  });

  it('says an untagged rule is untagged, and filters to the untagged ones or one section', () => {
    show();
    expect(within(rowOf('001 §9.20')).getByTestId('spec-untagged').textContent).toMatch(/^untagged/);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Only untagged rules' }));
    expect(screen.getAllByRole('row').filter((r) => r.hasAttribute('data-rule')).map((r) => r.getAttribute('data-rule'))).toEqual(['001 §9.20']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Only untagged rules' }));
    fireEvent.change(screen.getByLabelText('Section'), { target: { value: '002 §4' } });
    expect(screen.getAllByRole('row').filter((r) => r.hasAttribute('data-rule')).map((r) => r.getAttribute('data-rule'))).toEqual(['002 §4.7']);
    expect(screen.getByRole('status').textContent).toBe('1 of 3 rules shown');
  });

  it('flags untagged rules of 000 §4 and 002 §4, and speaks Russian', () => {
    show('ru', { ...report, summary: { ...report.summary, mustTagUntagged: ['000 §4.2'] } });
    expect(screen.getByTestId('spec-must').textContent).toBe('Не помечены в 000 §4 и 002 §4: 000 §4.2');
    expect(screen.getByText('Zoom: код 51 добавляет EZPAY')).toBeTruthy();
    expect(screen.getByText('Жёсткий отказ останавливает каскад.')).toBeTruthy();
    expect(within(screen.getByTestId('spec-deviations')).getByRole('link').getAttribute('href')).toBe('#/m/cascade/path/cascade.deciding%3Aalways%3A6');
  });

  it('names transitions as an analyst reads them', () => {
    expect(tagWords({ machine: 'cascade', kind: 'transition', id: 'cascade.delaying:xstate.after.orangeNot3dDelay.cascade.delaying:0', to: ['cascade.starting'] })).toEqual({ from: 'delaying', to: 'starting', event: 'after orangeNot3dDelay' });
    expect(tagWords({ machine: 'cascade', kind: 'transition', id: 'cascade.checking:xstate.done.actor.0.cascade.checking:2', to: ['cascade.next'] })).toEqual({ from: 'checking', to: 'next', event: 'done: checking #2' });
    expect(tagWords({ machine: 'listen', kind: 'state', id: 'listen.active' })).toEqual({ from: 'active', to: '', event: '' });
  });

  it('reads the committed report, and refuses what is not one', async () => {
    const committed = await loadSpecReport(async () => JSON.parse(readFileSync('docs/coverage/spec.json', 'utf8')));
    expect(committed?.summary.mustTagUntagged).toEqual([]);
    expect(committed?.rules.length).toBe(committed?.summary.rules);
    expect(await loadSpecReport(async () => ({ machines: {} }))).toBeUndefined();
    expect(await loadSpecReport(async () => Promise.reject(new Error('offline')))).toBeUndefined();
  });
});
