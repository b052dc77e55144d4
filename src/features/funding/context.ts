import { createContext, useContext } from 'react';
import type { FundingActor } from '../../flows/funding/funding.hooks';

/** The funding page's actor, for the tab views inside it (the card tab shows the form the page invoked). */
export const FundingActorContext = createContext<FundingActor | null>(null);

export function useFundingActor(): FundingActor | null {
  return useContext(FundingActorContext);
}
