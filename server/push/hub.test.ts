import { describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../core/contract';
import type { Db } from '../db';
import { sandboxChain } from '../sandbox/chain/sandbox-chain';
import { memoryHub } from './hub';

describe('memoryHub', () => {
  it("delivers to the user's subscribers only, until they unsubscribe", () => {
    const hub = memoryHub();
    const got: ServerEvent[] = [];
    const other: ServerEvent[] = [];
    const stop = hub.subscribe(1, (e) => got.push(e));
    hub.subscribe(2, (e) => other.push(e));
    hub.publish(1, { type: 'user.updated' });
    stop();
    hub.publish(1, { type: 'notification.new' });
    expect(got).toEqual([{ type: 'user.updated' }]);
    expect(other).toEqual([]);
    expect(hub.size()).toBe(1);
  });

  it('publishIn sends nothing until the returned step runs after the commit', async () => {
    const hub = memoryHub();
    const got: ServerEvent[] = [];
    hub.subscribe(3, (e) => got.push(e));
    const after = await hub.publishIn({} as Db, 3, { type: 'payment.updated', id: 'p', status: 'successful' });
    expect(got).toEqual([]);
    after();
    expect(got).toEqual([{ type: 'payment.updated', id: 'p', status: 'successful' }]);
  });

  it('the sandbox chain announces its activity through the hub signal', async () => {
    const hub = memoryHub();
    const inserted: unknown[] = [];
    const db = { insertInto: () => ({ values: (v: unknown) => ({ execute: async () => inserted.push(v) }) }) } as unknown as Db;
    // two chains on one hub stand for two instances: each hears the other's send
    const sender = sandboxChain(db, hub);
    const watcher = sandboxChain(db, hub);
    const heard: string[] = [];
    watcher.onActivity((chain, address) => heard.push(`${chain}:${address}`));
    await sender.send({ chain: 'btc', address: 'bc1qaddress', asset: 'BTC', amountMinor: 5n, decimals: 8, confirmations: 1 });
    expect(inserted).toHaveLength(1);
    expect(heard).toEqual(['btc:bc1qaddress']);
    watcher.close();
    await sender.send({ chain: 'btc', address: 'bc1qaddress', asset: 'BTC', amountMinor: 5n, decimals: 8, confirmations: 1 });
    expect(heard).toHaveLength(1);
  });
});
