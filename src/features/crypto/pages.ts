import { lazyView } from './lazy';

/** The invoice page for showPages (#/show/invoice/{coin}/{guid}), loaded with its first use. */
export const InvoicePageView = lazyView(() => import('./InvoicePage'));
