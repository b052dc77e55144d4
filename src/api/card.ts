import { CARD_START_URL, cardListenUrl } from '../../core/cascade/urls';
import type { CardListenRequest, CardListenResponse, CardProcessor, CardSaveRequest, CardStartRequest, FraudCheckRequest, FraudCheckResponse, FundingOptionsResponse, PromoResponse, SandboxScenario, SavedCard } from '../../core/contract/card';
import { call } from './http';
import { contractOf, firstContract } from './contracts';

const cardContract = () => import('../../core/contract/card');

/** Card funding (docs/api.md, "Card funding"). */
export const getFundingOptions = (): Promise<FundingOptionsResponse> => call(contractOf(cardContract, 'FundingOptionsResponse'), '/api/card/options', { cache: 'no-store' });

/** The card form: the server keeps a token and the first six and last four digits only. */
export const saveCard = (body: CardSaveRequest): Promise<SavedCard> => call(contractOf(cardContract, 'SavedCard'), '/api/card/save', { method: 'POST', json: body });

/** The first call of a deposit: creates the payment under the idempotency key. */
export const fraudCheck = (body: FraudCheckRequest): Promise<FraudCheckResponse> => call(contractOf(cardContract, 'FraudCheckResponse'), '/api/fraud/card', { method: 'POST', json: body });

/**
 * A processor's start: always a POST with the CSRF header, the redirecting processors (3-D Secure,
 * hosted pages) included; their page is opened only after the server answered REDIRECT, and the
 * page itself starts nothing. 409 `card.attempt_in_flight`: another processor is still working on
 * this payment (a second tab); `card.blocked`: the card's bank reported it lost or stolen.
 */
export const startProcessor = (processor: CardProcessor, body: CardStartRequest) =>
  call(contractOf(cardContract, 'ProcessorReplySchema'), CARD_START_URL[processor], { method: 'POST', json: body });

export const listenCard = (processor: CardProcessor, body: CardListenRequest): Promise<CardListenResponse> =>
  call(contractOf(cardContract, 'CardListenResponse'), cardListenUrl(processor), { method: 'POST', json: body });

export const entroCvv = (id: string, cvv: string) => call(contractOf(cardContract, 'ProcessorReplySchema'), '/api/entro/cvv', { method: 'POST', json: { id, cvv } });

export const entroReject = (id: string): Promise<unknown> => call(firstContract('AnyAnswer'), '/api/entro/reject', { method: 'POST', json: { id } });

export const checkPromo = (code: string): Promise<PromoResponse> => call(contractOf(cardContract, 'PromoResponse'), '/api/promo', { method: 'POST', json: { code } });

/** sandbox only: the next payment of this user follows the scenario */
export const sandboxCardNext = (scenario: SandboxScenario) => call(contractOf(cardContract, 'SandboxCardNextResponse'), '/api/sandbox/card/next', { method: 'POST', json: { scenario } });
