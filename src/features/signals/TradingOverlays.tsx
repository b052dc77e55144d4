import { ChatPanel } from '../chat/ChatPanel';
import { SignalsHost, WeekendNotice } from './SignalsHost';
import { OfferWatch } from '../offers/entries';

/** What shows over every page of the trading shell: the weekend notice, signal pop-ups and the chat panel. */
export function TradingOverlays() {
  return (
    <>
      <WeekendNotice />
      <SignalsHost />
      <ChatPanel />
      <OfferWatch />
    </>
  );
}
