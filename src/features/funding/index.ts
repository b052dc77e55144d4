import type { ComponentType } from 'react';
import type { PageProps } from '../../app/page';
import { lazyPage } from '../../ui/lazyPage';

/** #/show/funding for showPages, loaded with its first use. */
export const FundingEntry: ComponentType<PageProps> = lazyPage(() => import('./FundingPage'), 'inline');
/** #/listen/funding/{proc}/{id}/{uid} for listenPages. */
export const ListenFundingEntry: ComponentType = lazyPage(() => import('./ListenFunding'), 'inline');
