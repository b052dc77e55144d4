import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { fundingFlow } from '../../flows/funding';

/** The funding page's actor, for the tab views inside it (the card form reads the amount line). */
export const FundingActorContext = createContext<ActorRefFrom<typeof fundingFlow> | null>(null);

export function useFundingActor(): ActorRefFrom<typeof fundingFlow> | null {
  return useContext(FundingActorContext);
}
