import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromCallback } from 'xstate';
import { statementMachine } from '../../../machines/statement/statement.machine';
import type { StatementEvent, StatementRequest } from '../../../machines/statement/statement.types';
import type { CallFailure } from '../../../core/failure';
import { downloadStatement, StatementAborted } from '../../api/statement';
import { traderTimeZone } from '../shared/dates';
import { inspect } from '../shared/inspector';
import { connectStatement, type StatementApi, type StatementRange } from './statement.connect';
import { saveFile } from '../shared/save-file';

/**
 * A statement's download as a callback actor: GET /api/statement in the browser's time zone, its
 * progress to the machine, the file held as an object URL; stopping the actor (Cancel, leaving
 * the page) aborts it.
 */
const download = fromCallback<StatementEvent, StatementRequest>(({ input, sendBack }) => {
  const controller = new AbortController();
  downloadStatement(
    { ...input, tz: traderTimeZone() },
    { signal: controller.signal, onProgress: (received, total) => sendBack({ type: 'statement.progress', received, total }) },
  ).then(
    ({ blob, name }) => sendBack({ type: 'statement.ready', file: { name, url: URL.createObjectURL(blob), bytes: blob.size, format: input.format } }),
    (error: unknown) => {
      if (error instanceof StatementAborted) return;
      sendBack({ type: 'statement.failed', error: error as CallFailure });
    },
  );
  return () => controller.abort();
});

export const statementFlow = statementMachine.provide({
  actors: { download },
  actions: {
    save: (_, { name, url }) => saveFile(name, url),
    release: ({ context }) => {
      if (context.file) URL.revokeObjectURL(context.file.url);
    },
  },
});

/** The History page's statement section: its actor, connected to the page's range and language; the last file let go with the page. */
export function useStatement(range: StatementRange | null, lang: string): StatementApi {
  const actor = useActorRef(statementFlow, { inspect });
  useEffect(
    () => () => {
      const file = actor.getSnapshot().context.file;
      if (file) URL.revokeObjectURL(file.url);
    },
    [actor],
  );
  return connectStatement(useSelector(actor, (s) => s), actor.send, { range, lang });
}
