import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, toPromise, waitFor } from 'xstate';
import { cardFormMachine } from '../../../machines/card-form/card-form.machine';
import { cascadeMachine } from '../../../machines/cascade/cascade.machine';
import { entropayMachine } from '../../../machines/cascade/entropay.machine';
import type { SavedCard } from '../../../machines/card-form/card-form.types';
import type { FraudCheckOutput, StartInput, StartOutput } from '../../../machines/cascade/cascade.types';
import type { ProcessorReply } from '../../../core/cascade/processors';
import { describeCard } from '../../../core/card-facts';
import { selectFinishedSteps } from '../../flows/funding/funding.select';
import { I18nProvider, registerMessages } from '../../i18n';
import { messages as fundingMessages } from './messages';
import { en } from '../../i18n/en';
import { ru } from '../../i18n/ru';
import { CascadePanel, CascadeSteps } from './CascadePanel';
import { FundingActorContext } from './context';
import type { FundingActor } from '../../flows/funding/funding.hooks';

/** The sandbox stack (server/domain/settings.ts SANDBOX_CASCADE). */
const STACK = ['VLOAD', 'ORANGE', 'MEIKO', 'ZOOM', 'CONCEPT'];
const T = 1_700_000_000_000;

/** The soft-decline test card (4000000000000036): declined by the first processor, approved by the next. */
const softOnce = (input: StartInput): StartOutput => {
  const reply: ProcessorReply = input.processor === 'VLOAD' ? { proc: 'VLOAD', return: false, status: 'declined', code: '91' } : { proc: 'ORANGE', status: 'successful' };
  return { reply, at: T };
};

const cascade = cascadeMachine.provide({
  actors: {
    fraudCheck: fromPromise(async (): Promise<FraudCheckOutput> => ({ payment: 'p-1' })),
    startProcessor: fromPromise(async ({ input }: { input: StartInput }) => softOnce(input)),
  },
});

const payment = { id: '', key: 'k-1', amount: '250.00', currency: 'USD', fixed: false, bonus: false, promo: '', card: 'tok-1' };

describe('the cascade steps stay readable', () => {
  it('the panel lists each processor tried with its answer, "n of 5"', async () => {
    const actor = createActor(cascade, { input: { settings: STACK, user: '', country: 'DE', affsId: '', noVload: [], payment, now: T } });
    actor.start();
    await toPromise(actor);
    render(
      <I18nProvider lang="en" dict={en}>
        <CascadePanel cascade={actor} send={() => {}} />
      </I18nProvider>,
    );
    const items = within(screen.getByTestId('cascade-steps')).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['Processor 1 of 5 (Vload): declined by the issuer, trying the next one', 'Processor 2 of 5 (Orange): approved']);
  });

  it('after the approval the card form keeps the steps (no card data) until the trader closes the result', async () => {
    const form = cardFormMachine.provide({
      actors: {
        saveCard: fromPromise(async (): Promise<SavedCard> => ({ token: 'tok-1', first6: '400000', last4: '0036', type: 'visa' })),
        cascade,
      },
    });
    const actor = createActor(form, {
      input: { settings: STACK, user: '', country: 'DE', affsId: '', noVload: [], geo: 'DE', currency: 'USD', jcb: false, demo: false, year: 2026, month: 1, resume: null, now: T },
    });
    actor.start();
    actor.send({ type: 'field.change', field: 'name', value: 'Sandbox Trader' });
    actor.send({ type: 'field.change', field: 'month', value: '12' });
    actor.send({ type: 'field.change', field: 'year', value: '2030' });
    actor.send({
      type: 'card.submit',
      card: describeCard('4000 0000 0000 0036'),
      cvv: '123',
      payment: { key: 'k-1', amount: '250.00', currency: 'USD', fixed: false, bonus: false, promo: '', amountError: null },
      now: T,
    });
    await waitFor(actor, (s) => s.value === 'approved' || s.context.error !== null || (s.value === 'editing' && s.context.result !== null));
    const snapshot = actor.getSnapshot();
    expect([snapshot.value, snapshot.context.error]).toEqual(['approved', null]);
    const steps = selectFinishedSteps(snapshot);
    expect(steps.map((s) => [s.key, s.n, s.total, s.processor])).toEqual([
      ['cascade.step.declined_next', 1, 5, 'VLOAD'],
      ['cascade.step.approved', 2, 5, 'ORANGE'],
    ]);
    expect(JSON.stringify(snapshot.context)).not.toContain('4000000000000036');
    expect(JSON.stringify(snapshot.context)).not.toContain('"123"');

    render(
      <I18nProvider lang="ru" dict={ru}>
        <CascadeSteps steps={steps} />
      </I18nProvider>,
    );
    expect(screen.getByText('Процессор 1 из 5 (Vload): отклонено банком-эмитентом, пробуем следующий')).toBeTruthy();
    expect(screen.getByText('Процессор 2 из 5 (Orange): одобрено')).toBeTruthy();

    actor.send({ type: 'result.close' });
    expect(selectFinishedSteps(actor.getSnapshot())).toEqual([]);
  });
});

describe('issue 32: the steps say a skipped processor, one that did not answer, and Zoom 51 as a hard decline', () => {
  registerMessages(fundingMessages);
  it.each([
    [
      'en',
      en,
      [
        'Processor 1 of 5 (Vload): temporarily unavailable, skipped (your card was not sent to it), trying the next one',
        'Processor 2 of 5 (Orange): did not answer; this attempt was cancelled and is not charged, trying the next one',
        'Processor 3 of 5 (Meiko): declined by the issuer, trying the next one',
        'Processor 4 of 5 (Zoom): insufficient funds (51), a hard decline; the payment stopped here (no other processor is tried after it, EZPAY neither)',
      ],
    ],
    [
      'ru',
      ru,
      [
        'Процессор 1 из 5 (Vload): временно недоступен, пропущен (карта ему не отправлялась), пробуем следующий',
        'Процессор 2 из 5 (Orange): не ответил; эта попытка отменена и не будет списана, пробуем следующий',
        'Процессор 3 из 5 (Meiko): отклонено банком-эмитентом, пробуем следующий',
        'Процессор 4 из 5 (Zoom): недостаточно средств (51), жёсткий отказ; платёж остановлен на нём (другие процессоры после него не пробуются, EZPAY тоже)',
      ],
    ],
  ] as const)('%s', async (lang, dict, lines) => {
    const run = cascadeMachine.provide({
      actors: {
        fraudCheck: fromPromise(async (): Promise<FraudCheckOutput> => ({ payment: 'p-1' })),
        startProcessor: fromPromise(async ({ input }: { input: StartInput }): Promise<StartOutput> => {
          if (input.processor === 'VLOAD') throw { kind: 'http', status: 503, error: 'card.processor_unavailable', message: '' };
          if (input.processor === 'ORANGE') throw { kind: 'http', status: 502, error: 'card.processor_unreachable', message: '' };
          return { reply: input.processor === 'MEIKO' ? { proc: 'MEIKO', return: false, code: '91' } : { proc: 'ZOOM', result: 2, hostCode: '51' }, at: T };
        }),
      },
    });
    const actor = createActor(run, { input: { settings: STACK, user: '', country: 'DE', affsId: '', noVload: [], payment, now: T } });
    actor.start();
    const output = await toPromise(actor);
    expect(output).toMatchObject({ result: 'stopped' });
    render(
      <I18nProvider lang={lang} dict={dict}>
        <CascadePanel cascade={actor} send={() => {}} />
      </I18nProvider>,
    );
    expect(within(screen.getByTestId('cascade-steps')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(lines);
  });

  it('the last step unavailable or unreachable says so without "trying the next one"', async () => {
    const { stepLines } = await import('../../flows/funding/funding.select');
    expect(stepLines(['PFS', 'MEIKO'], [{ processor: 'PFS', result: 'unavailable', code: '' }, { processor: 'MEIKO', result: 'unreachable', code: '' }], false).map((l) => l.key)).toEqual(['cascade.step.unavailable_next', 'cascade.step.unreachable']);
    expect(stepLines(['MEIKO'], [{ processor: 'MEIKO', result: 'unavailable', code: '' }], false).map((l) => l.key)).toEqual(['cascade.step.unavailable']);
    // a 51 from another processor is the usual stop; from Zoom going on it is impossible (51 stops)
    expect(stepLines(['MEIKO'], [{ processor: 'MEIKO', result: 'declined', code: '51' }], false).map((l) => l.key)).toEqual(['cascade.step.declined']);
  });
});

describe('the do-not-honor dialog and its steps agree', () => {
  registerMessages(fundingMessages);
  it.each([
    ['en', en, 'We will not retry', 'Processor 3 of 5 (Meiko): declined by the issuer; the payment stopped here'],
    ['ru', ru, 'Мы не будем', 'Процессор 3 из 5 (Meiko): отклонено банком-эмитентом; платёж остановлен на нём'],
  ] as const)('the cascade stopped at the processor that said "do not honor": no step says it tries the next one (%s)', async (lang, dict, says, last) => {
    // Vload and Orange decline softly, Meiko answers "do not honor" (05): the dialog opens, nothing more is tried
    const dnh = cascadeMachine.provide({
      actors: {
        fraudCheck: fromPromise(async (): Promise<FraudCheckOutput> => ({ payment: 'p-1' })),
        startProcessor: fromPromise(async ({ input }: { input: StartInput }): Promise<StartOutput> => ({
          reply:
            input.processor === 'VLOAD' ? { proc: 'VLOAD', return: false, status: 'declined', code: '91' }
              : input.processor === 'ORANGE' ? { proc: 'ORANGE', status: 'failed', message: 'Issuer unavailable' }
                : { proc: 'MEIKO', return: false, code: '05' },
          at: T,
        })),
      },
    });
    const actor = createActor(dnh, { input: { settings: STACK, user: '', country: 'DE', affsId: '', noVload: [], payment, now: T } });
    actor.start();
    await waitFor(actor, (s) => s.matches('doNotHonor'));
    render(
      <I18nProvider lang={lang} dict={dict}>
        <CascadePanel cascade={actor} send={() => {}} />
      </I18nProvider>,
    );
    expect(screen.getByRole('group', { name: lang === 'en' ? 'Your bank declined the card' : 'Банк отклонил карту' }).textContent).toContain(says);
    const items = within(screen.getByTestId('cascade-steps')).getAllByRole('listitem').map((li) => li.textContent);
    expect(items.at(-1)).toBe(last);
    expect(items.slice(0, -1).every((line) => /trying the next one|пробуем следующий/.test(line ?? ''))).toBe(true);
    expect(items.at(-1)).not.toMatch(/trying the next one|пробуем следующий/);
  });
});

describe("Entropay's CVV dialog inside the card form", () => {
  const sent: string[] = [];
  const entropayCvv = cascadeMachine.provide({
    actors: {
      fraudCheck: fromPromise(async (): Promise<FraudCheckOutput> => ({ payment: 'p-1' })),
      startProcessor: fromPromise(async (): Promise<StartOutput> => ({ reply: { proc: 'ENTROPAY', return: 'pin' }, at: T })),
      entropay: entropayMachine.provide({
        actors: {
          sendCvv: fromPromise(async ({ input }: { input: { paymentId: string; cvv: string } }) => {
            sent.push(input.cvv);
            return { proc: 'ENTROPAY', return: true, status: 'approved' } as ProcessorReply;
          }),
        },
      }),
    },
  });

  async function open() {
    sent.length = 0;
    const actor = createActor(entropayCvv, { input: { settings: [], user: 'ENTROPAY', country: 'DE', affsId: '', noVload: [], payment, now: T } });
    actor.start();
    await waitFor(actor, (s) => s.value === 'entropay');
    let outerSubmits = 0;
    const view = render(
      <I18nProvider lang="en" dict={en}>
        <form onSubmit={(e) => { e.preventDefault(); outerSubmits++; }}>
          <CascadePanel cascade={actor} send={() => {}} />
        </form>
      </I18nProvider>,
    );
    fireEvent.change(view.container.querySelector('input[autocomplete="cc-csc"]')!, { target: { value: '123' } });
    return { actor, view, outerSubmits: () => outerSubmits };
  }

  it('Confirm sends the CVV and does not submit the card form around it (a nested form reloaded the page)', async () => {
    const { actor, view, outerSubmits } = await open();
    expect(view.container.querySelectorAll('form form')).toHaveLength(0);
    fireEvent.click(within(view.container).getByRole('button', { name: /^(Confirm|entropay\.send)$/ }));
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual(['123']);
    expect(actor.getSnapshot().value).toBe('approved');
    expect(outerSubmits()).toBe(0);
  });

  it('Enter in the CVV field sends it, not the card form', async () => {
    const { actor, view, outerSubmits } = await open();
    fireEvent.keyDown(view.container.querySelector('input[autocomplete="cc-csc"]')!, { key: 'Enter' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual(['123']);
    expect(outerSubmits()).toBe(0);
  });
});

describe('the daily-limit dialog names the limit the server reported', () => {
  registerMessages(fundingMessages);
  const dayLimited = cascadeMachine.provide({ actors: { fraudCheck: fromPromise(async (): Promise<FraudCheckOutput> => ({ day_limit: true })) } });
  /** a funding page whose options came with this daily limit (GET /api/card/options `dailyLimit`) */
  const fundingWith = (dailyLimit: number) =>
    createActor(createMachine({ context: { options: { dailyLimit, cardsToday: dailyLimit } } })).start() as unknown as FundingActor;

  async function dialogText(lang: 'en' | 'ru', funding: FundingActor | null): Promise<string> {
    const actor = createActor(dayLimited, { input: { settings: STACK, user: '', country: 'DE', affsId: '', noVload: [], payment, now: T } });
    actor.start();
    await waitFor(actor, (s) => s.matches('dayLimit'));
    const view = render(
      <I18nProvider lang={lang} dict={lang === 'ru' ? ru : en}>
        <FundingActorContext.Provider value={funding}>
          <CascadePanel cascade={actor} send={() => {}} />
        </FundingActorContext.Provider>
      </I18nProvider>,
    );
    const text = within(view.container).getByRole('group').querySelector('p')!.textContent!;
    view.unmount();
    return text;
  }

  it('a limit of 5 in English and Russian; no number at all when no limit is known', async () => {
    expect(await dialogText('en', fundingWith(5))).toBe('Dear client, due to safety reasons, your daily limit of 5 credit card transactions per day is exceeded. You can deposit by Bitcoin now.');
    expect(await dialogText('ru', fundingWith(1))).toContain('дневной лимит операций по карте (1 в день) исчерпан');
    expect(await dialogText('en', null)).toBe('Dear client, due to safety reasons, your daily limit of credit card transactions is exceeded. You can deposit by Bitcoin now.');
  });
});
