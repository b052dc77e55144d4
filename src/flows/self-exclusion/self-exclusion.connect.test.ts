import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ExcludeRequest, ExcludeResponse } from '../../../core/contract/self-exclusion';
import { EXCLUSION_CHOICES, EXCLUSION_CHOICE_NAMES } from '../../../core/self-exclusion';
import { selfExclusionMachine } from '../../../machines/self-exclusion/self-exclusion.machine';
import { inForce, NOW } from '../../../machines/self-exclusion/self-exclusion.model';
import { CHOICE_LENGTHS, connectSelfExclusion, lengthOf } from './self-exclusion.connect';

import { formatDateTime } from '../shared/dates';

// dates are written in the trader's time zone (the machine's here), as the page writes them
const DAY_AFTER = formatDateTime('2026-12-02T10:00:00.000Z');

/** a form's submit event as React gives it (no DOM here: the form's values are empty, as the choices' form sends none) */
const SUBMIT = { preventDefault() {}, currentTarget: undefined } as never;

function start(exclude: (input: ExcludeRequest) => Promise<ExcludeResponse>) {
  const sent: ExcludeRequest[] = [];
  let left = 0;
  const actor = createActor(
    selfExclusionMachine.provide({
      actors: {
        exclude: fromPromise(async ({ input }) => {
          sent.push(input);
          return exclude(input);
        }),
      },
      actions: { leave: () => void left++ },
    }),
  ).start();
  const view = (lang = 'en') => connectSelfExclusion(actor.getSnapshot(), actor.send, lang, () => NOW);
  /** the confirmation's form sent with the password as typed in the page (the view test sends the real form) */
  const confirm = (password: string) => actor.send({ type: 'exclusion.confirm', password });
  return { actor, sent, view, confirm, left: () => left };
}

describe('the choices', () => {
  it('name each length as core counts it: hours for a timeout, calendar months for an exclusion', () => {
    const HOURS = { hour: 1, day: 24, week: 7 * 24 } as const;
    const MONTHS = { month: 1, year: 12 } as const;
    for (const choice of EXCLUSION_CHOICE_NAMES) {
      const rule = EXCLUSION_CHOICES[choice];
      const { count, unit } = CHOICE_LENGTHS[choice];
      if (rule.kind === 'timeout') expect(count * HOURS[unit as keyof typeof HOURS], choice).toBe(rule.hours);
      else expect(count * MONTHS[unit as keyof typeof MONTHS], choice).toBe(rule.months);
    }
    expect(lengthOf('24h', 'en')).toEqual({ key: 'pause.length.hour', params: { count: '24' } });
    expect(lengthOf('1y', 'ru')).toEqual({ key: 'pause.length.year', params: { count: '1' } });
  });

  it('are one radio group in two parts, in core’s order; Continue without one is refused on the first radio', () => {
    const { view, actor } = start(async (input) => inForce(input.choice as '24h'));
    expect(view().groups.map((g) => [g.kind, g.choices.map((c) => c.choice)])).toEqual([
      ['timeout', ['24h', '7d', '30d', '6w']],
      ['exclusion', ['6m', '1y', '2y', '3y', '5y']],
    ]);
    expect(view().groups[1]!.title).toEqual({ key: 'pause.group.exclusion' });
    expect(view().getChoiceProps('24h')).toMatchObject({ type: 'radio', name: 'choice', id: 'pause-choice-24h', value: '24h', checked: false, 'data-focus-on': undefined });
    expect(view().getChoiceLabelProps('24h')).toEqual({ htmlFor: 'pause-choice-24h' });
    expect(view().getGroupProps('timeout')).toEqual({ 'aria-describedby': 'pause-group-timeout-hint' });
    view().getChooseFormProps().onSubmit(SUBMIT);
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(view().errors.choice).toEqual({ key: 'pause.error.choice' });
    expect(view().getChoicesProps()).toEqual({ 'aria-describedby': 'pause-choice-error' });
    expect(view().getChoiceProps('24h')).toMatchObject({ 'aria-invalid': true, 'data-focus-on': 'refused-1' });
    expect(view().getChoiceProps('7d')['data-focus-on']).toBeUndefined();
    expect(view().getErrorProps('choice')).toEqual({ id: 'pause-choice-error', role: 'alert' });
    view().getChoiceProps('6m').onChange();
    expect(view().getChoiceProps('6m').checked).toBe(true);
    expect(view().errors).toEqual({});
    expect(view().getChoicesProps()).toEqual({ 'aria-describedby': undefined });
  });
});

describe('the confirmation', () => {
  it('says what is chosen and until when, from the page’s clock, in the trader’s time zone; its heading takes the focus', () => {
    const { view, actor } = start(async (input) => inForce(input.choice as '24h'));
    view().getChoiceProps('24h').onChange();
    view().getChooseFormProps().onSubmit(SUBMIT);
    expect(actor.getSnapshot().value).toBe('confirming');
    const v = view();
    expect(v).toMatchObject({ choosing: false, confirmStep: true, kind: 'timeout', until: DAY_AFTER, length: { key: 'pause.length.hour', params: { count: '24' } } });
    expect(v.confirmTitle).toEqual({ key: 'pause.confirm.title_timeout' });
    expect(v.endsMessage).toEqual({ key: 'pause.confirm.ends_timeout', params: { until: DAY_AFTER } });
    expect(v.submitLabel).toEqual({ key: 'pause.confirm.yes_timeout' });
    expect(v.getConfirmTitleProps()).toEqual({ id: 'pause-confirm-title', tabIndex: -1, 'data-focus-on': 'confirm' });
    expect(v.getConfirmRegionProps()).toEqual({ 'aria-labelledby': 'pause-confirm-title' });
    expect(v.getPasswordProps()).toMatchObject({ id: 'pause-password', name: 'password', type: 'password', autoComplete: 'current-password', 'aria-describedby': 'pause-password-hint', 'aria-invalid': undefined });
    expect(v.getPasswordProps()).not.toHaveProperty('value');
  });

  it('a self-exclusion says so, by its kind', () => {
    const { view } = start(async (input) => inForce(input.choice as '6m'));
    view().getChoiceProps('5y').onChange();
    view().getChooseFormProps().onSubmit(SUBMIT);
    expect(view()).toMatchObject({ kind: 'exclusion', until: formatDateTime('2031-12-01T10:00:00.000Z'), confirmTitle: { key: 'pause.confirm.title_exclusion' }, submitLabel: { key: 'pause.confirm.yes_exclusion' } });
    expect(view('ru').length).toEqual({ key: 'pause.length.year', params: { count: '5' } });
  });

  it('a wrong password: marked, focused, emptied by its key; an edit takes the message away', async () => {
    const { view, actor, confirm, sent } = start(() => Promise.reject({ kind: 'http', status: 401, error: 'exclusion.password', message: 'The password is not right.', fields: { password: 'exclusion.password' } }));
    view().getChoiceProps('7d').onChange();
    actor.send({ type: 'choice.continue', now: NOW });
    const key = view().passwordKey;
    confirm('');
    expect(view().errors.password).toEqual({ key: 'pause.error.password' });
    expect(view().getPasswordProps()).toMatchObject({ 'aria-invalid': true, 'aria-describedby': 'pause-password-hint pause-password-error', 'data-focus-on': 'refused-1' });
    expect(view().passwordKey).toBe(key);
    confirm('wrong');
    expect(view()).toMatchObject({ submitting: true, submitLabel: { key: 'pause.submitting' } });
    expect(view().getSubmitProps()).toEqual({ type: 'submit', disabled: true, 'aria-busy': true });
    expect(view().getBackProps().disabled).toBe(true);
    expect(view().getPasswordProps().disabled).toBe(true);
    await waitFor(actor, (s) => s.matches('confirming'));
    expect(sent).toEqual([{ choice: '7d', password: 'wrong' }]);
    expect(view().passwordKey).not.toBe(key);
    expect(view().getPasswordProps()['data-focus-on']).toBe('refused-2');
    view().getPasswordProps().onChange?.({ target: { value: 'x' } } as never);
    expect(view().errors).toEqual({});
  });

  it('a failure is said with Try again, the focus on it; going back keeps the choice', async () => {
    const { view, actor, confirm } = start(() => Promise.reject({ kind: 'network' }));
    view().getChoiceProps('30d').onChange();
    actor.send({ type: 'choice.continue', now: NOW });
    confirm('Sandbox-1234abcd1');
    await waitFor(actor, (s) => s.matches('failed'));
    expect(view()).toMatchObject({ failed: true, confirmStep: true, error: { key: 'pause.failed' }, submitLabel: { key: 'pause.try_again' } });
    expect(view().getFailureProps()).toEqual({ role: 'alert', tabIndex: -1, 'data-focus-on': 'failed-1', 'data-focus-in': 'pause-confirm' });
    view().getBackProps().onClick();
    expect(view()).toMatchObject({ choosing: true, confirmStep: false, error: null });
    expect(view().getChoiceProps('30d').checked).toBe(true);
  });

  it('in force: the server’s end, said while the page leaves for the sign-in page', async () => {
    const { view, actor, confirm, left } = start(async (input) => inForce(input.choice as '6m'));
    view().getChoiceProps('6m').onChange();
    actor.send({ type: 'choice.continue', now: NOW });
    confirm('Sandbox-1234abcd1');
    await waitFor(actor, (s) => s.status === 'done');
    expect(view()).toMatchObject({ done: true, confirmStep: false, until: formatDateTime(inForce('6m').until), doneMessage: { key: 'pause.done_exclusion', params: { until: formatDateTime(inForce('6m').until) } } });
    expect(view().getDoneProps()).toEqual({ role: 'status', tabIndex: -1, 'data-focus-on': 'done', 'data-focus-in': undefined });
    expect(left()).toBe(1);
  });
});
