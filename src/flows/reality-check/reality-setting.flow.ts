import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { realityCheckSettingMachine } from '../../../machines/reality-check-setting/reality-check-setting.machine';
import { getRealityCheck, setRealityCheck } from '../../api/reality-check';
import { inspect } from '../shared/inspector';
import { intervalChanged } from './interval-news';
import { connectRealityCheckSetting } from './reality-setting.connect';

export const realityCheckSettingFlow = realityCheckSettingMachine.provide({
  actors: {
    readSetting: fromPromise(() => getRealityCheck()),
    saveSetting: fromPromise(({ input }) => setRealityCheck(input)),
  },
  actions: {
    // the running reality check of this page follows the new interval at once
    told: (_, params) => intervalChanged(params.answer),
  },
});

/** The Reality check section of #/show/limits: its actor, connected. */
export function useRealityCheckSetting() {
  const actor = useActorRef(realityCheckSettingFlow, { inspect });
  return connectRealityCheckSetting(useSelector(actor, (s) => s), actor.send);
}
