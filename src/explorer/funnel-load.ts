import type { FunnelQuery } from '../../core/contract/funnel';
import type { FunnelData, FunnelLoadInput } from '../../machines/explorer/funnel.types';

/**
 * The funnel's reads (the explorer machine's `loadFunnel`): the machine's counts, and for the
 * cascade its payments beside them. Plain GETs with fetch, parsed by the contract: the app's API
 * client (src/api/http.ts, ky) shared by the explorer's entry would be split out of the traders'
 * first chunk into one of its own (docs/bench.md). A failure is the app's CallFailure shape
 * (`{ kind: 'http', status, error, message }` or `{ kind: 'network' }`), which the machine reads.
 */
export async function loadFunnel({ machineId, filter, cascade }: FunnelLoadInput): Promise<FunnelData> {
  const { MachineFunnel, CascadeFunnel } = await import('../../core/contract/funnel');
  const [machine, payments] = await Promise.all([
    get(`/api/explorer/funnel?${queryOf({ machine: machineId, ...filter })}`).then((body) => MachineFunnel.parse(body)),
    cascade ? get(`/api/explorer/funnel/cascade?${queryOf(filter)}`).then((body) => CascadeFunnel.parse(body)) : Promise.resolve(null),
  ]);
  return { machine, cascade: payments };
}

const queryOf = (q: FunnelQuery): string => new URLSearchParams(Object.entries(q).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '')).toString();

async function get(url: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { cache: 'no-store', credentials: 'same-origin' });
  } catch {
    throw { kind: 'network' };
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const e = (body ?? {}) as { error?: unknown; message?: unknown };
    throw { kind: 'http', status: res.status, error: typeof e.error === 'string' ? e.error : 'explorer.funnel.failed', message: typeof e.message === 'string' ? e.message : '' };
  }
  return body;
}
