import { describe, expect, it } from 'vitest';
import { cascadeStack, nextUntried } from './stack';

const base = { settings: [] as string[], user: '', country: 'MT', affsId: '', noVload: [] as string[] };

describe('the cascade stack (spec 000 §4, §6)', () => {
  it('is VLOAD by default', () => {
    expect(cascadeStack(base)).toEqual(['VLOAD']);
  });

  it('the settings cascade overrides the default, the user value overrides both', () => {
    expect(cascadeStack({ ...base, settings: ['ORANGE', 'PFS'] })).toEqual(['ORANGE', 'PFS']);
    expect(cascadeStack({ ...base, settings: ['ORANGE', 'PFS'], user: 'zoom, meiko' })).toEqual(['ZOOM', 'MEIKO']);
  });

  it('ignores unknown names and repeats; a user value of only unknown names falls back', () => {
    expect(cascadeStack({ ...base, user: 'PFS,PFS,NOPE,concept' })).toEqual(['PFS', 'CONCEPT']);
    expect(cascadeStack({ ...base, settings: ['MEIKO'], user: 'NOPE' })).toEqual(['MEIKO']);
  });

  it('PFS never for the 12 excluded countries', () => {
    for (const country of ['GB', 'ES', 'DE', 'IT', 'NL', 'SE', 'FR', 'CZ', 'LU', 'AT', 'BE', 'NO']) {
      expect(cascadeStack({ ...base, user: 'PFS,ORANGE', country }), country).toEqual(['ORANGE']);
    }
    expect(cascadeStack({ ...base, user: 'PFS,ORANGE', country: 'us' })).toEqual(['PFS', 'ORANGE']);
  });

  it('VLOAD never for partners in no_vload', () => {
    expect(cascadeStack({ ...base, user: 'VLOAD,ZOOM', affsId: 'p-7', noVload: ['p-7'] })).toEqual(['ZOOM']);
    expect(cascadeStack({ ...base, user: 'VLOAD,ZOOM', affsId: 'p-8', noVload: ['p-7'] })).toEqual(['VLOAD', 'ZOOM']);
    expect(cascadeStack({ ...base, affsId: 'p-7', noVload: ['p-7'] })).toEqual([]);
  });

  it('the next processor is the first one not tried', () => {
    expect(nextUntried(['PFS', 'ORANGE', 'ZOOM'], ['PFS'])).toBe('ORANGE');
    expect(nextUntried(['PFS', 'ORANGE'], ['ORANGE', 'PFS'])).toBeNull();
    expect(nextUntried(['PFS', 'ZOOM', 'EZPAY'], ['PFS', 'EZPAY'])).toBe('ZOOM');
  });
});

describe('the country as the trader record holds it', () => {
  it('is read without spaces and in any case', () => {
    expect(cascadeStack({ ...base, user: 'PFS,ORANGE', country: ' de ' })).toEqual(['ORANGE']);
  });
});

