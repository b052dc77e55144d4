import { ChatPanel } from '../chat/ChatPanel';
import { SignalsHost, WeekendNotice } from './SignalsHost';
import { OfferWatch } from '../offers/entries';
import { RealityCheckEntry } from '../reality-check/entries';
import { TermsEntry } from '../legal/entries';

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
