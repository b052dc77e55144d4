import { createActor, setup, fromPromise, type AnyEventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { machines } from '../../machines/index';
import { stepMachine } from '../../machines/explorer/step.machine';
import type { StepView } from '../../machines/explorer/step.types';
import { models } from '../../machines/models';
import { buildCatalog, catalogEntry, searchCatalog } from './catalog';
import { stepEngineActor } from './engine-actor';
import { DEFAULT_OUTCOMES, StepEngine } from './step-engine';

const catalog = buildCatalog(machines, models);
const entry = (id: string) => catalog.find((e) => e.id === id)!;
const pick = (view: StepView, label: RegExp) => {
  const found = view.enabled.find((e) => label.test(e.label));
  if (!found) throw new Error(`no enabled event ${label} among ${view.enabled.map((e) => e.label).join(' | ')}`);
  return found.event;
};

describe('step engine', () => {
  it('steps the login machine from editing to success on fake actors', () => {
    const login = entry('login');
    const engine = new StepEngine(login.model, login.inputs[0]);
    let view = engine.view();
    expect(view.value).toBe('editing');
    expect(view.active).toEqual(['login', 'login.editing']);
    // the eventless start (boot → editing) is the transition just taken
    expect(view.taken).toEqual(['login.boot:always:1']);
    expect(view.enabled.map((e) => e.kind)).toEqual(['event', 'event', 'event']);
    expect(view.enabled[0].label).toBe('login.submit(email="trader@example.com", password="Trader-2026")');

    view = engine.send(pick(view, /^login\.submit\(email="trader/));
    expect(view.value).toBe('platformLogin');
    expect(view.taken).toEqual(['login.editing:login.submit:0']);
    expect(view.context).toMatchObject({ email: 'trader@example.com' });
    const outcomes = view.enabled.map((e) => e.label);
    expect(outcomes).toContain('platformLogin.done({"success":true,"token":"pf-token"})');
    expect(outcomes).toContain('platformLogin.error({"kind":"network"})');
    expect(view.enabled.filter((e) => e.kind === 'error')).toHaveLength(1);

    view = engine.send(pick(view, /^platformLogin\.done\(\{"success":true/));
    expect(view.value).toBe('sessionLogin');
    view = engine.send(pick(view, /^sessionLogin\.done/));
    expect(view).toMatchObject({ value: 'success', status: 'done', enabled: [], taken: ['login.sessionLogin:xstate.done.actor.0.login.sessionLogin:1'] });
    expect(() => engine.send({ type: 'login.edit' })).toThrow(/the machine is done/);
    engine.stop();
  });

  it('a failed outcome goes through eventless transitions, all of them reported as taken', () => {
    const login = entry('login');
    const engine = new StepEngine(login.model, login.inputs[0]);
    let view = engine.send(pick(engine.view(), /^login\.submit\(email="trader/));
    view = engine.send(pick(view, /^platformLogin\.error/));
    expect(view.value).toBe('editing');
    expect(view.taken).toEqual(['login.platformLogin:xstate.error.actor.0.login.platformLogin:0', 'login.failed:always:1']);
    expect(view.context).toMatchObject({ error: { key: 'login_error' }, shakes: 1 });
  });

  it('delays move the simulated clock by the named delay', () => {
    const toast = entry('toast');
    const engine = new StepEngine(toast.model, toast.inputs[0]);
    let view = engine.send(pick(engine.view(), /^toast\.show/));
    const after = view.enabled.find((e) => e.kind === 'after')!;
    expect(after).toMatchObject({ label: 'after(toastDuration=5000ms)', delayMs: 5000 });
    view = engine.send(after.event);
    expect(view.now).toBe(5000);
    expect(view.value).toBe('idle');
  });

  it('refuses an event for an actor that is not running, and an unknown machine', () => {
    const login = entry('login');
    const engine = new StepEngine(login.model, login.inputs[0]);
    expect(() => engine.send({ type: 'xstate.done.actor.0.login.platformLogin', output: {} })).toThrow(/no running actor/);
  });

  it('offers a done and an error for actors the test model gives no outcome for', () => {
    const bare = setup({ actors: { fetchThing: fromPromise(async () => 1) } }).createMachine({
      id: 'bare',
      initial: 'loading',
      states: { loading: { invoke: { src: 'fetchThing', onDone: 'ok', onError: 'failed' } }, ok: { type: 'final' }, failed: {} },
    });
    const e = catalogEntry('bare', { machine: bare, purpose: 'test' });
    expect(e.model.actors?.fetchThing).toEqual(DEFAULT_OUTCOMES);
    const engine = new StepEngine(e.model, e.inputs[0]);
    const view = engine.view();
    expect(view.enabled.map((x) => x.kind)).toEqual(['done', 'error']);
    expect(engine.send(view.enabled[1].event).value).toBe('failed');
  });
});

describe('step mode offers only feasible outcomes', () => {
  const zoom05 = /^startProcessor\.done\(\{"at":\d+,"reply":\{"hostCode":"05","proc":"ZOOM","result":2\}\}\)$/;
  const tryingOrange = () => {
    const cascade = entry('cascade');
    const engine = new StepEngine(cascade.model, cascade.inputs[0]);
    let view = engine.send(pick(engine.view(), /^fraudCheck\.done\(\{"payment":"p-1"\}\)/));
    view = engine.send(view.enabled.find((e) => e.kind === 'after')!.event);
    expect(view.value).toBe('starting');
    expect(view.context).toMatchObject({ current: { processor: 'ORANGE_NOT3D' } });
    return { engine, view };
  };

  it('while Orange is tried, offers Orange replies only and refuses a Zoom reply', () => {
    const { engine, view } = tryingOrange();
    const replies = view.enabled.filter((e) => e.kind === 'done').map((e) => e.label);
    expect(replies.length).toBeGreaterThan(0);
    expect(replies.every((l) => l.includes('"proc":"ORANGE"'))).toBe(true);
    expect(replies).toContain('startProcessor.done({"at":1700000000000,"reply":{"proc":"ORANGE","status":"successful"}})');
    const zoom = view.forcible?.find((e) => zoom05.test(e.label));
    expect(zoom?.infeasible).toMatch(/"processor":"ORANGE_NOT3D"/);
    expect(() => engine.send(zoom!.event)).toThrow(/not feasible, refused .*startProcessor started with .*"processor":"ORANGE_NOT3D"/);
    // refused: nothing happened, nothing was logged as declined
    expect(engine.view()).toMatchObject({ value: 'starting', context: { log: [] } });
    engine.stop();
  });

  it('sends it by force, and the step machine marks the forced step and replays it on back', () => {
    const { engine, view } = tryingOrange();
    const zoom = view.forcible!.find((e) => zoom05.test(e.label))!;
    expect(engine.send(zoom.event, { force: true }).value).toBe('doNotHonor');
    engine.stop();

    const actor = createActor(stepMachine.provide({ actors: { stepEngine: stepEngineActor((id) => catalog.find((e) => e.id === id)) } }));
    actor.start();
    actor.send({ type: 'step.start', machineId: 'cascade', inputIndex: 0 });
    const send = (e: { event: StepView['enabled'][number]['event']; label: string }, force?: boolean) => actor.send({ type: 'step.send', event: e.event, label: e.label, force });
    send(actor.getSnapshot().context.view!.enabled.find((e) => /^fraudCheck\.done\(\{"payment"/.test(e.label))!);
    send(actor.getSnapshot().context.view!.enabled.find((e) => e.kind === 'after')!);
    const forcible = actor.getSnapshot().context.view!.forcible!.find((e) => zoom05.test(e.label))!;
    send(forcible);
    expect(actor.getSnapshot().context.error?.params?.reason).toMatch(/not feasible, refused/);
    expect(actor.getSnapshot().context.history).toHaveLength(2);
    send(forcible, true);
    expect(actor.getSnapshot().context.view?.value).toBe('doNotHonor');
    expect(actor.getSnapshot().context.history.map((h) => h.forced === true)).toEqual([false, false, true]);
    send(actor.getSnapshot().context.view!.enabled.find((e) => e.label.startsWith('dialog.close'))!);
    actor.send({ type: 'step.back' });
    // back replays the history, the forced step by force
    expect(actor.getSnapshot().context.view?.value).toBe('doNotHonor');
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.stop();
  });
});

describe('catalog', () => {
  it('lists every registered machine with its states and events', () => {
    expect(catalog.map((e) => e.id)).toEqual(Object.keys(machines));
    expect(entry('login').states).toContain('platformLogin');
    expect(entry('login').events).toEqual(['factor.cancel', 'login.edit', 'login.submit']);
    expect(entry('login').inputs).toEqual([{}, { autologinKey: 'key-1' }]);
  });

  it('search matches id, purpose, states and events, ids first', () => {
    expect(searchCatalog(catalog, 'toa').map((e) => e.id)).toEqual(['toast', 'cascade']); // the id first, then the cascade, whose purpose names its toast
    expect(searchCatalog(catalog, 'PLATFORMLOGIN').map((e) => e.id)).toEqual(['login']);
    expect(searchCatalog(catalog, 'login.submit').map((e) => e.id)).toContain('login');
    expect(searchCatalog(catalog, 'no such thing anywhere')).toEqual([]);
    expect(searchCatalog(catalog, '  ')).toHaveLength(catalog.length);
  });
});

describe('the step machine with its engine', () => {
  const run = () => {
    const actor = createActor(stepMachine.provide({ actors: { stepEngine: stepEngineActor((id) => catalog.find((e) => e.id === id)) } }));
    actor.start();
    return actor;
  };
  const send = (actor: ReturnType<typeof run>, label: RegExp) => {
    const view = actor.getSnapshot().context.view!;
    const found = view.enabled.find((e) => label.test(e.label))!;
    actor.send({ type: 'step.send', event: found.event, label: found.label });
  };

  it('steps, goes back by replaying the history, resets and finishes', () => {
    const actor = run();
    actor.send({ type: 'step.start', machineId: 'login', inputIndex: 0 });
    expect(actor.getSnapshot().value).toEqual({ running: 'ready' });
    send(actor, /^login\.submit\(email="trader/);
    send(actor, /^platformLogin\.done\(\{"success":true/);
    expect(actor.getSnapshot().context.view?.value).toBe('sessionLogin');
    expect(actor.getSnapshot().context.history.map((h) => h.label)).toHaveLength(2);

    actor.send({ type: 'step.back' });
    const back = actor.getSnapshot().context;
    expect(back.view?.value).toBe('platformLogin');
    expect(back.view?.taken).toEqual(['login.editing:login.submit:0']);
    expect(back.history).toHaveLength(1);

    send(actor, /^platformLogin\.done\(\{"success":true/);
    send(actor, /^sessionLogin\.done/);
    expect(actor.getSnapshot().value).toEqual({ running: 'finished' });
    expect(actor.getSnapshot().context.view?.status).toBe('done');

    actor.send({ type: 'step.reset' });
    expect(actor.getSnapshot().value).toEqual({ running: 'ready' });
    expect(actor.getSnapshot().context.view?.value).toBe('editing');
    actor.stop();
  });

  it('an event the machine cannot take is refused with the reason, the history unchanged', () => {
    const actor = run();
    actor.send({ type: 'step.start', machineId: 'login', inputIndex: 0 });
    actor.send({ type: 'step.send', event: { type: 'xstate.done.actor.0.login.sessionLogin', output: {} } as AnyEventObject, label: 'x' });
    const ctx = actor.getSnapshot().context;
    expect(actor.getSnapshot().value).toEqual({ running: 'ready' });
    expect(ctx.error?.params?.reason).toMatch(/no running actor/);
    expect(ctx.history).toEqual([]);
    actor.send({ type: 'step.start', machineId: 'nope', inputIndex: 0 });
    expect(actor.getSnapshot().value).toEqual({ running: 'broken' });
    expect(actor.getSnapshot().context.error?.params?.reason).toBe('no machine "nope"');
    actor.stop();
  });
});
