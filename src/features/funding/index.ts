import { lazy, createElement, Suspense, type ComponentType } from 'react';
import { Spinner } from '../../ui/Spinner';
import type { PageProps } from '../trading/pages';

const Page = lazy(() => import('./FundingPage'));
const Listen = lazy(() => import('./ListenFunding'));

/** #/show/funding for showPages, loaded with its first use. */
export const FundingEntry: ComponentType<PageProps> = (props) => createElement(Suspense, { fallback: createElement(Spinner, { label: '…' }) }, createElement(Page, props));
/** #/listen/funding/{proc}/{id}/{uid} for listenPages. */
export const ListenFundingEntry: ComponentType = () => createElement(Suspense, { fallback: createElement(Spinner, { label: '…' }) }, createElement(Listen));
