import { describe, expect, it, vi } from 'vitest';
import type { ReferralStats } from '../../../core/contract/referral';
import { createActor, fromPromise } from 'xstate';
import { referralLinkMachine } from '../../../machines/referral-link/referral-link.machine';
import { referralPageMachine } from '../../../machines/referral-page/referral-page.machine';
import { referralProgram } from '../../../machines/referral-page/referral-page.model';
import { referralStatsMachine } from '../../../machines/referral-stats/referral-stats.machine';
import { referralTransferMachine } from '../../../machines/referral-transfer/referral-transfer.machine';
import { connectReferralLink, connectReferralPage, connectReferralStats, connectReferralTransfer, dayOf, dayStart, lastDays } from './referral.connect';

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('referral connect functions', () => {
  it("the link form: 'Please fill Link name and chose Landing page' without a call, then saved", async () => {
    const save = vi.fn(async () => referralProgram);
    const actor = createActor(referralLinkMachine.provide({ actors: { save: fromPromise(save) } })).start();
    const api = () => connectReferralLink(actor.getSnapshot(), actor.send);
    api().getFieldProps('name').onChange?.({ target: { value: 'Blog' } } as never);
    expect(api().getFieldProps('name')).toMatchObject({ id: 'ref-link-name', value: 'Blog' });
    expect(api().getFormProps()).toMatchObject({ noValidate: true, 'aria-busy': undefined });
    api().submit();
    expect(api().getErrorProps()).toEqual({ role: 'alert' });
    expect(api().error).toEqual({ key: 'referral.link_required', fallback: 'Please fill Link name and chose Landing page' });
    expect(save).not.toHaveBeenCalled();
    api().onLanding('about');
    expect(api().error).toBeNull();
    expect(api().getFieldProps('landing')).toMatchObject({ id: 'ref-link-landing', value: 'about' });
    api().submit();
    expect(api().saving).toBe(true);
    expect(api().getSubmitProps()).toEqual({ type: 'submit', disabled: true, 'aria-busy': true });
    expect(api().getFormProps()['aria-busy']).toBe(true);
    await settle();
    expect(api().saved).toBe(true);
    expect(api().getSavedProps()).toMatchObject({ role: 'status' });
    expect(api().getSubmitProps().disabled).toBeUndefined();
    expect(api().name).toBe('');
    expect(save.mock.calls[0]).toMatchObject([{ input: { link_name: 'Blog', landing: 'about' } }]);
  });

  it("the transfer: 'Wrong amount' for 0 and 1.5 without a call; a whole amount is sent with a key per transfer", async () => {
    const transfer = vi.fn(async () => ({ amount: '2.00', account: '7', balance: { currency: 'USD', amount: '0.50' } }));
    const actor = createActor(referralTransferMachine.provide({ actors: { transfer: fromPromise(transfer) } }), { input: { keySeed: 'seed' } }).start();
    const api = () => connectReferralTransfer(actor.getSnapshot(), actor.send);
    for (const value of ['0', '1.5', '', '-1']) {
      api().onAmount(value);
      api().submit();
      expect(api().error?.fallback).toBe('Wrong amount');
    }
    expect(transfer).not.toHaveBeenCalled();
    api().getAmountProps().onChange?.({ target: { value: '2' } } as never);
    expect(api().getAmountProps()).toMatchObject({ id: 'ref-transfer-amount', value: '2' });
    api().submit();
    expect(api().sending).toBe(true);
    expect(api().getSubmitProps()).toEqual({ type: 'submit', disabled: true, 'aria-busy': true });
    await settle();
    expect(api().done?.amount).toBe('2.00');
    expect(api().getDoneProps()).toMatchObject({ role: 'status' });
    expect(api().getErrorProps()).toEqual({ role: 'alert' });
    expect(transfer.mock.calls[0]).toMatchObject([{ input: { amount: '2', key: 'seed-1' } }]);
  });

  it('the statistics filter: days in and out, a backwards range refused, apply loads', async () => {
    expect(dayOf(dayStart('2024-03-05')!)).toBe('2024-03-05');
    expect(dayStart('nope')).toBeNull();
    const range = lastDays(Date.parse('2024-03-30T12:00:00Z'));
    expect(dayOf(range.from)).toBe('2024-03-01');
    expect(dayOf(range.to)).toBe('2024-03-30');
    const filter = vi.fn(async (): Promise<ReferralStats> => ({ DateFrom: 0, DateTo: 1, rows: [], total: { visits: 0, registrations: 0, first_deposits: 0 } }));
    const actor = createActor(referralStatsMachine.provide({ actors: { filter: fromPromise(filter) } }), { input: range }).start();
    const api = () => connectReferralStats(actor.getSnapshot(), actor.send);
    await settle();
    expect(api().stats).not.toBeNull();
    api().onFrom('2024-04-10');
    expect(api().editing).toBe(true);
    api().apply();
    expect(api().error?.key).toBe('referral.range_order');
    api().onFrom('2024-03-10');
    api().onLink('abc');
    api().apply();
    expect(api().loading).toBe(true);
    expect(api().getApplyProps()).toEqual({ type: 'submit', disabled: true, 'aria-busy': undefined });
    expect(api().getRegionProps()).toEqual({ 'aria-labelledby': api().getTitleProps().id });
    expect(api().getProblemProps()).toEqual({ role: 'alert' });
    await settle();
    expect(filter).toHaveBeenLastCalledWith(expect.objectContaining({ input: { from: dayStart('2024-03-10'), to: range.to, link: 'abc' } }));
  });

  it('the page: its section and each part named by its heading, the failed read announced', () => {
    const api = connectReferralPage(createActor(referralPageMachine, { input: { keySeed: 'k', ...lastDays(0) } }).getSnapshot(), vi.fn());
    expect(api.getRegionProps()).toEqual({ 'aria-labelledby': 'ref-title' });
    expect(api.getTitleProps()).toEqual({ id: 'ref-title' });
    for (const part of ['link', 'balance', 'links', 'materials'] as const) {
      expect(api.getSectionProps(part)).toEqual({ 'aria-labelledby': api.getSectionTitleProps(part).id });
    }
    expect(api.getSectionTitleProps('links')).toEqual({ id: 'ref-links-title' });
    expect(api.getProblemProps()).toEqual({ role: 'alert' });
  });
});
