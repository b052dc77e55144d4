import { lazyPage } from '../../ui/lazyPage';

/** The invoice page for showPages (#/show/invoice/{coin}/{guid}), loaded with its first use. */
export const InvoicePageView = lazyPage(() => import('./InvoicePage'), 'inline');
