import { ChatPanel } from '../chat/ChatPanel';
import { SignalsHost, WeekendNotice } from './SignalsHost';
import { OfferWatch } from '../offers/entries';
import { RealityCheckEntry } from '../reality-check/entries';
import { TermsEntry } from '../legal/entries';

/**
 * What shows over every page of the trading shell: the weekend notice, signal pop-ups, the chat panel,
 * timed offers and the reality check. The chat is in the shell's first JavaScript: it asks the
 * attention arbiter in the same mount as the trading block, in a fixed order (a lazy panel would ask
 * when its chunk comes, after the block and racing the welcome: machine-tests/ui-paths/bindings/attention.ts).
 */
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
