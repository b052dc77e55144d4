import { describe, expect, it } from 'vitest';
import { machines } from '../../machines/index';
import { models } from '../../machines/models';
import { BONUS_TIERS, sliderSteps } from '../../core/amount';
import { classify, hardDeclineKey } from '../../core/cascade/classify';
import { PROCESSORS, PROCESSOR_TABLE } from '../../core/cascade/processors';
import { WITHDRAWAL_CASE_RULES, WITHDRAWAL_CASES } from '../../core/withdrawal';
import { messages } from '../features/explorer/messages';
import { buildCatalog } from './catalog';
import { classifyRows, firstTarget, outcomeText, rules, type Cell } from './rules';
import { machineRules } from './rules-view';
import { transitionText, transitionWords } from './transition-text';

const catalog = buildCatalog(machines, models);
const all = rules(machines);
const table = (rule: string, id: string) => all.find((r) => r.id === rule)!.tables.find((t) => t.id === id)!;
const plain = (c: Cell) => (typeof c === 'string' ? c : messages.en[c.t as keyof typeof messages.en]);

describe('decision tables: computed from the tables and functions core/ runs', () => {
  it('the bonus tiers are BONUS_TIERS, row for row', () => {
    expect(table('amount', 'tiers').rows).toEqual(BONUS_TIERS.map((t) => [t.name, `≥ ${t.from}`, `${t.percent}%`, `+${t.value}`]));
  });

  it('the slider steps are sliderSteps() of each minimum', () => {
    for (const [min, steps] of table('amount', 'slider').rows) expect(steps).toBe(sliderSteps(min as string).join(' · '));
  });

  it('the withdrawal cases come in the server’s order, with what each asks and where the machine goes', () => {
    const rows = table('withdrawalCase', 'withdrawalCase').rows;
    expect(rows.map((r) => r[1])).toEqual(WITHDRAWAL_CASE_RULES.map((r) => r.case));
    for (const r of rows) expect(r[3]).toBe(WITHDRAWAL_CASES[r[1] as keyof typeof WITHDRAWAL_CASES].then);
    const then = Object.fromEntries(rows.map((r) => [r[1], r[4]]));
    expect(then).toEqual({ verify: 'needVerify', two: 'confirming', six: 'confirming', three: 'confirming', one: 'confirming', four: 'confirming', five: 'finalizing' });
  });

  it('the processors are PROCESSOR_TABLE in the stack’s order', () => {
    expect(table('stack', 'processors').rows.map((r) => r[0])).toEqual(PROCESSORS);
    expect(table('stack', 'processors').rows.map((r) => r[1])).toEqual(PROCESSORS.map((p) => PROCESSOR_TABLE[p].name));
  });

  it('the hard declines are every ISO code hardDeclineKey() stops on, do not honor first', () => {
    const rows = table('classify', 'hard').rows;
    expect(rows[0][0]).toBe('05');
    const codes = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0')).filter((c) => hardDeclineKey(c));
    expect(rows.slice(1).map((r) => r[0])).toEqual(codes);
    expect(codes).toContain('51');
  });

  it('classify rows: the outcome is classify()’s and “then” is where the cascade machine really goes', () => {
    const rows = table('classify', 'classify').rows.map((r) => r.map(plain));
    const row = (processor: string, reply: string) => rows.find((r) => r[0] === processor && r[1] === reply)!;
    expect(row('Zoom', 'result=2, hostCode=05').slice(2)).toEqual(['doNotHonor', 'doNotHonor', 'yes']);
    expect(row('Zoom', 'result=2, hostCode=51').slice(2)).toEqual(['declined, stop', 'stopped', 'yes']);
    expect(row('Zoom', 'result=2, error=token').slice(2)).toEqual(['declined, next, skip EZPAY', 'next processor', 'no']);
    expect(row('PFS', 'code=0091').slice(3)).toEqual(['next processor', 'no']);
    expect(row('PFS', 'code=0000').slice(3)).toEqual(['approved', 'yes']);
    expect(row('Orange, Orange (non-3-D)', 'status=pending, transaction_id=t').slice(3)).toEqual(['listening', 'no']);
    expect(row('EZPAY', 'status=DECLINED, code=91 (fixed=true)').slice(3)).toEqual(['stopped', 'yes']);
    expect(row('Fraud check', '(nothing flagged)').slice(2)).toEqual(['passed', 'next processor', 'no']);
    // every outcome kind classify() answers has a row
    expect(new Set(classifyRows(machines.cascade.machine).map((r) => String(r[2]).split(',')[0]))).toEqual(
      new Set(['approved', 'pending', 'redirect', 'entropayStart', 'entropayCvv', 'doNotHonor', 'declined', 'passed']),
    );
    expect(outcomeText(classify({ proc: 'ZOOM', result: 2, hostCode: '05' }, { fixed: false }))).toBe('doNotHonor');
  });

  it('reads the machine’s own guards for “then”', () => {
    const cascade = machines.cascade.machine;
    expect(firstTarget(cascade, 'deciding', '', { context: { outcome: { kind: 'approved' } }, event: { type: '' } })).toBe('approved');
    expect(firstTarget(cascade, 'deciding', '', { context: { outcome: { kind: 'declined', stop: true } }, event: { type: '' } })).toBe('stopped');
  });

  it('every table text and column has English and Russian', () => {
    for (const r of all) {
      for (const key of [`explorer.rules.${r.id}.title`, `explorer.rules.${r.id}.note`, ...r.tables.flatMap((t) => [`explorer.rules.table.${t.id}`, ...t.columns])]) {
        expect(messages.en, key).toHaveProperty([key]);
        expect(messages.ru, key).toHaveProperty([key]);
      }
      for (const cell of r.tables.flatMap((t) => t.rows.flat())) {
        if (typeof cell !== 'string') {
          expect(messages.en, cell.t).toHaveProperty([cell.t]);
          expect(messages.ru, cell.t).toHaveProperty([cell.t]);
        }
      }
    }
  });
});

describe('which transitions read a rule', () => {
  it('the withdrawal: the check’s answers (each case and the else)', () => {
    const info = machineRules(catalog, 'withdrawal');
    const uses = info.uses.get('withdrawalCase')!.map((id) => transitionText(machines.withdrawal.machine, id));
    expect(uses).toEqual([
      'checking → finalizing on done: checkWithdrawal [isCase(five)]',
      'checking → needVerify on done: checkWithdrawal [isCase(verify)]',
      'checking → confirming on done: checkWithdrawal [else]',
    ]);
  });

  it('the cascade: deciding’s outcomes read classify, next’s and preparing’s read the stack', () => {
    const info = machineRules(catalog, 'cascade');
    const text = (rule: string) => info.uses.get(rule)!.map((id) => transitionText(machines.cascade.machine, id));
    expect(text('classify')).toContain('deciding → approved on always [isOutcome(approved)]');
    expect(text('classify')).toContain('deciding → stopped on always [isStop]');
    expect(text('stack')).toEqual(['next → preparing on always [hasUntried]', 'next → stopped on always [isStackEmpty]', 'preparing → delaying on always [isCurrent(ORANGE_NOT3D)]']);
    expect(machineRules(catalog, 'login').rules).toEqual([]);
  });
});

describe('transitions in words', () => {
  it('names source, target, event and guard; an unknown id stays as it is', () => {
    expect(transitionWords(machines.withdrawal.machine, 'withdrawal.editing:form.submit:2')).toEqual({ source: 'editing', target: 'finalizing', event: 'form.submit', guard: 'isFixed' });
    expect(transitionText(machines.withdrawal.machine, 'withdrawal.editing:form.submit:0', 'по')).toBe('editing → editing по form.submit [amountInvalid]');
    expect(transitionText(machines.cascade.machine, 'cascade.delaying:xstate.after.orangeNot3dDelay.cascade.delaying:0')).toBe('delaying → starting on after 6 s (orangeNot3dDelay)');
    expect(transitionText(machines.withdrawal.machine, 'withdrawal.nowhere:x:0')).toBe('withdrawal.nowhere:x:0');
  });
});
