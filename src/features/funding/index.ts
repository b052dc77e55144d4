import type { ComponentType } from 'react';
import type { PageProps } from '../trading/pages';
import { lazyView } from './lazy';

/** #/show/funding for showPages, loaded with its first use. */
export const FundingEntry: ComponentType<PageProps> = lazyView(() => import('./FundingPage'));
/** #/listen/funding/{proc}/{id}/{uid} for listenPages. */
export const ListenFundingEntry: ComponentType = lazyView(() => import('./ListenFunding'));
