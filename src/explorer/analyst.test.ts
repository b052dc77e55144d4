import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { stepMachine } from '../../machines/explorer/step.machine';
import type { EnabledEvent } from '../../machines/explorer/step.types';
import type { LiveActor, LiveContext } from '../../machines/explorer/live.types';
import { purposesRu } from '../../machines/descriptions.ru';
import { machines } from '../../machines/index';
import { models } from '../../machines/models';
import { inventory } from '../../machine-kit/inventory';
import coverage from '../../docs/coverage/machines.json';
import { buildCatalog, loadPurposes, purposeIn, searchCatalog } from './catalog';
import { stepEngineActor } from './engine-actor';
import { buttonNames, differences } from './event-names';
import { actorTree, stampActivity } from './live-view';
import { loadMoreCoverage, uiStatus } from './more-coverage';
import { findPath, replayInStep } from './PathPanel';
import { shortestPathTo, uiPathTest } from './shortest-path';
import { customInputIndex, exampleNames, inputFields, inputFrom } from './start-input';
import { StepEngine } from './step-engine';
import { centreOn, clampTo, isVisible, readableFit, READABLE_ZOOM } from './viewport';

const catalog = buildCatalog(machines, models, { ru: purposesRu });
const entry = (id: string) => catalog.find((e) => e.id === id)!;

describe('counts agree', () => {
  it('the list counts every state node as the coverage report does (the machine itself included)', () => {
    const report = coverage as { machines: Record<string, { states: { total: number }; transitions: { total: number } }> };
    for (const e of catalog) {
      expect(e.stateCount, e.id).toBe(inventory(e.machine).states.length);
      const m = report.machines[e.id];
      if (!m) continue;
      expect(e.stateCount, e.id).toBe(m.states.total);
      expect(e.transitions, e.id).toBe(m.transitions.total);
    }
    expect(entry('cascade').stateCount).toBe(23);
    expect(entry('cascade').states).toHaveLength(22);
  });
});

describe('step buttons are named by what differs', () => {
  it('every enabled event of the cascade after the fraud check has its own name', () => {
    const c = entry('cascade');
    const engine = new StepEngine(c.model, c.inputs[0]);
    let view = engine.view();
    // the first outcome of each step until the processor runs (as an analyst clicking the first button)
    for (let i = 0; i < 5 && !view.enabled.some((e) => e.label.startsWith('startProcessor.done')); i++) view = engine.send(view.enabled[0].event);
    const names = buttonNames(view.enabled);
    const done = names.filter((n) => n.startsWith('startProcessor.done'));
    // Orange not-3D is tried: only Orange's own replies (approved, pending, soft and hard decline)
    expect(done).toHaveLength(4);
    // the labels themselves begin alike (`startProcessor.done({"at":1700000000…`); the names never collide
    expect(new Set(names).size).toBe(names.length);
    expect(done.some((n) => n.includes('reply.status="successful"'))).toBe(true);
    expect(done.some((n) => n.includes('ZOOM'))).toBe(false);
    engine.stop();
  });

  it('names only by the differing keys, and leaves a lone event its label', () => {
    const ev = (type: string, rest: Record<string, unknown>, label: string): EnabledEvent => ({ event: { type, ...rest }, label, kind: 'done' });
    const names = buttonNames([
      ev('x.done', { output: { at: 1, code: 'A', same: true } }, 'p.done({"at":1,"code":"A"…'),
      ev('x.done', { output: { at: 1, code: 'B', same: true } }, 'p.done({"at":1,"code":"B"…'),
      ev('go', {}, 'go'),
    ]);
    expect(names).toEqual(['p.done · code="A"', 'p.done · code="B"', 'go']);
    expect(differences([{ a: 1 }, { a: 1, b: 2 }])).toEqual(['', 'b=2']);
  });
});

describe('start input as a form', () => {
  it('fields from the example, typed; values go back in place', () => {
    const example = { user: 'PFS', amount: 100, flags: { demo: false }, list: [] as string[] };
    const fields = inputFields(example);
    expect(fields.map((f) => [f.path, f.kind])).toEqual([['user', 'text'], ['amount', 'number'], ['flags.demo', 'boolean'], ['list', 'json']]);
    const edited = fields.map((f) => (f.path === 'amount' ? { ...f, value: '250' } : f.path === 'flags.demo' ? { ...f, value: true } : f));
    expect(inputFrom(example, edited)).toEqual({ user: 'PFS', amount: 250, flags: { demo: true }, list: [] });
    expect(example.amount).toBe(100);
    expect(() => inputFrom(example, fields.map((f) => (f.path === 'amount' ? { ...f, value: 'x' } : f)))).toThrow(/amount: not a number/);
  });

  it('the examples are named by what differs; an own input takes the slot after them', () => {
    expect(exampleNames([{ mode: 'a', n: 1 }, { mode: 'b', n: 1 }])).toEqual(['mode="a"', 'mode="b"']);
    const c = buildCatalog(machines, models).find((e) => e.id === 'cascade')!;
    const index = customInputIndex(c, { own: 1 });
    expect(index).toBe(c.examples);
    expect(c.inputs[index]).toEqual({ own: 1 });
    expect(customInputIndex(c, { own: 2 })).toBe(index);
    expect(c.inputs).toHaveLength(c.examples + 1);
  });
});

describe('live list by activity', () => {
  const actor = (key: string, ended = false, parentKey: string | null = null): LiveActor => ({
    key, source: 's', actorId: key, machineId: key, name: key, parentKey, page: '/', value: 'x', status: 'active', event: '', context: null, taken: [], pending: [], ended,
  });
  it('running first, most recent first; ended last; children under their parent', () => {
    const a = actor('a', true);
    const b = actor('b');
    const c = actor('c');
    const child = actor('c1', false, 'c');
    const first: LiveContext = { actors: { a, b, c, c1: child }, order: ['a', 'b', 'c', 'c1'], selected: null, timeline: [], moment: null };
    const s1 = stampActivity(new Map(), undefined, first);
    // b receives an event later: a new record
    const second: LiveContext = { ...first, actors: { ...first.actors, b: { ...b, event: 'go' } } };
    const s2 = stampActivity(s1, first, second);
    expect(actorTree(second, s2).map((r) => r.actor.key)).toEqual(['b', 'c', 'c1', 'a']);
    // then the child of c moves: c's tree is the most recent
    const third: LiveContext = { ...second, actors: { ...second.actors, c1: { ...child, value: 'y' } } };
    const s3 = stampActivity(s2, second, third);
    expect(actorTree(third, s3).map((r) => [r.actor.key, r.depth])).toEqual([['c', 0], ['c1', 1], ['b', 0], ['a', 0]]);
  });
});

describe('Russian descriptions', () => {
  it('every registered machine has one, and the explorer shows it in Russian', async () => {
    const lazy = buildCatalog(machines, models);
    expect(purposeIn(lazy[0], 'ru')).toBe(lazy[0].purpose);
    await loadPurposes(lazy, 'ru');
    expect(purposeIn(lazy.find((e) => e.id === 'cascade')!, 'ru')).toBe(purposesRu.cascade);
    expect(Object.keys(purposesRu).sort()).toEqual(Object.keys(machines).sort());
    for (const e of catalog) {
      expect(purposeIn(e, 'ru'), e.id).toMatch(/[а-яё]/i);
      expect(purposeIn(e, 'en')).toBe(machines[e.id].purpose);
    }
    expect(searchCatalog(catalog, 'каскад').map((e) => e.id)).toContain('cascade');
  });
});

describe('readable fit', () => {
  it('keeps the labels at their real size and the focus in view when the chart is too big', () => {
    const focus = { x: 600, y: 100, width: 70, height: 30 };
    const v = readableFit(1578, 1596, 1240, 550, focus);
    expect(v.k).toBe(READABLE_ZOOM);
    expect(isVisible(v, focus, 1240, 550)).toBe(true);
    // a small chart is shown whole
    expect(readableFit(400, 300, 1240, 550, focus).k).toBe(1);
    expect(readableFit(1300, 560, 1240, 550, focus).k).toBe(1);
  });
});

describe('shortest path', () => {
  const login = entry('login');
  it('to a state: the fewest events from the start, and it really gets there', () => {
    const p = shortestPathTo(login.testModel!, login.inputs[0], { kind: 'state', id: 'login.success' }, login.model)!;
    expect(p.labels).toHaveLength(3);
    expect(p.labels[0]).toMatch(/^login\.submit/);
    expect(p.value).toBe('success');
    const engine = new StepEngine(login.model, login.inputs[0]);
    for (const e of p.events) engine.send(e);
    expect(engine.view().value).toBe('success');
    engine.stop();
  });

  it('to a transition: the last event takes it (an error outcome, an eventless start)', () => {
    const id = 'login.platformLogin:xstate.error.actor.0.login.platformLogin:0';
    const p = shortestPathTo(login.testModel!, login.inputs[0], { kind: 'transition', id }, login.model)!;
    expect(p.labels.map((l) => l.split('(')[0])).toEqual(['login.submit', 'platformLogin.error']);
    const engine = new StepEngine(login.model, login.inputs[0]);
    let taken: string[] = [];
    for (const e of p.events) taken = engine.send(e).taken;
    expect(taken).toContain(id);
    engine.stop();
    expect(shortestPathTo(login.testModel!, login.inputs[0], { kind: 'transition', id: 'login.boot:always:1' }, login.model)!.events).toEqual([]);
  });

  it('a nested state of the cascade, over its inputs; replayed in step mode', { timeout: 30_000 }, async () => {
    const c = entry('cascade');
    const found = (await findPath(c, { kind: 'state', id: 'cascade.dayLimit.explaining' }))!;
    expect(found.path.labels).toHaveLength(2);
    expect(found.path.value).toEqual({ dayLimit: 'explaining' });
    const step = createActor(stepMachine.provide({ actors: { stepEngine: stepEngineActor((id) => catalog.find((e) => e.id === id)) } })).start();
    expect(await replayInStep(step, 'cascade', found.inputIndex, found.path.events, found.path.labels)).toBe(true);
    expect(step.getSnapshot().context.view?.value).toEqual({ dayLimit: 'explaining' });
    expect(step.getSnapshot().context.history).toHaveLength(2);
    step.stop();
  });

  it('copies as a UI-path test the runner accepts: events, expected value, replayInBrowser', () => {
    const p = shortestPathTo(login.testModel!, login.inputs[0], { kind: 'state', id: 'login.success' }, login.model)!;
    const text = uiPathTest('login', p);
    expect(text).toContain("from '../ui-paths/replay'");
    expect(text).toContain('replayInBrowser(');
    expect(text).toContain('const MACHINE = "login";');
    expect(text).toContain('"type":"login.submit"');
    expect(text).toContain('const EXPECTED_VALUE: unknown = "success";');
    expect(text).toContain('machine-tests/browser/ui-path-login-login-success.e2e.ts');
  });

  it('exports the path as a standalone Playwright spec (roles and labels, no internal names), or says why a machine cannot', async () => {
    const { pathSpec, setSpec, uiScripts } = await import('./playwright-export');
    const p = shortestPathTo(login.testModel!, login.inputs[0], { kind: 'state', id: 'login.success' }, login.model)!;
    const out = pathSpec('login', login.testModel!, p);
    if (!('spec' in out)) throw new Error(out.reason);
    expect(out.spec.file).toBe('machine-tests/playwright/login-to-login-success.spec.ts');
    expect(out.spec.tests).toEqual(['Sign-in 1: signs in with the right password']);
    expect(out.spec.text).toContain("from '@playwright/test'");
    expect(out.spec.text).toContain("await page.getByLabel('Email').fill(user.email);");
    expect(out.spec.text).toContain('await expect(page).toHaveURL(/\\/en\\/trading/);');
    expect(out.spec.text).not.toMatch(/xstate|login\.submit|platformLogin/);
    // the autologin input needs the operator's token: that path is refused with the reason
    const auto = shortestPathTo(login.testModel!, login.inputs[1], { kind: 'state', id: 'login.autologin' }, login.model)!;
    expect(pathSpec('login', login.testModel!, auto)).toEqual({ reason: expect.stringMatching(/operator/) });
    const set = setSpec('validation', entry('validation').testModel!);
    expect(set.spec.tests.length).toBeGreaterThan(2);
    expect(set.spec.file).toBe('machine-tests/playwright/validation-minimal-set.spec.ts');
    expect(uiScripts.cascade).toBeUndefined();
  });
});

describe('both coverages', () => {
  it('reads ui.json and mutation.json when present, and says "not measured" for a missing one', async () => {
    const ui = { generatedAt: 'x', machines: { login: { paths: 1, ok: true, states: { total: 1, covered: ['login'], uncovered: [] }, transitions: { total: 3, covered: ['a:e:0'], uncovered: ['a:f:0', 'a:g:0'] }, reasons: { 'a:f:0': 'a network failure' } } } };
    const more = await loadMoreCoverage(async (name) => (name === 'ui' ? ui : undefined));
    expect(more.mutation).toBeUndefined();
    expect(uiStatus(more.ui?.machines.login, 'a:e:0')).toEqual({ kind: 'covered' });
    expect(uiStatus(more.ui?.machines.login, 'a:f:0')).toEqual({ kind: 'reason', reason: 'a network failure' });
    expect(uiStatus(more.ui?.machines.login, 'a:g:0')).toEqual({ kind: 'uncovered' });
    expect(uiStatus(more.ui?.machines.cascade, 'a:e:0')).toEqual({ kind: 'unmeasured' });
    expect(await loadMoreCoverage(async (name) => (name === 'mutation' ? { nope: 1 } : undefined))).toEqual({});
  });
});

describe('following the active state', () => {
  it('centres on it, but never leaves empty space past the chart edge', () => {
    const v = clampTo(centreOn({ x: 0, y: 0, k: 1 }, { x: 400, y: 1500, width: 80, height: 30 }, 880, 550), 1578, 1596, 880, 550);
    expect(v.y).toBe(550 - 1596 - 16);
    const mid = clampTo(centreOn({ x: 0, y: 0, k: 1 }, { x: 700, y: 700, width: 80, height: 30 }, 880, 550), 1578, 1596, 880, 550);
    expect(isVisible(mid, { x: 700, y: 700, width: 80, height: 30 }, 880, 550)).toBe(true);
    expect(mid.x + 740 * mid.k).toBeCloseTo(440);
  });
});
