import { useSelector } from '@xstate/react';
import type { ComponentType } from 'react';
import { selectUser, sessionActor } from '../../flows/shell/app.flow';
import IncentivesNotice from './IncentivesNotice';

/**
 * A page of incentives (contests, promotions with IQ mining), loaded with it in the page's chunk (the
 * trading page's own JavaScript does not carry it): shown to a trader who is offered them; to one
 * who is not (GET /api/me `incentivesOff`, server/domain/protection/incentives.ts) it says why
 * instead, never an empty page. The header hides their links for that trader.
 */
export function offeredOnly<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  return function OfferedOnly(props: P) {
    const reason = useSelector(sessionActor, (s) => selectUser(s)?.incentivesOff?.reason ?? null);
    return reason ? <IncentivesNotice reason={reason} /> : <Page {...props} />;
  };
}
