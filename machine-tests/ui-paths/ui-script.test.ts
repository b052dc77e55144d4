import { describe, expect, it } from 'vitest';
import { inventory } from '../../machine-kit/inventory';
import { uiScripts } from '../../machine-kit/ui-script';
import { machines } from '../../machines/index';
import { bindings } from './bindings/index';
import { transitionEventKey } from './select';

describe('UI scripts (machine-kit/ui-script) agree with the machines and their UI bindings', () => {
  for (const script of Object.values(uiScripts)) {
    it(`${script.machine}: every scripted event is one the machine listens to and the binding causes (or both explain); every state exists`, () => {
      const machine = machines[script.machine].machine;
      const keys = new Set(inventory(machine).transitions.map((t) => transitionEventKey(machine, t)));
      const binding = bindings.find((b) => b.machine === script.machine);
      expect(binding, `a UI binding for ${script.machine}`).toBeDefined();
      for (const key of Object.keys(script.events)) {
        expect(keys.has(key), `${key} in ${script.machine}`).toBe(true);
        // an event the script only explains (every way a reason) is one the binding explains too
        const explainedOnly = script.events[key].every((way) => 'reason' in way);
        if (explainedOnly) expect(binding!.events[key], `${key}: a reason in the binding`).toHaveProperty('reason');
        else expect(typeof binding!.events[key], `${key} in the binding`).toBe('function');
      }
      const states = new Set(inventory(machine).states);
      for (const id of Object.keys(script.states)) expect(states.has(id), id).toBe(true);
    });
  }
});
