import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { dataExportMachine } from '../../../machines/data-export/data-export.machine';
import { downloadDataExport, getDataExport, startDataExport } from '../../api/data-export';
import { inspect } from '../shared/inspector';
import { connectDataExport } from './data-export.connect';
import { saveFile } from '../shared/save-file';

export const dataExportFlow = dataExportMachine.provide({
  actors: {
    loadStatus: fromPromise(() => getDataExport()),
    startExport: fromPromise(() => startDataExport()),
    download: fromPromise(async ({ input }) => {
      const { blob, name } = await downloadDataExport(input.id);
      return { name, url: URL.createObjectURL(blob), bytes: blob.size };
    }),
  },
  actions: {
    save: (_, { file }) => saveFile(file.name, file.url),
  },
});

/** #/show/data: the page's actor, connected; the saved file's URL let go with the page. */
export function useDataExport(lang = 'en') {
  const actor = useActorRef(dataExportFlow, { inspect });
  useEffect(
    () => () => {
      const file = actor.getSnapshot().context.file;
      if (file) URL.revokeObjectURL(file.url);
    },
    [actor],
  );
  return connectDataExport(useSelector(actor, (s) => s), actor.send, lang);
}
