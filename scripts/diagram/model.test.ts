import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { and, createMachine, not, or, stateIn, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { machines } from '../../machines/index';
import { transitionId as runnerTransitionId } from '../../machine-kit/inventory';
import { fixtures } from './fixtures/index';
import { buildModel, durationText, transitionId } from '../../machine-kit/diagram/model';
import { edgeLabelLines } from '../../machine-kit/diagram/content';
import { models } from '../../machines/models';
import { guardName } from '../../machine-kit/diagram/names';

const registry = Object.fromEntries(Object.entries(machines).map(([id, e]) => [id, e.machine]));
const all: Record<string, AnyStateMachine> = { ...fixtures, ...registry };

function stateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const visit = (n: AnyStateNode) => {
    out.push(n);
    Object.values(n.states).forEach(visit);
  };
  visit(machine.root);
  return out;
}

const transitionsOf = (n: AnyStateNode) => [...n.transitions.values()].flat().concat(n.always ?? []);

describe.each(Object.entries(all))('model of %s', (_, machine) => {
  const model = buildModel(machine);

  it('has every state node, with its kind', () => {
    const nodes = stateNodes(machine);
    expect(model.nodes.map((n) => n.id)).toEqual(nodes.map((n) => n.id));
    for (const sn of nodes) expect(model.nodes.find((n) => n.id === sn.id)?.kind).toBe(sn.type);
  });

  it('has every transition (on, after, done, error, always) once, with the coverage runner id', () => {
    const expected = stateNodes(machine).flatMap(transitionsOf);
    const ids = new Set(model.edges.map((e) => e.transitionId));
    expect(ids.size).toBe(expected.length);
    for (const t of expected) {
      expect(ids).toContain(transitionId(t));
      expect(transitionId(t)).toBe(runnerTransitionId(t));
    }
  });

  it('marks the initial child of every compound state, and nothing else', () => {
    for (const sn of stateNodes(machine)) {
      const initial = sn.type === 'compound' ? sn.initial.target.map((t) => t.id) : [];
      for (const child of Object.values(sn.states)) {
        expect(model.nodes.find((n) => n.id === child.id)?.initial).toBe(initial.includes(child.id));
      }
    }
    expect(model.nodes.find((n) => n.id === model.root)?.initial).toBe(false);
  });
});

describe('model of the cascade fixture', () => {
  const model = buildModel(fixtures.cascade);
  const edge = (id: string) => model.edges.find((e) => e.transitionId === id);
  const node = (id: string) => model.nodes.find((n) => n.id === id);

  it('reads always and after edges, with humane labels', () => {
    expect(edge('cascade.deciding:always:0')).toMatchObject({ target: 'cascade.success', event: 'always', kind: 'always', guard: 'isApproved' });
    expect(edge('cascade.deciding:always:1')).toMatchObject({ target: 'cascade.failed', event: 'always' });
    const after = model.edges.find((e) => e.source === 'cascade.listening.waiting');
    expect(after).toMatchObject({ event: 'after 5 s (listenInterval)', kind: 'after', target: 'cascade.listening.polling', delay: { name: 'listenInterval', ms: 5000 } });
  });

  it('names invoked actors in done/error events and on the state', () => {
    const done = model.edges.filter((e) => e.source === 'cascade.starting' && e.kind === 'done');
    expect(done.map((e) => e.event)).toEqual(['done: startProcessor', 'done: startProcessor', 'done: startProcessor']);
    expect(model.edges.filter((e) => e.event === 'error: startProcessor')).toHaveLength(3);
    expect(edge('cascade.listening:xstate.done.actor.poller:0')?.event).toBe('done: listenPoller');
    expect(node('cascade.listening')?.invokes).toEqual([{ id: 'poller', src: 'listenPoller', machine: 'poller' }]);
    expect(edge('cascade.verifying3ds:xstate.done.state.cascade.verifying3ds:0')?.event).toBe('done');
  });

  it('reads guards, actions, entry/exit, regions, history and targetless transitions', () => {
    expect(model.edges.find((e) => e.actions.includes('markTried'))?.guard).toBe('hasUntriedProcessor && !isFraud');
    expect(edge('cascade.idle:payment.start:0')?.actions).toEqual(['storeLastPayment', 'clearTried', 'assign']);
    expect(node('cascade.starting')).toMatchObject({ entry: ['showSpinner'], exit: ['hideSpinner'] });
    // the raise/cancel XState adds for `after` are not shown as entry/exit actions
    expect(node('cascade.listening.waiting')).toMatchObject({ entry: [], exit: [] });
    expect(node('cascade.verifying3ds')?.kind).toBe('parallel');
    expect(node('cascade.verifying3ds.timer')).toMatchObject({ region: true, initial: false });
    expect(node('cascade.listening.resume')).toMatchObject({ kind: 'history', history: 'shallow' });
    expect(edge('cascade.idle:card.edit:0')).toMatchObject({ internal: true, target: 'cascade.idle' });
    expect(edge('cascade.idle:card.refresh:0')).toMatchObject({ internal: false, reenter: true, target: 'cascade.idle' });
  });
});

describe('labels an analyst reads the rules from', () => {
  const input = (id: string) => models[id]?.inputs?.[0];
  const of = (id: string) => buildModel(machines[id].machine, { input: input(id) });
  const label = (id: string, source: string, target: string) =>
    of(id)
      .edges.filter((e) => e.source === `${id}.${source}` && e.target === `${id}.${target}`)
      .map((e) => edgeLabelLines(e).join(' '));

  it('shows guard parameters written in the machine, even inside a params function', () => {
    expect(label('withdrawal', 'checking', 'finalizing')).toEqual(['done: checkWithdrawal [isCase(five)] / assign']);
    expect(label('withdrawal', 'checking', 'needVerify')).toEqual(['done: checkWithdrawal [isCase(verify)] / assign']);
    expect(label('cascade', 'listening', 'starting')).toEqual(['done: listen [isListen(missing)]']);
    expect(label('cascade', 'listening', 'unresolved')).toEqual(['done: listen [isListen(timeout)] / assign', 'done: listen [isListen(stopped)] / assign']);
    expect(label('cascade', 'deciding', 'approved')).toEqual(['always [isOutcome(approved)]']);
    expect(label('cardForm', 'paying', 'approved')[0]).toContain('[isResult(approved)]');
  });

  it('writes the unguarded last alternative as [else], and actions with their literal params', () => {
    expect(label('withdrawal', 'checking', 'confirming')).toEqual(['done: checkWithdrawal [else] / assign']);
    expect(label('cascade', 'deciding', 'stopped')).toEqual(['always [isStop] / markTried(declined)']);
  });

  it('gives delays their length: named, and computed from the context on the model’s first example', () => {
    expect(label('cascade', 'delaying', 'starting')).toEqual(['after 6 s (orangeNot3dDelay)']);
    expect(label('invoice', 'waiting.idle', 'waiting.checking')).toContain('after 60 s (invoicePoll)');
    expect(label('listen', 'active', 'timedOut')).toEqual(['after untilDeadline (e.g. 2 min)']);
    expect(buildModel(machines.listen.machine).edges.find((e) => e.target === 'listen.timedOut')?.event).toBe('after untilDeadline');
    expect([999, 1000, 6000, 60_000, 120_000, 150_000, 3_599_700].map(durationText)).toEqual(['999 ms', '1 s', '6 s', '60 s', '2 min', '2 min 30 s', '1 h']);
  });

  it('tells apart every two arrows of one event from one state, in every machine, by what they say', () => {
    for (const id of Object.keys(machines)) {
      const seen = new Map<string, string>();
      for (const e of of(id).edges) {
        const key = `${e.source} ${edgeLabelLines(e).join(' ')}`;
        if (seen.has(key)) expect(seen.get(key), `${id}: ${key}`).toBe(e.target);
        seen.set(key, e.target);
      }
    }
  });
});

describe('guard names', () => {
  it('spells combinators, stateIn and static params', () => {
    expect(guardName(and(['a', or(['b', not('c')])]))).toBe('a && (b || !c)');
    expect(guardName(stateIn('#m.x'))).toBe('in #m.x');
    expect(guardName({ type: 'isKind', params: { kind: 'alert' } })).toBe('isKind(alert)');
    // params computed by a function: the literals it writes are shown, values read from the run are not
    expect(guardName({ type: 'isKind', params: () => ({ kind: 'alert' }) })).toBe('isKind(alert)');
    expect(guardName({ type: 'isCase', params: ({ event }: { event: { output: { case: string } } }) => ({ case: event.output.case, expected: 'five' }) })).toBe('isCase(five)');
    expect(guardName({ type: 'isDayLimit', params: ({ event }: { event: { output: unknown } }) => event.output })).toBe('isDayLimit');
  });
});

describe('multi-target transitions', () => {
  it('gives each target of a multi-target transition its own edge under one transition id', () => {
    const m = createMachine({
      id: 'm',
      initial: 'a',
      states: {
        a: { on: { go: { target: ['#m.p.x.x2', '#m.p.y.y2'] } } },
        p: {
          type: 'parallel',
          states: {
            x: { initial: 'x1', states: { x1: {}, x2: {} } },
            y: { initial: 'y1', states: { y1: {}, y2: {} } },
          },
        },
      },
    });
    const edges = buildModel(m).edges.filter((e) => e.transitionId === 'm.a:go:0');
    expect(edges.map((e) => [e.id, e.target])).toEqual([
      ['m.a:go:0', 'm.p.x.x2'],
      ['m.a:go:0>1', 'm.p.y.y2'],
    ]);
  });
});

describe('browser reuse', () => {
  it('keeps model, layout and renderer free of Node APIs (the explorer runs them in the browser)', () => {
    const kit = ['model.ts', 'names.ts', 'content.ts', 'layout.ts', 'svg.ts', 'precomputed.ts'].map((f) => `../../machine-kit/diagram/${f}`);
    for (const file of [...kit, './mermaid.ts', './render.ts', './docs.ts', './quality.ts']) {
      const source = readFileSync(new URL(file, import.meta.url), 'utf8');
      expect(source, file).not.toMatch(/from ['"](node:|fs|path|url|os|child_process)/);
      expect(source, file).not.toMatch(/\bprocess\.|\bBuffer\b|require\(/);
    }
  });
});
