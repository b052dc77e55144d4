import { fundingTabViews } from '../funding/tabs';
import { lazyView } from './lazy';

/** The crypto tab view, loaded with its first use (it brings the rates and its texts). */
const CryptoTab = lazyView(() => import('./CryptoTab'));

/** Registers the crypto tabs of the funding page (spec 001 §2): one view for every coin. */
for (const tab of ['bitcoin', 'litecoin', 'eth', 'bitcoin-cash', 'dash', 'zcash', 'usdt', 'altcoins'] as const) {
  fundingTabViews[tab] = CryptoTab;
}
