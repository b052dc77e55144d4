import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import type { DiagramEdge } from '../../machine-kit/diagram/model';
import { BONUS_TIERS, sliderSteps } from '../../core/amount';
import { classify, DO_NOT_HONOR, hardDeclineKey, type Outcome } from '../../core/cascade/classify';
import { PROCESSOR_TABLE, PROCESSORS, DEFAULT_STACK, PFS_EXCLUDED_COUNTRIES, type Processor, type ProcessorReply } from '../../core/cascade/processors';
import { cascadeStack, type StackFacts } from '../../core/cascade/stack';
import { WITHDRAWAL_CASE_RULES, WITHDRAWAL_CASES } from '../../core/withdrawal';

/**
 * Decision tables of the rules that live in core/, as the explorer shows them beside a machine's
 * diagram. Each table is computed from what the code reads: the core table itself (bonus tiers,
 * the withdrawal cases and their order, the processor table) or the core function run on
 * examples (classify on one reply of each kind, cascadeStack on example facts, sliderSteps on
 * example minimums), and what the machine does next is found by evaluating the machine's own
 * guards, so nothing here restates a rule.
 */

/** A cell: text as the code spells it, or an explorer message key (`{ t }`) to translate. */
export type Cell = string | { t: string; values?: Record<string, string | number> };

export interface RuleTable {
  id: string;
  /** where the rule lives */
  source: string;
  /** message keys of the column titles */
  columns: string[];
  rows: Cell[][];
}

export interface Rule {
  /** `explorer.rules.<id>.title` and `.note` are its texts */
  id: string;
  tables: RuleTable[];
  /** the machine this rule is shown on */
  machine: string;
  /** the machine's transitions that read the rule */
  uses: (edge: DiagramEdge) => boolean;
}

// ---------- reading the machine ----------

type Args = { context: unknown; event: unknown };

function guardHolds(machine: AnyStateMachine, guard: unknown, args: Args): boolean {
  const type = typeof guard === 'string' ? guard : (guard as { type?: string }).type;
  const impl = type ? (machine.implementations.guards as Record<string, unknown>)[type] : undefined;
  if (typeof impl !== 'function') throw new Error(`guard ${String(type)} of ${machine.id} is not a named guard`);
  const raw = typeof guard === 'object' && guard ? (guard as { params?: unknown }).params : undefined;
  const params = typeof raw === 'function' ? (raw as (a: Args) => unknown)(args) : raw;
  return Boolean((impl as (a: Args, p: unknown) => unknown)(args, params));
}

/** The target (key under the root) of the first alternative of `state` on `eventType` ('' = always) whose guard holds. */
export function firstTarget(machine: AnyStateMachine, state: string, eventType: string, args: Args): string {
  const node: AnyStateNode = machine.getStateNodeById(`${machine.id}.${state}`);
  const list: readonly AnyTransitionDefinition[] = eventType === '' ? (node.always ?? []) : (node.transitions.get(eventType) ?? []);
  for (const t of list) {
    if (t.guard === undefined || guardHolds(machine, t.guard, args)) return t.target?.[0]?.path.join('.') ?? state;
  }
  return state;
}

const isFinal = (machine: AnyStateMachine, key: string): boolean => machine.getStateNodeById(`${machine.id}.${key}`).type === 'final';

/** `approved` (final), `doNotHonor` whose every way out is final, or a state the run goes on from. */
function endsThere(machine: AnyStateMachine, key: string): boolean {
  if (isFinal(machine, key)) return true;
  const node = machine.getStateNodeById(`${machine.id}.${key}`);
  const targets = [...node.transitions.values()].flat().flatMap((t) => t.target ?? []);
  return targets.length > 0 && targets.every((t) => t.type === 'final');
}

const yesNo = (b: boolean): Cell => ({ t: b ? 'explorer.rules.yes' : 'explorer.rules.no' });

// ---------- the cascade: classify ----------

/** One reply of each kind each dialect answers (the examples the table runs classify on). */
const EXAMPLE_REPLIES: ReadonlyArray<{ reply: ProcessorReply; fixed?: boolean }> = [
  { reply: { proc: 'PFS', code: '0000' } },
  { reply: { proc: 'PFS', code: '0008', uid: 'u' } },
  { reply: { proc: 'PFS', code: '0008', redirect: 'r5' } },
  { reply: { proc: 'PFS', code: `00${DO_NOT_HONOR}` } },
  { reply: { proc: 'PFS', code: '0051' } },
  { reply: { proc: 'PFS', code: '0091' } },
  { reply: { proc: 'ORANGE', status: 'successful' } },
  { reply: { proc: 'ORANGE', status: 'pending', transaction_id: 't' } },
  { reply: { proc: 'ORANGE', status: 'failed', message: 'Not sufficient funds' } },
  { reply: { proc: 'ORANGE', status: 'failed', message: 'Timeout' } },
  { reply: { proc: 'CONCEPT', status: 'APPROVED' } },
  { reply: { proc: 'CONCEPT', status: 'PENDING', txid: 't' } },
  { reply: { proc: 'CONCEPT', status: 'REDIRECT', redirect: { url: '/3ds' } } },
  { reply: { proc: 'CONCEPT', status: 'DECLINED', error: { code: '003', msg: 'Blacklisted' } } },
  { reply: { proc: 'CONCEPT', status: 'DECLINED', error: { code: DO_NOT_HONOR, msg: 'Do not honor' } } },
  { reply: { proc: 'CONCEPT', status: 'DECLINED', error: { code: '54', msg: 'Expired card' } } },
  { reply: { proc: 'CONCEPT', status: 'DECLINED', error: { code: '91', msg: 'Issuer unavailable' } } },
  { reply: { proc: 'ZOOM', result: 0 } },
  { reply: { proc: 'ZOOM', result: 1, transaction_id: 't' } },
  { reply: { proc: 'ZOOM', result: 2, hostCode: DO_NOT_HONOR } },
  { reply: { proc: 'ZOOM', result: 2, hostCode: '51' } },
  { reply: { proc: 'ZOOM', result: 2, hostCode: '91' } },
  { reply: { proc: 'ZOOM', result: 2, error: 'token' } },
  { reply: { proc: 'EZPAY', status: 'APPROVED' } },
  { reply: { proc: 'EZPAY', status: 'PENDING' } },
  { reply: { proc: 'EZPAY', status: 'REDIRECT', redirect: '/hosted' } },
  { reply: { proc: 'EZPAY', status: 'DECLINED', code: '91' }, fixed: false },
  { reply: { proc: 'EZPAY', status: 'DECLINED', code: '91' }, fixed: true },
  { reply: { proc: 'MEIKO', return: true, status: 1 } },
  { reply: { proc: 'MEIKO', return: true, status: 0, transaction_id: 't' } },
  { reply: { proc: 'MEIKO', return: false, code: DO_NOT_HONOR } },
  { reply: { proc: 'MEIKO', return: false, code: '91', bank: 'Bank' } },
  { reply: { proc: 'ENTROPAY', return: true } },
  { reply: { proc: 'ENTROPAY', return: 'pin' } },
  { reply: { proc: 'ENTROPAY', return: false } },
  { reply: { proc: 'ENTROPAY', return: true, status: 'approved' } },
  { reply: { proc: 'ENTROPAY', return: true, status: 'declined', code: '91' } },
  { reply: { proc: 'SHAPE', return: true, guid: 'g' } },
  { reply: { proc: 'SHAPE', return: false } },
  { reply: { proc: 'SHAPE', return: true, status: 'approved' } },
  { reply: { proc: 'VLOAD', return: true, redirect: '/card' } },
  { reply: { proc: 'VLOAD', return: false } },
  { reply: { proc: 'VLOAD', return: true, status: 'declined', code: '05' } },
  { reply: { proc: 'FRAUD', fail_limit: true } },
  { reply: { proc: 'FRAUD', day_limit: true } },
  { reply: { proc: 'FRAUD', bad_card: true } },
  { reply: { proc: 'FRAUD', reason: true, message: 'Suspicious' } },
  { reply: { proc: 'FRAUD' } },
];

/** `code=0051`, `status=failed, message=Not sufficient funds`: the reply as the processor sends it, without its dialect. */
export function replyText(reply: ProcessorReply): string {
  const { proc: _proc, ...rest } = reply;
  const parts = Object.entries(rest).map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
  return parts.length ? parts.join(', ') : '(nothing flagged)';
}

/** `declined (stop)`, `declined, skip EZPAY`, `pending`: what classify() answered. */
export function outcomeText(o: Outcome): string {
  if (o.kind !== 'declined') return o.kind;
  return ['declined', o.stop ? 'stop' : 'next', ...(o.skip?.length ? [`skip ${o.skip.join(' ')}`] : [])].join(', ');
}

const processorsOf = (dialect: ProcessorReply['proc']): string =>
  PROCESSORS.filter((p) => PROCESSOR_TABLE[p].dialect === dialect)
    .map((p) => PROCESSOR_TABLE[p].name)
    .join(', ');

/** classify's answer to each example reply and where the cascade's `deciding` goes with it. */
export function classifyRows(cascade: AnyStateMachine): Cell[][] {
  return EXAMPLE_REPLIES.map(({ reply, fixed = false }) => {
    const outcome = classify(reply, { fixed });
    const then = firstTarget(cascade, 'deciding', '', { context: { outcome }, event: { type: '' } });
    const ends = then !== 'next' && endsThere(cascade, then);
    return [
      processorsOf(reply.proc),
      replyText(reply) + (reply.proc === 'EZPAY' && outcome.kind === 'declined' ? ` (fixed=${String(fixed)})` : ''),
      outcomeText(outcome),
      then === 'next' ? { t: 'explorer.rules.next_processor' } : then,
      yesNo(ends),
    ];
  });
}

/** Every two-digit ISO code a decline can carry that stops the cascade, with its reason; do not honor first. */
export function hardDeclineRows(): Cell[][] {
  const rows: Cell[][] = [[DO_NOT_HONOR, { t: 'explorer.rules.hard.do_not_honor' }]];
  for (let i = 0; i < 100; i++) {
    const code = String(i).padStart(2, '0');
    const key = hardDeclineKey(code);
    if (key) rows.push([code, key]);
  }
  return rows;
}

// ---------- the cascade: the stack ----------

const EXAMPLE_STACK_FACTS: ReadonlyArray<StackFacts> = [
  { settings: [], user: '', country: 'MT', affsId: '', noVload: [] },
  { settings: ['PFS', 'ZOOM', 'EZPAY'], user: '', country: 'MT', affsId: '', noVload: [] },
  { settings: ['PFS', 'ZOOM', 'EZPAY'], user: 'orange_not3d,concept', country: 'MT', affsId: '', noVload: [] },
  { settings: ['PFS', 'ZOOM', 'EZPAY'], user: '', country: PFS_EXCLUDED_COUNTRIES[0], affsId: '', noVload: [] },
  { settings: ['VLOAD', 'MEIKO'], user: '', country: 'MT', affsId: 'aff-7', noVload: ['aff-7'] },
];

export function stackRows(): Cell[][] {
  return EXAMPLE_STACK_FACTS.map((f) => [
    f.settings.join(', ') || '–',
    f.user || '–',
    f.country,
    f.noVload.includes(f.affsId) ? f.affsId : '–',
    cascadeStack(f).join(' → ') || { t: 'explorer.rules.empty_stack' },
  ]);
}

export function processorRows(): Cell[][] {
  return PROCESSORS.map((p: Processor) => {
    const r = PROCESSOR_TABLE[p];
    return [p, r.name, r.dialect, r.flow, r.page ?? '–'];
  });
}

// ---------- funding: slider steps and bonus tiers ----------

const EXAMPLE_MINIMUMS = ['10', '100', '250', '500', '1000'];

export const sliderRows = (): Cell[][] => EXAMPLE_MINIMUMS.map((min) => [min, sliderSteps(min).join(' · ')]);
export const tierRows = (): Cell[][] => BONUS_TIERS.map((t) => [t.name, `≥ ${t.from}`, `${t.percent}%`, `+${t.value}`]);

// ---------- withdrawal: the case a check answers ----------

/** The server's order (the first that holds), what each case asks, and where the withdrawal machine goes with it. */
export function withdrawalCaseRows(withdrawal: AnyStateMachine): Cell[][] {
  return WITHDRAWAL_CASE_RULES.map((rule, i) => {
    const event = { type: 'xstate.done.actor.0.withdrawal.checking', output: { return: true, need_auth: false, case: rule.case } };
    const doneType = [...withdrawal.getStateNodeById('withdrawal.checking').transitions.keys()].find((k) => k.startsWith('xstate.done.actor.'))!;
    const then = firstTarget(withdrawal, 'checking', doneType, { context: {}, event });
    return [String(i + 1), rule.case, { t: `explorer.rules.withdrawal.when.${rule.case}` }, WITHDRAWAL_CASES[rule.case].then, then];
  });
}

// ---------- which transitions read which rule ----------

const guardIs =
  (...types: string[]) =>
  (e: DiagramEdge): boolean =>
    types.includes(e.guardType ?? '');
const doneOf = (src: string) => (e: DiagramEdge) => e.kind === 'done' && e.event === `done: ${src}`;

/** The rules, each with its tables; `machines` gives the machines the tables' last columns read. */
export function rules(machines: Record<string, { machine: AnyStateMachine }>): Rule[] {
  const out: Rule[] = [];
  const cascade = machines.cascade?.machine;
  if (cascade) {
    out.push(
      {
        id: 'classify',
        machine: 'cascade',
        uses: (e) => guardIs('isOutcome', 'isStop', 'isFlagged')(e) || doneOf('startProcessor')(e) || (doneOf('listen')(e) && e.target.endsWith('.deciding')),
        tables: [
          {
            id: 'classify',
            source: 'core/cascade/classify.ts · classify()',
            columns: ['explorer.rules.col.processors', 'explorer.rules.col.reply', 'explorer.rules.col.outcome', 'explorer.rules.col.then', 'explorer.rules.col.ends'],
            rows: classifyRows(cascade),
          },
          { id: 'hard', source: 'core/cascade/classify.ts · hardDeclineKey()', columns: ['explorer.rules.col.code', 'explorer.rules.col.reason'], rows: hardDeclineRows() },
        ],
      },
      {
        id: 'stack',
        machine: 'cascade',
        uses: guardIs('hasUntried', 'isStackEmpty', 'isCurrent'),
        tables: [
          {
            id: 'stack',
            source: `core/cascade/stack.ts · cascadeStack() (default ${DEFAULT_STACK.join(', ')}; PFS never in ${PFS_EXCLUDED_COUNTRIES.join(' ')})`,
            columns: ['explorer.rules.col.settings', 'explorer.rules.col.user', 'explorer.rules.col.country', 'explorer.rules.col.no_vload', 'explorer.rules.col.stack'],
            rows: stackRows(),
          },
          {
            id: 'processors',
            source: 'core/cascade/processors.ts · PROCESSOR_TABLE',
            columns: ['explorer.rules.col.processor', 'explorer.rules.col.name', 'explorer.rules.col.dialect', 'explorer.rules.col.flow', 'explorer.rules.col.page'],
            rows: processorRows(),
          },
        ],
      },
    );
  }
  if (machines.funding) {
    out.push({
      id: 'amount',
      machine: 'funding',
      uses: (e) => ['amount.step', 'amount.change', 'bonus.toggle'].includes(e.eventType),
      tables: [
        { id: 'slider', source: 'core/amount.ts · sliderSteps()', columns: ['explorer.rules.col.minimum', 'explorer.rules.col.steps'], rows: sliderRows() },
        { id: 'tiers', source: 'core/amount.ts · BONUS_TIERS', columns: ['explorer.rules.col.tier', 'explorer.rules.col.from', 'explorer.rules.col.percent', 'explorer.rules.col.value'], rows: tierRows() },
      ],
    });
  }
  const withdrawal = machines.withdrawal?.machine;
  if (withdrawal) {
    out.push({
      id: 'withdrawalCase',
      machine: 'withdrawal',
      uses: (e) => doneOf('checkWithdrawal')(e) && (e.guardType === 'isCase' || e.guard === 'else'),
      tables: [
        {
          id: 'withdrawalCase',
          source: 'core/withdrawal.ts · WITHDRAWAL_CASE_RULES, WITHDRAWAL_CASES',
          columns: ['explorer.rules.col.order', 'explorer.rules.col.case', 'explorer.rules.col.when', 'explorer.rules.col.asks', 'explorer.rules.col.then'],
          rows: withdrawalCaseRows(withdrawal),
        },
      ],
    });
  }
  return out;
}
