import type { CardSaveRequest, SavedCard } from '../../../core/contract/card';
import type { SaveCardInput } from '../../../machines/card-form/card-form.types';

/** The card form's save as POST /api/card/save takes it (the card form's flow and `npm run traffic` send the same). */
export const saveCardRequest = (input: SaveCardInput): CardSaveRequest => ({
  cnu: input.digits,
  emm: input.month,
  eyy: input.year,
  fn: input.fn,
  ln: input.ln,
  cu: input.country,
  cur: input.currency,
  card_type: input.type === 'jcb' ? 'jcb' : 'all',
  cty: 'VSA',
  cvv: input.cvv,
});

/** The saved card as the card form's machine keeps it (a token, never the number). */
export const savedCardOf = (saved: SavedCard) => ({ token: saved.card, first6: saved.first6, last4: saved.last4, type: saved.brand });
