import { describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { accountsMachine } from '../../../machines/accounts/accounts.machine';
import { connectAccounts } from './accounts.connect';

const accountsIn = (value: unknown): SnapshotFrom<typeof accountsMachine> => {
  const initial = createActor(accountsMachine).getSnapshot();
  return accountsMachine.resolveState({ value, context: initial.context } as never);
};

describe('connectAccounts getters', () => {
  it('the section is named by its heading and busy while a switch is on its way', () => {
    const idle = connectAccounts(accountsIn('idle'), vi.fn(), null);
    expect(idle.getRegionProps()).toEqual({ 'aria-labelledby': idle.getTitleProps().id, 'aria-busy': false });
    expect(connectAccounts(accountsIn('switching'), vi.fn(), null).getRegionProps()['aria-busy']).toBe(true);
    expect(idle.getAddErrorProps()).toEqual({ role: 'alert' });
  });
});
