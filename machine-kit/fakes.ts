import type { ActorLogic, AnyActorLogic, AnyActorRef, AnyEventObject, AnyStateMachine, Snapshot } from 'xstate';

type FakeSnapshot = Snapshot<unknown> & { input: unknown };
type FakeEvent = { type: 'fake.done'; output: unknown } | { type: 'fake.error'; error: unknown } | { type: 'xstate.stop' };

/** A started fake: which src it stands for and how the runner drives it. */
export interface LiveFake {
  src: string;
  ref: AnyActorRef;
  input: unknown;
  /** like fromCallback's sendBack: an event from the child to its parent */
  sendBack: (event: AnyEventObject) => void;
}

/**
 * Controllable stand-ins for every actor declared in setup({ actors }): whatever the real logic is
 * (promise, callback, observable, machine), the fake stays active until the runner makes it finish
 * with an output, fail with an error, or send an event back to its parent.
 */
export class FakeActors {
  private readonly live: LiveFake[] = [];

  logic(src: string): ActorLogic<FakeSnapshot, FakeEvent, unknown> {
    return {
      config: { fake: src },
      getInitialSnapshot: (_scope, input) => ({ status: 'active', output: undefined, error: undefined, input }),
      transition: (snapshot, event) => {
        if (snapshot.status !== 'active') return snapshot;
        if (event.type === 'fake.done') return { status: 'done', output: event.output, error: undefined, input: undefined };
        if (event.type === 'fake.error') return { status: 'error', output: undefined, error: event.error, input: undefined };
        if (event.type === 'xstate.stop') return { status: 'stopped', output: undefined, error: undefined, input: undefined };
        return snapshot;
      },
      start: (snapshot, { self }) => {
        const ref = self as AnyActorRef;
        this.live.push({
          src,
          ref,
          input: snapshot.input,
          sendBack: (event) => {
            if (ref.getSnapshot().status !== 'stopped') ref._parent?.send(event);
          },
        });
      },
      getPersistedSnapshot: (snapshot) => snapshot,
    };
  }

  /** `machine` with every actor of its setup replaced by a fake */
  provideTo(machine: AnyStateMachine): AnyStateMachine {
    const actors: Record<string, AnyActorLogic> = {};
    for (const src of Object.keys(machine.implementations.actors)) actors[src] = this.logic(src);
    return machine.provide({ actors });
  }

  /** the running fake that is the child `invokeId` of `parent` */
  child(parent: AnyActorRef, invokeId: string): LiveFake | undefined {
    return this.running().find((f) => f.ref._parent === parent && f.ref.id === invokeId);
  }

  /** running fakes of these srcs */
  ofSrc(srcs: Iterable<string>): LiveFake[] {
    const wanted = new Set(srcs);
    return this.running().filter((f) => wanted.has(f.src));
  }

  private running(): LiveFake[] {
    return this.live.filter((f) => f.ref.getSnapshot().status === 'active');
  }
}
