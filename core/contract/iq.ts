import * as z from 'zod/mini';

/**
 * IQ mining (spec 001 §2 modal "iq mining", §7 /api/iq/start, /api/iq/next, §9 "IQ
 * mining bonus parameter: 162"): a short quiz about the product's real rules, held by the server
 * (questions, answers, the step reached). All five right on the first try pays 162 minor units
 * (1.62) of the trader's currency into the bonus balance, once per trader.
 *
 *   POST /api/iq/start              IqState (starts, or resumes where the trader was)
 *   POST /api/iq/next {n, answer}   IqState (answer to question n; a stale n answers the state as it is)
 * Refusals: 409 iq.currency (not a bonus currency), 409 iq.not_started (next before start).
 */
export const IQ_QUESTIONS = 5;
/** spec 001 §9: the IQ mining bonus parameter, in minor units (162 = 1.62) */
export const IQ_REWARD_MINOR = 162;

export const Texts = z.object({ en: z.string(), ru: z.string() });
export type Texts = z.infer<typeof Texts>;

export const IqQuestion = z.object({
  /** 1-based */
  n: z.number(),
  total: z.number(),
  text: Texts,
  options: z.array(z.object({ id: z.string(), text: Texts })),
});
export type IqQuestion = z.infer<typeof IqQuestion>;

/** what the server says about the answer just given */
export const IqFeedback = z.object({
  n: z.number(),
  chosen: z.string(),
  correct: z.boolean(),
  right: z.string(),
  rightText: Texts,
  explanation: Texts,
});
export type IqFeedback = z.infer<typeof IqFeedback>;

export const IqResult = z.object({
  right: z.number(),
  total: z.number(),
  /** the reward was earned (all right on the first try) and credited (now or before) */
  rewarded: z.boolean(),
});
export type IqResult = z.infer<typeof IqResult>;

export const IqState = z.object({
  status: z.enum(['question', 'finished']),
  /** when the trader started (the spec's user field iq_start) */
  iq_start: z.string(),
  /** the reward: 1.62 in the trader's currency */
  reward: z.object({ amount: z.string(), currency: z.string() }),
  /** still possible: no wrong answer so far */
  earnable: z.boolean(),
  question: z.nullable(IqQuestion),
  last: z.nullable(IqFeedback),
  result: z.nullable(IqResult),
});
export type IqState = z.infer<typeof IqState>;

export const IqAnswer = z.object({
  n: z.number().check(z.int(), z.minimum(1), z.maximum(IQ_QUESTIONS)),
  answer: z.string().check(z.minLength(1), z.maxLength(8)),
});
export type IqAnswer = z.infer<typeof IqAnswer>;
