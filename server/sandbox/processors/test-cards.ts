import type { SandboxScenario } from '../../../core/contract';

/**
 * The sandbox processors' test cards (docs/sandbox.md, "Card processors"): Luhn-valid Visa and
 * Mastercard numbers whose last digits choose the outcome. Any other valid card is approved.
 * Only the scenario name is kept with the saved card, never the number.
 */
export const TEST_CARDS: ReadonlyArray<{ scenario: SandboxScenario; visa: string; mastercard: string; what: string }> = [
  { scenario: 'approved', visa: '4000000000000010', mastercard: '5555550000000010', what: 'approved at once on every processor (hosted-page processors: after their page)' },
  { scenario: 'pending', visa: '4000000000000028', mastercard: '5555550000000028', what: 'pending, approved on the 2nd listen check' },
  { scenario: 'soft_once', visa: '4000000000000036', mastercard: '5555550000000036', what: 'soft decline (91 issuer unavailable) on the first processor, approved on the next' },
  { scenario: 'soft_twice', visa: '4000000000000044', mastercard: '5555550000000044', what: 'soft decline on the first two processors, approved on the third' },
  { scenario: 'soft_all', visa: '4000000000000051', mastercard: '5555550000000051', what: 'soft decline on every processor (the cascade runs out)' },
  { scenario: 'hard', visa: '4000000000000069', mastercard: '5555550000000069', what: 'hard decline 41 lost card: the cascade stops; the card is blocked (bad_card next time)' },
  { scenario: 'secure3d', visa: '4000000000000077', mastercard: '5555550000000077', what: '3-D Secure: the issuer’s ACS page wherever the processor has a page (PFS, Concept and EZPAY redirect to it; Vload’s and Shape’s hosted pages show it, so the default sandbox stack reaches it at Vload, processor 1); Orange, Meiko and Zoom approve after a listen' },
  { scenario: 'do_not_honor', visa: '4000000000000085', mastercard: '5555550000000085', what: 'do not honor (05): the honest dialog' },
  { scenario: 'insufficient', visa: '4000000000000093', mastercard: '5555550000000093', what: 'insufficient funds (51, "Not sufficient funds"): the cascade stops' },
  { scenario: 'timeout', visa: '4000000000000101', mastercard: '5555550000000101', what: 'the processor never answers: pending until the trader gives up' },
  { scenario: 'token_error', visa: '4000000000000119', mastercard: '5555550000000119', what: 'Zoom refuses the session token (EZPAY is skipped); other processors decline softly' },
  { scenario: 'entropay_cvv', visa: '4000000000000127', mastercard: '5555550000000127', what: 'Entropay asks for the CVV (CVV 000 declines); other processors decline softly' },
  { scenario: 'fail_limit', visa: '4000000000000135', mastercard: '5555550000000135', what: 'the fraud check answers fail_limit' },
  { scenario: 'bad_card', visa: '4000000000000143', mastercard: '5555550000000143', what: 'the fraud check answers bad_card' },
  { scenario: 'reason', visa: '4000000000000150', mastercard: '5555550000000150', what: 'the fraud check answers reason with a message' },
];

/** The scenario of a card number (digits only); any other number: approved. */
export function scenarioOfNumber(digits: string): SandboxScenario {
  for (const card of TEST_CARDS) if (card.visa === digits || card.mastercard === digits) return card.scenario;
  return 'approved';
}
