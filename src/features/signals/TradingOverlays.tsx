import { lazyPage } from '../../ui/lazyPage';
import { SignalsHost, WeekendNotice } from './SignalsHost';
import { OfferWatch } from '../offers/entries';
import { RealityCheckEntry } from '../reality-check/entries';
import { TermsEntry } from '../legal/entries';

// the chat (panel, launcher, machine: about 8 kB gzip) loads after the trading page's own code, not
// with it: its launcher takes its place in the header a moment later, nothing waits for it
const ChatPanel = lazyPage(async () => ({ default: (await import('../chat/ChatPanel')).ChatPanel }), 'none');

/** What shows over every page of the trading shell: the weekend notice, signal pop-ups, the chat panel, timed offers and the reality check. */
export function TradingOverlays() {
  return (
    <>
      <WeekendNotice />
      <SignalsHost />
      <ChatPanel />
      <OfferWatch />
      <RealityCheckEntry />
      <TermsEntry />
    </>
  );
}
