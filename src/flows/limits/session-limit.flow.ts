import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { sessionLimitSettingMachine } from '../../../machines/session-limit-setting/session-limit-setting.machine';
import { getSessionLimit, setSessionLimit } from '../../api/limits';
import { sessionActor } from '../shell/app.flow';
import { inspect } from '../shared/inspector';
import { connectSessionLimitSetting } from './session-limit.connect';

export const sessionLimitSettingFlow = sessionLimitSettingMachine.provide({
  actors: {
    readLimit: fromPromise(() => getSessionLimit()),
    saveLimit: fromPromise(({ input }) => setSessionLimit(input)),
  },
  actions: {
    // the page's session reads the trader again: a shorter limit moved this session's end, which signs the page out on time
    told: () => sessionActor.send({ type: 'user.update' }),
  },
});

/** The Session time section of #/show/limits: its actor, connected. */
export function useSessionLimitSetting() {
  const actor = useActorRef(sessionLimitSettingFlow, { inspect });
  return connectSessionLimitSetting(useSelector(actor, (s) => s), actor.send);
}
