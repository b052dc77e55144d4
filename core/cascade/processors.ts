/**
 * The card processors of the funding cascade (spec 000 §4) and what each one answers, as the
 * server relays it. Pure data: the machines, the flow, the server and the sandbox read these.
 */

/**
 * How a processor's start can go: `direct` answers approved, pending or declined; `secure` may
 * first send the trader to a 3-D Secure or hosted page; `hosted` always goes through its own
 * page; `dialog` asks in its own dialog first (Entropay), then its page.
 */
export type ProcessorFlow = 'direct' | 'secure' | 'hosted' | 'dialog';

interface ProcessorRule {
  /** how the trader sees its name while it is tried */
  name: string;
  /** the dialect of its replies (Orange not-3D answers like Orange) */
  dialect: 'PFS' | 'ORANGE' | 'CONCEPT' | 'FRAUD' | 'ZOOM' | 'EZPAY' | 'ENTROPAY' | 'SHAPE' | 'VLOAD' | 'MEIKO';
  /** where its start is posted (spec 000 §7; the FRAUD step re-runs the fraud check) */
  start: string;
  flow: ProcessorFlow;
  /** what its page is called on the sandbox's hosted page, or null: it has none */
  page: string | null;
}

/** The processor table: one record per processor of the stack, in the spec's order. */
export const PROCESSOR_TABLE = {
  PFS: { name: 'PFS', dialect: 'PFS', start: '/api/card/fast/pfs', flow: 'secure', page: '3-D Secure' },
  ORANGE: { name: 'Orange', dialect: 'ORANGE', start: '/api/card/fast/orange', flow: 'direct', page: null },
  ORANGE_NOT3D: { name: 'Orange (non-3-D)', dialect: 'ORANGE', start: '/api/card/fast/orange_not3d', flow: 'direct', page: null },
  CONCEPT: { name: 'PayConcept', dialect: 'CONCEPT', start: '/api/payconcept/pay', flow: 'secure', page: '3-D Secure' },
  FRAUD: { name: 'Fraud check', dialect: 'FRAUD', start: '/api/card/fast/fraud', flow: 'direct', page: null },
  ZOOM: { name: 'Zoom', dialect: 'ZOOM', start: '/api/card/fast/zoom', flow: 'direct', page: null },
  EZPAY: { name: 'EZPAY', dialect: 'EZPAY', start: '/api/card/fast/ezpay', flow: 'secure', page: 'hosted payment page' },
  ENTROPAY: { name: 'Entropay', dialect: 'ENTROPAY', start: '/api/entro/pay', flow: 'dialog', page: 'Entropay payment' },
  SHAPE: { name: 'Shape', dialect: 'SHAPE', start: '/api/shape/pay', flow: 'hosted', page: 'invoice' },
  VLOAD: { name: 'Vload', dialect: 'VLOAD', start: '/api/vload/pay', flow: 'hosted', page: 'virtual card' },
  MEIKO: { name: 'Meiko', dialect: 'MEIKO', start: '/api/card/fast/meiko', flow: 'direct', page: null },
} as const satisfies Record<string, ProcessorRule>;

export type Processor = keyof typeof PROCESSOR_TABLE;
export const PROCESSORS = Object.keys(PROCESSOR_TABLE) as [Processor, ...Processor[]];

export const isProcessor = (value: string): value is Processor => Object.hasOwn(PROCESSOR_TABLE, value);

/** the processors whose start goes one way (`flow`) */
export const processorsWithFlow = (...flows: ProcessorFlow[]): Processor[] => PROCESSORS.filter((p) => flows.includes(PROCESSOR_TABLE[p].flow));

/** The processor's name as the trader reads it ("Orange (non-3-D)"); an unknown code as it is. */
export const processorName = (processor: string): string => (isProcessor(processor) ? PROCESSOR_TABLE[processor].name : processor);

/** The default stack when neither the settings nor the user name one (spec 000 §4). */
export const DEFAULT_STACK: readonly Processor[] = ['VLOAD'];

/** PFS is allowed only outside these 12 countries (spec 000 §6). */
export const PFS_EXCLUDED_COUNTRIES: readonly string[] = ['GB', 'ES', 'DE', 'IT', 'NL', 'SE', 'FR', 'CZ', 'LU', 'AT', 'BE', 'NO'];

/**
 * A processor's answer to a start, a listen or a dialog step, in that processor's own terms.
 * `proc` names the dialect. Each field is what the spec says the front end reads.
 */
export type ProcessorReply =
  /** code 0000 approved, 0008 pending (listen), other codes declined (00 + the ISO 8583 code); redirect: the 3-D Secure token R5 */
  | { proc: 'PFS'; code: string; uid?: string; redirect?: string; message?: string }
  /** Orange and Orange not-3D: the charge status and the processor's failure message */
  | { proc: 'ORANGE'; status: 'successful' | 'failed' | 'pending'; message?: string; transaction_id?: string }
  /** Concept: APPROVED, PENDING, DECLINED or REDIRECT (a hosted page) */
  | { proc: 'CONCEPT'; status: string; txid?: string; redirect?: { url: string }; error?: { msg: string; code: string } }
  /** Skrill: 2 processed, 0 pending, -1 cancelled, -2 failed */
  | { proc: 'SKRILL'; status: number; transaction_id?: string }
  /** EZPAY: APPROVED, PENDING, DECLINED, or REDIRECT to its hosted page; code: the issuer's ISO code when declined */
  | { proc: 'EZPAY'; status: string; redirect?: string; code?: string; message?: string }
  /** Meiko: return true with status 1 approved, status 0 pending; bank: the issuer, appended to the decline text */
  | { proc: 'MEIKO'; return: boolean; status?: number; bank?: string; code?: string; transaction_id?: string }
  /** Zoom: result 0 approved, 1 pending, 2 declined with the host (issuer) code; error 'token': the session token failed */
  | { proc: 'ZOOM'; result: number; hostCode?: string; error?: string; transaction_id?: string }
  /** Entropay pay: return true (start dialog), 'pin' (CVV dialog), anything else cascades; after a dialog: status */
  | { proc: 'ENTROPAY'; return: boolean | string; status?: 'approved' | 'declined' | 'pending'; code?: string }
  /** Shape: return true redirects to its invoice page by guid; after the invoice: status */
  | { proc: 'SHAPE'; return: boolean; guid?: string; status?: 'approved' | 'declined' | 'pending'; code?: string }
  /** Vload (virtual card / voucher): return true with a redirect to its page; after the page: status */
  | { proc: 'VLOAD'; return: boolean; redirect?: string; status?: 'approved' | 'declined' | 'pending'; code?: string }
  /** the fraud check as a step of the stack: a flag stops, a clean answer cascades */
  | { proc: 'FRAUD'; fail_limit?: boolean; day_limit?: boolean; bad_card?: boolean; reason?: boolean; message?: string };

/** Which processor dialect a stack entry speaks (Orange not-3D answers like Orange). */
export const dialectOf = (processor: Processor): ProcessorReply['proc'] => PROCESSOR_TABLE[processor].dialect;
