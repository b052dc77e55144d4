import { lazyPage } from '../../ui/lazyPage';

/** Pages for #/show/history and #/show/reports (src/app/routes.tsx), each its own chunk. */
export const HistoryEntry = lazyPage(() => import('./HistoryPage'));
export const ReportsEntry = lazyPage(() => import('./ReportsPage'));
