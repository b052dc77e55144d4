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

describe('catalog', () => {
  it('lists every registered machine with its states and events', () => {
    expect(catalog.map((e) => e.id)).toEqual(Object.keys(machines));
    expect(entry('login').states).toContain('platformLogin');
    expect(entry('login').events).toEqual(['factor.cancel', 'login.edit', 'login.submit']);
    expect(entry('login').inputs).toEqual([{}, { autologinKey: 'key-1' }]);
  });

  it('search matches id, purpose, states and events, ids first', () => {
    expect(searchCatalog(catalog, 'toa').map((e) => e.id)).toEqual(['toast']);
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
