import type { LauncherButtonProps } from '../../flows/chat/chat-launcher.connect';
import { registerMessages, useT } from '../../i18n';
import './launcher.css';
import { messages } from './messages';

registerMessages(messages);

export interface ChatLauncherProps {
  /**
   * floating: fixed at the bottom corner (no header to sit in); header: the trading header's round
   * button beside the balance; visitor: "Chat" in a public page's header, a toggle for the panel
   */
  variant: 'floating' | 'header' | 'visitor';
  /** the button's part (src/flows/chat/chat-launcher.connect.ts): its click, whether the panel is open, busy, focus */
  button: LauncherButtonProps;
  /** the panel is minimised: a dot says a conversation is kept */
  minimised?: boolean;
  /** a hint (the chat's title while minimised) */
  title?: string;
  /** fetch the panel's chunk before the click (pointer over it, keyboard focus on it) */
  onPrefetch?: () => void;
}

/** The button that opens the chat: in the trading header, floating, or in a public page's header for a visitor. */
export function ChatLauncher({ variant, button, minimised = false, title, onPrefetch }: ChatLauncherProps) {
  const { t } = useT();
  const visitor = variant === 'visitor';
  return (
    <button
      {...button}
      className={`chat-launcher${variant === 'floating' ? '' : ` chat-launcher--${variant}`}`}
      onPointerEnter={onPrefetch}
      onFocus={onPrefetch}
      // the visitor's button is named by its text; the header's round one by its label
      aria-label={visitor ? undefined : t('chat.open')}
      title={minimised ? title : undefined}
      data-testid={minimised ? 'chat-minimised' : visitor ? 'chat-launcher' : undefined}
    >
      <svg className="chat-launcher__icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M4 4h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H9l-4.4 3.3A.4.4 0 0 1 4 20V5a1 1 0 0 1 1-1z" />
      </svg>
      <span className="chat-launcher__text">{t('chat.launcher')}</span>
      {minimised && <span className="chat-launcher__dot" aria-hidden="true" />}
    </button>
  );
}
