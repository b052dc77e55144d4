import { describe, expect, it } from 'vitest';
import { connectWithdrawOnly, withdrawOnlyRoute } from './withdraw-only.connect';

describe('the withdraw-only page (issue 30 §3)', () => {
  it('opens the withdrawal, the history or the personal page; anything else is the withdrawal', () => {
    expect(withdrawOnlyRoute('#/show/history')).toEqual({ page: 'history' });
    expect(withdrawOnlyRoute('#/show/personal/withdrawal')).toEqual({ page: 'personal', add: 'withdrawal' });
    expect(withdrawOnlyRoute('#/show/withdrawal?x=1')).toEqual({ page: 'withdrawal' });
    for (const hash of ['', '#/home', '#/show/funding', '#/show/limits', '#/sw/validate', '#/show/']) expect(withdrawOnlyRoute(hash), hash).toEqual({ page: 'withdrawal' });
  });

  it('says the break and its end, or that it has ended; marks the current tab', () => {
    const running = connectWithdrawOnly({ paused: { kind: 'exclusion', until: '2027-05-01T10:00:00.000Z', ended: false }, hash: '#/show/history' });
    expect(running.message.key).toBe('withdraw_only.exclusion');
    expect(typeof running.message.params?.until).toBe('string');
    expect(running.tabs.map((t) => [t.page, t.props['aria-current']])).toEqual([
      ['withdrawal', undefined],
      ['history', 'page'],
      ['personal', undefined],
    ]);
    const ended = connectWithdrawOnly({ paused: { kind: 'timeout', until: '2026-01-01T00:00:00.000Z', ended: true }, hash: '' });
    expect(ended.message).toEqual({ key: 'withdraw_only.ended' });
    expect(ended.route.page).toBe('withdrawal');
  });
});
