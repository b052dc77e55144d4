/**
 * The flows: each area's machines with their effects provided, the hooks that create their actors,
 * and the pure `connect` functions that say what a view shows. One folder per area
 * (`src/flows/<area>/`), one naming rule inside every folder (checked by `src/flows/layout.test.ts`):
 *
 * - `<flow>.flow.ts`    the machine with its effects (`machine.provide({ actors, actions })`) and the
 *                       `useX()` hook that creates its actor; the only files that call `.provide(`
 * - `<flow>.connect.ts` `connectX(snapshot, send, …)`: pure, what the view shows and the handlers it spreads
 * - `<flow>.select.ts`  pure selectors of a snapshot shared by several connect functions
 * - `<flow>.hooks.ts`   React hooks that read an actor made elsewhere (no machine of their own)
 * - `<flow>.types.ts`   types only
 * - `<name>.ts`         a small pure helper of the area (no machine, no hook, no connect)
 * - tests sit beside what they test: `<file>.test.ts`
 *
 * Views import the file they need directly (this index is not a barrel: importing it would pull
 * every area into one chunk).
 */
export const FLOW_AREAS = [
  'accounts', 'appropriateness', 'attention', 'cashier-locks', 'chat', 'closure', 'complaints', 'contact', 'contests', 'crypto', 'data-export', 'forgot', 'funding', 'iq', 'ladder', 'legal',
  'limits', 'login', 'news', 'notifications', 'offers', 'promotions', 'public', 'reality-check', 'referral', 'register', 'reports',
  'security', 'self-exclusion', 'session', 'shared', 'shell', 'signals', 'statement', 'support', 'trading', 'two-factor', 'verification',
  'withdrawal',
] as const;
