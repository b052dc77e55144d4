import { PROCESSOR_TABLE, PROCESSORS, type Processor } from './processors';

/**
 * Where each processor's calls go, without zod: the funding page's first JavaScript reads them, and
 * the schemas (core/contract/card.ts, which re-exports these) load with the first answer they parse.
 */

/** URL slug of a processor in /api/card/listen/{slug} and in the return hash #/listen/funding/{slug}/{id}/{uid}. */
export const processorSlug = (processor: Processor | 'SKRILL'): string => processor.toLowerCase();

/**
 * Where each processor's start goes (spec 000 §7). All are POST with CardStartRequest (and the
 * CSRF header) and answer that processor's reply (ProcessorReplySchema). EZPAY's spec call was a
 * GET full redirect that started the attempt; a GET never starts one (a cross-site
 * link could): the POST answers REDIRECT to its hosted page, and the GET only leads to an attempt
 * already started (405 `card.start_by_post` otherwise). The FRAUD step of a stack re-runs the
 * fraud check for the payment.
 */
export const CARD_START_URL = Object.fromEntries(PROCESSORS.map((p) => [p, PROCESSOR_TABLE[p].start])) as Record<Processor, string>;

/** POST /api/card/listen/{slug}: a processor's check of an attempt */
export const cardListenUrl = (processor: Processor | 'SKRILL'): string => `/api/card/listen/${processorSlug(processor)}`;
