import * as z from 'zod/mini';
import { CardProcessor } from '../../../core/contract';

/**
 * What a scripted card step makes the processor answer (docs/sandbox.md "Scripted outcomes").
 * Each is one processor's answer, with the sandbox test card of the same name's behaviour on
 * that processor: `soft` is a soft decline (91), `secure3d` the 3-D Secure page where the
 * processor has one (PFS, Concept, EZPAY; else pending, approved on the 2nd listen check).
 */
export const ScriptCardOutcome = z.enum(['approved', 'pending', 'soft', 'hard', 'do_not_honor', 'insufficient', 'secure3d', 'timeout', 'token_error', 'entropay_cvv']);
export type ScriptCardOutcome = z.infer<typeof ScriptCardOutcome>;

/** What a scripted withdrawal step does to the trader's next withdrawal request. */
export const ScriptWithdrawalOutcome = z.enum(['approve', 'reject', 'fail']);
export type ScriptWithdrawalOutcome = z.infer<typeof ScriptWithdrawalOutcome>;

/**
 * What a scripted platform step makes the sandbox trading platform answer to the trader's next
 * sign-in (`POST /platform/login`): `maintenance` (code "maintenance" with the platform's message)
 * or `no_code` (a refusal that says nothing: `{success: false}`).
 */
export const ScriptPlatformOutcome = z.enum(['maintenance', 'no_code']);
export type ScriptPlatformOutcome = z.infer<typeof ScriptPlatformOutcome>;

export const ScriptCardStep = z.object({
  /** the processor this step is for (any when left out) */
  processor: z.optional(z.enum(CardProcessor.options.filter((p) => p !== 'FRAUD') as [Exclude<CardProcessor, 'FRAUD'>, ...Array<Exclude<CardProcessor, 'FRAUD'>>])),
  /** the 1-based place in the payment's cascade this step is for (any when left out) */
  at: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(20))),
  outcome: ScriptCardOutcome,
});
export type ScriptCardStep = z.infer<typeof ScriptCardStep>;

/** POST /api/sandbox/script: steps added after the trader's waiting ones (at most 20 per area at a time). */
export const SandboxScriptRequest = z.object({
  /** whose: with the operator header any trader's, else the signed-in trader's own (or one their session made) */
  email: z.optional(z.string().check(z.minLength(3), z.maxLength(254))),
  card: z.optional(z.array(ScriptCardStep).check(z.maxLength(20))),
  withdrawal: z.optional(z.array(z.object({ outcome: ScriptWithdrawalOutcome })).check(z.maxLength(20))),
  platform: z.optional(z.array(z.object({ outcome: ScriptPlatformOutcome })).check(z.maxLength(20))),
});
export type SandboxScriptRequest = z.infer<typeof SandboxScriptRequest>;

const Waiting = z.object({
  card: z.array(z.object({ processor: z.nullable(z.string()), at: z.nullable(z.number()), outcome: z.string() })),
  withdrawal: z.array(z.object({ outcome: z.string() })),
  platform: z.array(z.object({ outcome: z.string() })),
});

/** The trader's steps still waiting to be used, oldest first. */
export const SandboxScriptResponse = z.object({ ok: z.literal(true), waiting: Waiting });
export type SandboxScriptResponse = z.infer<typeof SandboxScriptResponse>;

/** GET /api/sandbox/script?email= and POST /api/sandbox/script/clear {email?} */
export const SandboxScriptWho = z.object({ email: z.optional(z.string().check(z.minLength(3), z.maxLength(254))) });
