import { describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { recoveryCodesMachine } from '../../../machines/two-factor/recovery.machine';
import { connectRecoveryCodes } from './recovery-codes.connect';
import { recoveryCodesText } from './recovery-file';

function recoveryIn(value: unknown, context: object = {}): SnapshotFrom<typeof recoveryCodesMachine> {
  const initial = createActor(recoveryCodesMachine).getSnapshot();
  return recoveryCodesMachine.resolveState({ value, context: { ...initial.context, ...context } } as never);
}

describe('connectRecoveryCodes', () => {
  it('the count and "Generate new codes" while idle; the button rests while new codes are made', () => {
    const send = vi.fn();
    const idle = connectRecoveryCodes(recoveryIn('idle', { left: 7, createdAt: '2026-05-01T10:00:00.000Z' }), send);
    expect(idle).toMatchObject({ step: 'idle', left: 7, codes: null });
    expect(idle.madeAt).toMatch(/^\d\d\.\d\d\.2026 \d\d:\d\d$/);
    expect(idle.getRegionProps()).toEqual({ 'aria-labelledby': 'recovery-title', 'aria-busy': undefined });
    expect(idle.getTitleProps()).toEqual({ id: 'recovery-title' });
    idle.getRenewProps().onClick();
    expect(send).toHaveBeenLastCalledWith({ type: 'codes.renew' });
    const issuing = connectRecoveryCodes(recoveryIn('issuing', { left: 7 }), send);
    expect(issuing.getRenewProps().disabled).toBe(true);
    expect(issuing.getRegionProps()['aria-busy']).toBe(true);
    expect(connectRecoveryCodes(recoveryIn('loading'), send).madeAt).toBeNull();
  });

  it('a failed read offers a retry; the new codes come with Download and I have saved them', () => {
    const send = vi.fn();
    const failed = connectRecoveryCodes(recoveryIn('failed', { error: { key: 'recovery.load_failed' } }), send);
    expect(failed.step).toBe('failed');
    failed.getRetryProps().onClick();
    expect(send).toHaveBeenLastCalledWith({ type: 'status.retry' });
    const showing = connectRecoveryCodes(recoveryIn('showing', { left: 7, codes: ['k7m2p-x9q4r'] }), send);
    expect(showing.codes?.codes).toEqual(['k7m2p-x9q4r']);
    expect(showing.codes?.getListProps()['aria-describedby']).toBe(showing.codes?.getHintProps().id);
    showing.codes?.getDownloadProps().onClick();
    expect(send).toHaveBeenLastCalledWith({ type: 'codes.download' });
    showing.codes?.getSavedProps().onClick();
    expect(send).toHaveBeenLastCalledWith({ type: 'codes.saved' });
    showing.cancel();
    expect(send).toHaveBeenLastCalledWith({ type: 'factor.cancel' });
  });
});

describe('the recovery codes file', () => {
  it('says what the codes are, in the page language, one code a line', () => {
    const text = recoveryCodesText(['k7m2p-x9q4r', 'a2b3c-d4e5f'], 'ru', new Date('2026-05-01T10:00:00Z'));
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Brokerage: резервные коды для приложения-аутентификатора');
    expect(lines[1]).toBe('Созданы: 01.05.2026 10:00 UTC');
    expect(lines.slice(3, 5)).toEqual(['k7m2p-x9q4r', 'a2b3c-d4e5f']);
    expect(recoveryCodesText(['k7m2p-x9q4r'], 'en', new Date())).toContain('Each code signs in once');
  });
});
