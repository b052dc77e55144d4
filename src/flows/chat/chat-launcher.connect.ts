/**
 * The chat launcher's button (src/features/chat-launcher/ChatLauncher.tsx). Small on purpose: the
 * public pages carry the launcher in their first JavaScript, before the chat's machine loads.
 *
 * The panel and the launcher hand the focus to each other across the page (the launcher sits in a
 * header, the panel at the end of the body): each is the other's focus scope, so the focus moves
 * when the trader was on the one that asked (src/ui/focus-intent.ts).
 */
export const CHAT_PANEL_SCOPE = 'chat-panel';
export const CHAT_LAUNCHER_SCOPE = 'chat-launcher';

export interface LauncherState {
  /** the visitor's toggle in a public page's header: it says whether the panel is open */
  visitor: boolean;
  open?: boolean;
  /** the panel's chunk is on its way */
  busy?: boolean;
  /** a new key when the focus should come back to the launcher (null: no intent) */
  focusOn?: string | null;
  onClick: () => void;
}

export const launcherButtonProps = ({ visitor, open = false, busy = false, focusOn = null, onClick }: LauncherState) => ({
  type: 'button' as const,
  onClick,
  'aria-expanded': visitor ? open : undefined,
  'aria-busy': busy || undefined,
  'data-focus-on': focusOn ?? undefined,
  'data-focus-in': CHAT_PANEL_SCOPE,
  'data-focus-scope': CHAT_LAUNCHER_SCOPE,
});

export type LauncherButtonProps = ReturnType<typeof launcherButtonProps>;
