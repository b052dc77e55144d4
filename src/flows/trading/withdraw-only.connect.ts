import type { WithdrawOnly } from '../../../core/contract/self-exclusion';
import { msg, type Msg } from '../../../core/message';
import { formatDateTime } from '../shared/dates';
import { regionProps, titleProps } from '../shared/props';

/** The pages a withdraw-only session shows (the server answers their calls only: server/http/withdraw-only.ts). */
export const WITHDRAW_ONLY_PAGES = ['withdrawal', 'history', 'personal'] as const;
export type WithdrawOnlyPageName = (typeof WITHDRAW_ONLY_PAGES)[number];

const isPage = (name: string): name is WithdrawOnlyPageName => (WITHDRAW_ONLY_PAGES as readonly string[]).includes(name);

/** The page of a hash (#/show/{page}/{add}); the withdrawal for any other (#/home, a deposit link). */
export function withdrawOnlyRoute(hash: string): { page: WithdrawOnlyPageName; add?: string } {
  const [, show, page = '', add] = hash.replace(/^#/, '').split('?')[0].split('/');
  if (show !== 'show' || !isPage(page)) return { page: 'withdrawal' };
  return add ? { page, add: decodeURIComponent(add) } : { page };
}

/**
 * The trading page of a session that can only withdraw (issue 30 §3: asked for at sign-in during
 * a break or self-exclusion): what the break is and until when (or that it has ended, so a new
 * sign-in trades again), and the three pages it may open. No platform, no offers, no chat.
 */
export function connectWithdrawOnly({ paused, hash }: { paused: WithdrawOnly; hash: string }) {
  const route = withdrawOnlyRoute(hash);
  const message: Msg = paused.ended ? msg('withdraw_only.ended') : msg(`withdraw_only.${paused.kind}`, undefined, { until: formatDateTime(paused.until) });
  return {
    route,
    message,
    tabs: WITHDRAW_ONLY_PAGES.map((page) => ({
      page,
      label: `withdraw_only.tab.${page}`,
      props: { href: `#/show/${page}`, 'aria-current': page === route.page ? ('page' as const) : undefined },
    })),
    getNoticeProps: () => ({ role: 'status' as const }),
    /** the notice's section, named by its heading */
    getRegionProps: () => regionProps('withdraw-only-title'),
    getTitleProps: () => titleProps('withdraw-only-title'),
  };
}

export type WithdrawOnlyApi = ReturnType<typeof connectWithdrawOnly>;
