import type { CryptoInvoiceRow } from '../../db/schema-crypto';

/** a check asks the chain again after this long without any activity reported for the address */
export const CHAIN_RECHECK_MS = 5 * 60_000;
/** entries kept per map; past it the oldest go (the next check of theirs asks the chain: safe) */
const MAX_ENTRIES = 100_000;

/**
 * When a polled invoice check needs the chain (POST /api/{coin}/check answers from the
 * invoice row when nothing can have changed). The chain watcher reports activity on an address (a
 * payment, a new block: ChainWatcher.onActivity), so after this instance asked the chain about an
 * invoice, a new answer can only come with activity on its address, at its deadline (a waiting
 * invoice due to expire must know whether it was paid in time), or from activity this instance did
 * not hear (another instance's watcher, a watcher that reconnected): the last is covered by asking
 * again after CHAIN_RECHECK_MS. The maps are a per-instance cache of "when did I last ask": a
 * second instance, a restart or an evicted entry simply asks the chain on its first check.
 */
export class ChainGate {
  private readonly asked = new Map<string, number>();
  private readonly activity = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** the watcher saw something for this address */
  noteActivity(chain: string, address: string): void {
    remember(this.activity, `${chain}:${address}`, this.now());
  }

  /** true when the check must ask the chain (then call asking() first) */
  needsChain(row: Pick<CryptoInvoiceRow, 'guid' | 'chain' | 'address' | 'status' | 'expires_at'>): boolean {
    const now = this.now();
    const asked = this.asked.get(row.guid);
    if (asked === undefined || now - asked >= CHAIN_RECHECK_MS) return true;
    if (row.status === 'wt' && now >= row.expires_at.getTime()) return true;
    const active = this.activity.get(`${row.chain}:${row.address}`);
    return active !== undefined && active >= asked;
  }

  /** the check is about to ask the chain: activity from now on is news */
  asking(guid: string): void {
    remember(this.asked, guid, this.now());
  }
}

function remember(map: Map<string, number>, key: string, at: number): void {
  map.delete(key);
  map.set(key, at);
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value as string);
}
