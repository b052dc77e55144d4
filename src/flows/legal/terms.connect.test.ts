import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { LegalStatus } from '../../../core/contract/legal';
import { termsAcceptanceMachine } from '../../../machines/terms-acceptance/terms-acceptance.machine';
import { connectTerms } from './terms.connect';

const OLD: LegalStatus = {
  documents: [
    { document: 'client_agreement', version: 2, effective: '2026-11-30', accepted: 1 },
    { document: 'risk_disclosure', version: 1, effective: '2026-11-30', accepted: 1 },
    { document: 'privacy_notice', version: 1, effective: '2026-11-30', accepted: 1 },
  ],
  outdated: ['client_agreement'],
};
const settle = () => new Promise((r) => setTimeout(r, 0));

async function page(accept: () => Promise<LegalStatus>) {
  const actor = createActor(
    termsAcceptanceMachine.provide({ actors: { readStatus: fromPromise(async () => OLD), accept: fromPromise(accept) }, actions: { announceAccepted: () => {} } }),
    { input: { page: true } },
  ).start();
  await settle();
  return { actor, view: () => connectTerms(actor.getSnapshot(), actor.send) };
}

describe('connectTerms', () => {
  it('the documents to accept, each document with its versions, the text a Tab stop named by its title', async () => {
    const { view } = await page(async () => OLD);
    const api = view();
    expect(api).toMatchObject({ open: true, loading: false, unread: false, current: false, accepted: false, busy: false, error: null });
    expect(api.shown).toEqual([{ document: 'client_agreement', version: 2, effective: '2026-11-30' }]);
    expect(api.documents.map((d) => [d.document, d.version, d.accepted])).toEqual([['client_agreement', 2, 1], ['risk_disclosure', 1, 1], ['privacy_notice', 1, 1]]);
    expect(api.getTextProps('t')).toEqual({ tabIndex: 0, role: 'region', 'aria-labelledby': 't' });
    expect(api.getRegionProps('r')).toEqual({ 'aria-labelledby': 'r' });
    expect(api.getTitleProps('r')).toEqual({ id: 'r' });
    expect(api.getErrorProps()).toMatchObject({ role: 'alert' });
  });

  it('Accept rests and says busy while sent; accepted, the outcome takes the focus', async () => {
    let answer!: (s: LegalStatus) => void;
    const { view } = await page(() => new Promise((r) => (answer = r)));
    view().getAcceptProps().onClick();
    expect(view().busy).toBe(true);
    expect(view().getAcceptProps()).toMatchObject({ disabled: true, 'aria-busy': true });
    expect(view().getLaterProps().disabled).toBe(true);
    answer({ ...OLD, outdated: [] });
    await settle();
    expect(view()).toMatchObject({ accepted: true, open: false, busy: false });
    expect(view().getOutcomeProps()).toMatchObject({ role: 'status', 'data-focus-on': 'terms-accepted' });
  });
});
