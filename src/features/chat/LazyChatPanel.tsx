import { lazy } from 'react';

/**
 * The chat's machine, panel and texts as a chunk of their own (15 kB, 6 kB gzip), fetched once:
 * the trading shell asks for it right after its first paint, a public page when the visitor points
 * at the launcher or focuses it. Pages that carry the chat stay inside their JavaScript budget.
 */
let loading: Promise<typeof import('./ChatPanel')> | undefined;
export const loadChatPanel = () => (loading ??= import('./ChatPanel'));
export const LazyChatPanel = lazy(() => loadChatPanel().then((m) => ({ default: m.ChatPanel })));
