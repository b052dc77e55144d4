import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { callBackMachine } from '../../../machines/call-back/call-back.machine';
import { requestCall } from '../../api/contact';
import { nextId } from '../shell/app.flow';
import { connectCallBack } from './call-back.connect';
import { inspect } from '../shared/inspector';

export const callBackFlow = callBackMachine.provide({
  actors: {
    requestCall: fromPromise(async ({ input }) => ({ ticket: (await requestCall(input)).ticket })),
  },
});

/** The trading header's call-back dropdown: its actor (one per page), connected. */
export function useCallBack() {
  const keySeed = useMemo(() => nextId('call').replace(/[^A-Za-z0-9_-]/g, ''), []);
  const actor = useActorRef(callBackFlow, { input: { keySeed }, inspect });
  // Escape's count: each one sends the focus back to the button
  const [escaped, setEscaped] = useState(0);
  const onEscape = useCallback(() => setEscaped((n) => n + 1), []);
  return connectCallBack(useSelector(actor, (s) => s), actor.send, escaped, onEscape);
}
