import { describe, expect, it } from 'vitest';
import { CARD_START_URL, CardProcessor, ProcessorReplySchema } from '../contract/card';
import { dialectOf, isProcessor, PROCESSOR_TABLE, PROCESSORS, processorName, processorsWithFlow } from './processors';

/** The processor table is the one list of processors: the contract, the start addresses and the names come from it. */
describe('the processor table', () => {
  it('the contract takes exactly its processors and posts each start to its address', () => {
    expect(CardProcessor.options).toEqual(PROCESSORS);
    expect(PROCESSORS).toHaveLength(11);
    for (const p of PROCESSORS) expect(CARD_START_URL[p]).toBe(PROCESSOR_TABLE[p].start);
    expect(new Set(PROCESSORS.map((p) => PROCESSOR_TABLE[p].start)).size).toBe(PROCESSORS.length);
  });

  it('every dialect has its reply schema; Orange not-3D speaks Orange', () => {
    const schemas = ProcessorReplySchema.def.options.map((o) => o.def.shape.proc.def.values[0]);
    for (const p of PROCESSORS) expect(schemas).toContain(dialectOf(p));
    expect(dialectOf('ORANGE_NOT3D')).toBe('ORANGE');
  });

  it('names each processor for the trader; an unknown code stays as it is', () => {
    expect(processorName('ORANGE_NOT3D')).toBe('Orange (non-3-D)');
    expect(processorName('CONCEPT')).toBe('PayConcept');
    expect(processorName('NOPE')).toBe('NOPE');
    expect(isProcessor('toString')).toBe(false);
    expect(PROCESSORS.every((p) => PROCESSOR_TABLE[p].name.trim() !== '')).toBe(true);
  });

  it('PFS, Concept and EZPAY may redirect to 3-D Secure; Shape and Vload always use their page; each such has a page name', () => {
    expect(processorsWithFlow('secure')).toEqual(['PFS', 'CONCEPT', 'EZPAY']);
    expect(processorsWithFlow('hosted')).toEqual(['SHAPE', 'VLOAD']);
    expect(processorsWithFlow('dialog')).toEqual(['ENTROPAY']);
    for (const p of processorsWithFlow('secure', 'hosted', 'dialog')) expect(PROCESSOR_TABLE[p].page).toBeTruthy();
  });
});
