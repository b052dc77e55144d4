import { initialTransition, transition, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { cascadeMachine } from '../../machines/cascade/cascade.machine';
import type { CascadeInput } from '../../machines/cascade/cascade.types';

const T = 1_700_000_000_000;
const STACK = 'PFS,ORANGE,CONCEPT,MEIKO,ZOOM,EZPAY';
const input: CascadeInput = {
  settings: [],
  user: STACK,
  country: 'MT',
  affsId: '',
  noVload: [],
  now: T,
  payment: { id: '', key: 'bench-key-1', amount: '250.00', currency: 'USD', fixed: false, bonus: true, promo: '', card: 'tok' },
};

const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, output }) as EventObject;
const declined = { proc: 'PFS', code: '0091' };

/**
 * One payment through the cascade machine's pure transition function: the fraud check, five
 * soft declines (PFS dialect, so every processor is read by classify()), then an approval.
 * Returns the number of events sent.
 */
function onePayment(): number {
  let [snap] = initialTransition(cascadeMachine, input) as [AnyMachineSnapshot, unknown];
  let events = 1;
  const step = (event: EventObject) => {
    [snap] = transition(cascadeMachine, snap as never, event as never) as [AnyMachineSnapshot, unknown];
    events += 1;
  };
  step(done('0.cascade.checking', { payment: 'p-1' }));
  for (let i = 0; i < 5; i += 1) step(done('0.cascade.starting', { reply: declined, at: T }));
  step(done('0.cascade.starting', { reply: { proc: 'PFS', code: '0000' }, at: T }));
  if (snap.value !== 'approved') throw new Error(`bench payment ended in ${JSON.stringify(snap.value)}`);
  return events;
}

/** Events per second the cascade machine processes (pure transitions, no I/O), over about `ms`. */
export function cascadeEventsPerSecond(ms = 1_000): number {
  for (let i = 0; i < 50; i += 1) onePayment(); // warm up
  let events = 0;
  const start = performance.now();
  while (performance.now() - start < ms) events += onePayment();
  return (events * 1000) / (performance.now() - start);
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(`${cascadeEventsPerSecond().toFixed(0)} events/s`);
