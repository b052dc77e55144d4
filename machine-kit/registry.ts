import type { AnyStateMachine } from 'xstate';
import { runMachine, type RunOptions } from './run';
import type { MachineModel, MachineReport } from './types';

export interface RegistryEntry {
  machine: AnyStateMachine;
}

/**
 * Runs every machine of the registry with its model. A machine without a model, a model whose
 * machine is not the registered one, and a model for no machine are errors.
 */
export function runRegistry(
  machines: Record<string, RegistryEntry>,
  models: Record<string, MachineModel>,
  options: RunOptions & { only?: string | string[] } = {},
): MachineReport[] {
  const only = options.only === undefined ? undefined : ([] as string[]).concat(options.only);
  const ids = only ? only.filter((id) => id in machines) : Object.keys(machines);
  const reports = ids.map((id) => {
    const model = models[id];
    const report = runMachine(id, model, options, machines[id].machine);
    if (model && model.machine !== machines[id].machine) {
      report.errors.push(`the model's machine is not machines.${id}.machine (models/${id}.model.ts must import the registered machine)`);
    }
    return report;
  });
  if (options.only === undefined) {
    for (const id of Object.keys(models).filter((m) => !(m in machines))) {
      const report = runMachine(id, models[id], options);
      report.errors.push(`models.${id} has no machine in machines/index.ts`);
      reports.push(report);
    }
  }
  return reports;
}
