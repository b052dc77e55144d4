import type { Settings } from '../core/contract';
import type { Config } from './config';
import type { Db } from './db';
import type { PlatformGateway, Ports } from './domain/ports';
import type { PushHub } from './push/hub';

/**
 * What the composition root (server/compose.ts) hands every route plugin, product or sandbox:
 * one definition, so server/routes (RouteDeps) and server/sandbox (SandboxDeps) need not import
 * each other.
 */
export interface AppDeps {
  db: Db;
  config: Config;
  settings: Settings;
  platform: PlatformGateway;
  /** server-sent events to the user's open tabs */
  push: PushHub;
  /** the platform mirror: `flush()` delivers the outbox now (the worker does it within a moment anyway) */
  mirror: { flush(): Promise<void> };
  /** every port (messenger, processors, chain, wallets, desk, …), built once by server/compose.ts */
  ports: Ports;
}
