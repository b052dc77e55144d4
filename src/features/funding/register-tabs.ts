import { lazy, createElement, Suspense, type ComponentType } from 'react';
import { Spinner } from '../../ui/Spinner';
import { fundingTabViews, type FundingTabProps } from './tabs';

const CardTabView = lazy(() => import('./CardTab'));

/** The card tabs of the funding page (issue 3): the standard form and the JCB form. */
const CardTab: ComponentType<FundingTabProps> = (props) => createElement(Suspense, { fallback: createElement(Spinner, { label: '…' }) }, createElement(CardTabView, props));
fundingTabViews.card = CardTab;
fundingTabViews.jcb = CardTab;
