import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { complaintsMachine } from '../../../machines/complaints/complaints.machine';
import { listComplaints, makeComplaint } from '../../api/complaints';
import { onServerEvent } from '../../api/events';
import { inspect } from '../shared/inspector';
import { keySeed } from '../support/support.flow';
import { connectComplaints, type ComplaintsRefusal } from './complaints.connect';

export const complaintsFlow = complaintsMachine.provide({
  actors: {
    loadComplaints: fromPromise(() => listComplaints()),
    makeComplaint: fromPromise(({ input }) => makeComplaint(input)),
  },
});

/** #/show/complaints: the page's actor, connected (the trader's zone and language come from the view). */
export function useComplaints() {
  const [seed] = useState(keySeed);
  const actor = useActorRef(complaintsFlow, { input: { keySeed: seed }, inspect });
  // an agent's final answer is pushed (complaint.updated): the list is read again
  useEffect(
    () =>
      onServerEvent((event) => {
        if (event.type === 'complaint.updated') actor.send({ type: 'complaints.changed' });
      }),
    [actor],
  );
  const snapshot = useSelector(actor, (s) => s);
  // a new refusal: its first bad field is where the focus goes (kept while the trader edits it)
  const [refusal, setRefusal] = useState<ComplaintsRefusal>({ shakes: snapshot.context.shakes, field: null });
  const api = connectComplaints(snapshot, actor.send, refusal);
  if (api.shakes !== refusal.shakes) setRefusal({ shakes: api.shakes, field: api.firstBadField });
  return api;
}
