import { lazy, Suspense, useState } from 'react';
import { launcherButtonProps } from '../../flows/chat/chat-launcher.connect';
import { useChatHiddenHere } from '../../flows/chat/chat-launcher.hooks';
import { ChatLauncher } from './ChatLauncher';

// the chat's machine, panel and texts: a chunk of their own, fetched when the visitor points at the
// launcher or focuses it, so the pages that carry the button stay under their budget
let loading: Promise<typeof import('../chat/ChatPanel')> | undefined;
const loadPanel = () => (loading ??= import('../chat/ChatPanel'));
const ChatPanel = lazy(() => loadPanel().then((m) => ({ default: m.ChatPanel })));

/**
 * The visitor's chat on the public site, login and register (spec 001 §6: a visitor chats without a
 * token): "Chat" in the page's header, which never covers a control. It does not open by
 * itself there (docs/attention.md): the click loads the panel, which opens at once (a bottom sheet
 * on a phone, its own column from 1280 px with the page reflowing beside it) and takes the launcher
 * over as a toggle. A guest gets the sandbox chat and no tips.
 */
export function VisitorChat() {
  const hidden = useChatHiddenHere();
  const [asked, setAsked] = useState(false);
  if (hidden) return null;
  // until the panel's chunk has come, this button stands in (the same look, busy once clicked)
  const standIn = <ChatLauncher variant="visitor" button={launcherButtonProps({ visitor: true, busy: asked, onClick: () => setAsked(true) })} onPrefetch={loadPanel} />;
  return (
    <span className="visitor-chat">
      {asked ? (
        <Suspense fallback={standIn}>
          <ChatPanel visitor />
        </Suspense>
      ) : (
        standIn
      )}
    </span>
  );
}
