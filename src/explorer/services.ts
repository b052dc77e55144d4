import { createContext, useContext } from 'react';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { explorerMachine } from '../../machines/explorer/explorer.machine';
import type { CoverageReport, DiagramInfo } from '../../machines/explorer/explorer.types';
import { funnelMachine } from '../../machines/explorer/funnel.machine';
import type { FunnelData, FunnelLoadInput } from '../../machines/explorer/funnel.types';
import { liveMachine } from '../../machines/explorer/live.machine';
import type { SessionFile } from '../../machines/explorer/live.types';
import { stepMachine } from '../../machines/explorer/step.machine';
import type { CatalogEntry } from './catalog';
import { inspectChannelActor } from './channel-actor';
import { stepEngineActor } from './engine-actor';

export interface ExplorerDeps {
  catalog: CatalogEntry[];
  loadDiagram: (id: string) => Promise<DiagramInfo>;
  loadCoverage: () => Promise<CoverageReport>;
  openChannel?: (name: string) => BroadcastChannel;
  /** the funnel's reads from the server (src/explorer/funnel-load.ts); without it the funnel says it failed */
  loadFunnel?: (input: FunnelLoadInput) => Promise<FunnelData>;
  /** a live session kept on the server and read back by its link's id (src/explorer/live-share-api.ts) */
  shareSession?: (file: SessionFile) => Promise<string>;
  loadSharedSession?: (id: string) => Promise<unknown>;
}

export interface ExplorerServices {
  catalog: CatalogEntry[];
  find: (id: string) => CatalogEntry | undefined;
  page: ActorRefFrom<typeof explorerMachine>;
  step: ActorRefFrom<typeof stepMachine>;
  live: ActorRefFrom<typeof liveMachine>;
  funnel: ActorRefFrom<typeof funnelMachine>;
  shares: { share: (file: SessionFile) => Promise<string>; load: (id: string) => Promise<unknown> };
}

/** The explorer's four actors, bound to the loaders, the step engine and the inspection channel. */
export function createServices(deps: ExplorerDeps): ExplorerServices {
  const byId = new Map(deps.catalog.map((e) => [e.id, e]));
  const find = (id: string) => byId.get(id);
  const page = createActor(
    explorerMachine.provide({
      actors: {
        loadDiagram: fromPromise(({ input }) => deps.loadDiagram(input.id)),
        loadCoverage: fromPromise(() => deps.loadCoverage()),
      },
    }),
  );
  const step = createActor(stepMachine.provide({ actors: { stepEngine: stepEngineActor(find) } }));
  const live = createActor(liveMachine.provide({ actors: { inspectChannel: inspectChannelActor(deps.openChannel) } }));
  const loadFunnel = deps.loadFunnel ?? (async () => Promise.reject(new Error('no funnel loader')));
  const funnel = createActor(funnelMachine.provide({ actors: { loadFunnel: fromPromise(({ input }) => loadFunnel(input)) } }));
  const missing = async (): Promise<never> => Promise.reject(new Error('explorer.live.share_failed'));
  const shares = { share: deps.shareSession ?? missing, load: deps.loadSharedSession ?? missing };
  return { catalog: deps.catalog, find, page, step, live, funnel, shares };
}

export function startServices(s: ExplorerServices): void {
  s.page.start();
  s.step.start();
  s.live.start();
  s.funnel.start();
  s.live.send({ type: 'live.start' });
}

export const ServicesContext = createContext<ExplorerServices | null>(null);

export function useServices(): ExplorerServices {
  const s = useContext(ServicesContext);
  if (!s) throw new Error('explorer services are not provided');
  return s;
}
