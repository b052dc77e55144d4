import { lazyView } from '../lazy';
import { fundingTabViews } from '../tabs';

/** The wallet tab view (issue 14), loaded with its first use. */
const MethodTab = lazyView(() => import('./MethodTab'));

/** Registers the wallet tabs of the funding page; the funding machine offers those in WORKING_TABS only. */
for (const tab of ['neteller', 'skrill', 'perfect', 'webmoney', 'yandex', 'qiwi', 'okpay'] as const) {
  fundingTabViews[tab] = MethodTab;
}
