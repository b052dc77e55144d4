// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../shared/dates';
import { connectExcludedNotice, withdrawButtonProps } from './excluded.connect';
import { pausedKind } from './paused';
import { formWith } from '../../test/form';

const UNTIL = '2026-12-02T10:00:00.000Z';
const refusal = (params?: Record<string, string>) => ({ key: 'login.excluded', fallback: `This account is on a break until ${UNTIL}.`, ...(params && { params }) });

describe('the sign-in page’s notice of a break', () => {
  it('a refusal: by its kind, the end written for the trader, announced at once', () => {
    const notice = connectExcludedNotice({ refusal: refusal({ until: UNTIL, kind: 'exclusion' }), lang: 'ru' });
    expect(notice).toMatchObject({ kind: 'exclusion', refused: true, contactHref: '/ru/contacts' });
    expect(notice.message).toEqual({ key: 'login.excluded.exclusion', fallback: `This account is on a break until ${UNTIL}.`, params: { until: formatDateTime(UNTIL) } });
    expect(notice.getNoticeProps()).toEqual({ role: 'alert' });
    expect(connectExcludedNotice({ refusal: refusal({ until: UNTIL, kind: 'timeout' }), lang: 'en' }).message.key).toBe('login.excluded.timeout');
    // a kind it does not know reads as a break; a refusal without its end says the server's words
    expect(connectExcludedNotice({ refusal: refusal({ until: UNTIL, kind: 'other' }), lang: 'en' }).kind).toBe('timeout');
    expect(connectExcludedNotice({ refusal: refusal(), lang: 'en' }).message).toEqual({ key: '', fallback: `This account is on a break until ${UNTIL}.` });
  });

  it('on arrival after choosing: which one has begun, politely', () => {
    const notice = connectExcludedNotice({ paused: 'timeout', lang: 'en' });
    expect(notice).toMatchObject({ kind: 'timeout', refused: false, message: { key: 'login.paused.timeout' }, contactHref: '/en/contacts' });
    expect(notice.getNoticeProps()).toEqual({ role: 'status' });
    expect([pausedKind('timeout'), pausedKind('exclusion'), pausedKind('1'), pausedKind(null)]).toEqual(['timeout', 'exclusion', null, null]);
  });

  it('the withdraw button signs in with what is typed, for withdrawals only; it rests while sent', () => {
    const submit = vi.fn();
    const form = formWith({ email: 't@example.com', password: 'pw' });
    const props = withdrawButtonProps(submit, false);
    expect(props).toMatchObject({ type: 'button', disabled: undefined });
    props.onClick({ currentTarget: { form } });
    expect(submit.mock.calls).toEqual([['t@example.com', 'pw', true]]);
    expect(withdrawButtonProps(submit, true).disabled).toBe(true);
  });
});
