import { describe, expect, expectTypeOf, it } from 'vitest';
import { PROCESSORS, type Processor, type ProcessorReply } from '../cascade/processors';
import { CARD_START_URL, CardListenResponse, CardProcessor, ProcessorReplySchema, type ProcessorReplyWire } from './card';

describe('card contract', () => {
  it('speaks exactly the processor dialects the cascade classifies', () => {
    expectTypeOf<ProcessorReplyWire>().toEqualTypeOf<ProcessorReply>();
    expectTypeOf<CardProcessor>().toEqualTypeOf<Processor>();
    expect([...CardProcessor.options].sort()).toEqual([...PROCESSORS].sort());
    expect(Object.keys(CARD_START_URL).sort()).toEqual([...PROCESSORS].sort());
  });

  it('accepts the replies classify.ts reads and refuses a reply without its dialect', () => {
    expect(ProcessorReplySchema.safeParse({ proc: 'PFS', code: '0008', uid: 'u1' }).success).toBe(true);
    expect(ProcessorReplySchema.safeParse({ proc: 'ENTROPAY', return: 'pin' }).success).toBe(true);
    expect(ProcessorReplySchema.safeParse({ proc: 'ZOOM', result: 2, hostCode: '05' }).success).toBe(true);
    expect(ProcessorReplySchema.safeParse({ code: '0000' }).success).toBe(false);
    expect(CardListenResponse.safeParse({ found: true, reply: { proc: 'MEIKO', return: true, status: 1 } }).success).toBe(true);
    expect(CardListenResponse.safeParse({ found: true }).success).toBe(false);
  });
});
