import { lazyPage } from '../../ui/lazyPage';

/** Issue 6's pages for #/show/history and #/show/reports (src/app/routes.tsx), each its own chunk. */
export const HistoryEntry = lazyPage(() => import('./HistoryPage'));
export const ReportsEntry = lazyPage(() => import('./ReportsPage'));
