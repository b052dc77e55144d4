import type { Settings } from '../../core/contract';
import type { Config } from '../config';
import type { Db } from '../db';
import type { PlatformGateway, Ports } from '../domain/ports';
import type { PushHub } from '../push/hub';

/**
 * What the sandbox's own routes (consoles, controls, the testers' calls) get from the
 * composition root (server/compose.ts): the same things as a product route, named here so the
 * sandbox does not depend on server/routes.
 */
export interface SandboxDeps {
  db: Db;
  config: Config;
  settings: Settings;
  platform: PlatformGateway;
  push: PushHub;
  /** the platform mirror: `flush()` delivers the outbox now */
  mirror: { flush(): Promise<void> };
  ports: Ports;
}
