import { Suspense } from 'react';
import { LazyChatPanel } from '../chat/LazyChatPanel';
import { SignalsHost, WeekendNotice } from './SignalsHost';
import { OfferWatch } from '../offers/entries';
import { RealityCheckEntry } from '../reality-check/entries';
import { TermsEntry } from '../legal/entries';

/**
 * What shows over every page of the trading shell: the weekend notice, signal pop-ups, the chat panel,
 * timed offers and the reality check. The chat comes in its own chunk right after the shell's first
 * paint; its launcher takes the header's slot, whose size the header keeps (no shift when it comes).
 */
export function TradingOverlays() {
  return (
    <>
      <WeekendNotice />
      <SignalsHost />
      <Suspense fallback={null}>
        <LazyChatPanel />
      </Suspense>
      <OfferWatch />
      <RealityCheckEntry />
      <TermsEntry />
    </>
  );
}
