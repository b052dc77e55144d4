import { fromCallback } from 'xstate';
import type { EngineCommand, EngineInput, StepEvent } from '../../machines/explorer/step.types';
import type { CatalogEntry } from './catalog';
import { StepEngine } from './step-engine';

const reason = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * The step machine's engine: starts the chosen machine on fakes, replays the history, then
 * delivers each event the analyst clicks. Everything it reports is plain JSON.
 */
export function stepEngineActor(find: (id: string) => CatalogEntry | undefined) {
  return fromCallback<EngineCommand, EngineInput>(({ input, sendBack, receive }) => {
    const send = (event: StepEvent) => sendBack(event);
    let engine: StepEngine | undefined;
    try {
      const entry = find(input.machineId);
      if (!entry) throw new Error(`no machine "${input.machineId}"`);
      engine = new StepEngine(entry.model, entry.inputs[input.inputIndex]);
      input.events.forEach((event, i) => engine!.send(event, { force: input.forced?.[i] === true }));
      send({ type: 'engine.ready', view: engine.view() });
    } catch (err) {
      engine?.stop();
      engine = undefined;
      send({ type: 'engine.failed', message: reason(err) });
    }
    receive((command) => {
      if (!engine) return send({ type: 'engine.failed', message: 'the machine is not running' });
      try {
        send({ type: 'engine.stepped', view: engine.send(command.event, { force: command.force === true }) });
      } catch (err) {
        send({ type: 'engine.failed', message: reason(err) });
      }
    });
    return () => engine?.stop();
  });
}
