import { useEffect, useRef, useState } from 'react';
import { sessionActor } from './app.flow';
import { useSession, useSessionPick } from '../session/session.hooks';
import { platformBalanceSeen } from './balance-sync.flow';
import { currentLang, goTo } from './navigation';
import { startPush } from '../shared/push';

/**
 * The signed-in shell (/{lang}/trading): server events flow while it is open, and a page opened
 * while signed out goes to login with its hash kept (a logout navigates by itself: session flow).
 */
export function useTradingShell() {
  const session = useSession();
  useEffect(() => startPush(), []);
  const wasSignedIn = useRef(false);
  const lang = currentLang();
  useEffect(() => {
    if (session.signedIn) wasSignedIn.current = true;
    else if (session.signedOut && !wasSignedIn.current) goTo(`/${lang}/login?rd=${encodeURIComponent(window.location.hash)}`);
  }, [session.signedIn, session.signedOut, lang]);
  useSessionEnd(session.user?.sessionEndsAt);
  // a session that can only withdraw (issue 30 §3): the trading page is the withdraw-only page
  return { ready: session.signedIn, withdrawOnly: session.user?.withdrawOnly ?? null };
}

/** the longest wait a browser timer takes (about 24.8 days); a session-time limit is hours */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The trader's session-time limit (issue 30 §1): at the session's end (GET /api/me's
 * `sessionEndsAt`, moved at once when the trader shortens the limit) the page signs out as the
 * log-out button does (the platform's session too), and the sign-in page says why. The server
 * refuses the session from then in any case; this only makes the page follow without waiting
 * for its next call.
 */
function useSessionEnd(endsAt: string | undefined) {
  useEffect(() => {
    const end = endsAt ? Date.parse(endsAt) : Number.NaN;
    if (!Number.isFinite(end)) return;
    const timer = setTimeout(() => sessionActor.send({ type: 'session.logout' }), Math.min(MAX_TIMER_MS, Math.max(0, end - Date.now())));
    return () => clearTimeout(timer);
  }, [endsAt]);
}

/** the tallest content height taken from the platform page (a bad value cannot stretch the page without end) */
const MAX_CONTENT_HEIGHT = 20_000;

/** The height the platform frame needs for `height` reported by its page: at least 700 (spec 000 §9). */
export function platformFrameHeight(height: number): string | undefined {
  const content = Math.min(Math.max(0, Math.ceil(height)), MAX_CONTENT_HEIGHT);
  return content > 0 ? `max(700px, ${content + 2}px)` : undefined;
}

/**
 * The embedded trading platform (#/home). Its messages (same origin only): not-auth logs out;
 * the balance it shows goes to the balance sync; its content height sizes the frame, so nothing
 * in it needs a scroll of its own (on a phone the Up/Down buttons are reached by the page's scroll).
 */
export function usePlatformFrame(lang: string) {
  const platform = useSessionPick((s) => s.platform);
  const current = useSessionPick((s) => s.currency);
  const [height, setHeight] = useState(0);
  // the currency of the account the platform shows (its balance message says): one account per trader is on the platform
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin) return;
      const data = e.data as { type?: string; available?: unknown; all?: unknown; currency?: unknown; height?: unknown } | null;
      if (data?.type === 'platform.not_auth') sessionActor.send({ type: 'platform.notAuth' });
      else if (data?.type === 'platform.balance') {
        platformBalanceSeen(data);
        if (typeof data.currency === 'string') setShown(data.currency);
      }
      else if (data?.type === 'platform.height' && typeof data.height === 'number') setHeight(data.height);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  return {
    src: `${platform}/trade?lang=${lang}`,
    minHeight: platformFrameHeight(height),
    /** after a switch to an account the platform does not hold: the platform's account and the current one, to say which is shown */
    otherAccount: shown && current && shown !== current ? { platform: shown, current } : null,
  };
}
