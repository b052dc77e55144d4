import type { AppDeps } from '../../deps';
import type { ReversalDeps } from './reversals';

/** The refunds' and disputes' deps from the app's (the processors' webhook route, the wallets' webhook, the refunds console). */
export function reversalDepsOf(deps: Pick<AppDeps, 'db' | 'ports' | 'config' | 'push' | 'mirror'>): ReversalDeps {
  return {
    db: deps.db,
    platform: deps.ports.platform,
    processors: deps.ports.processors,
    wallets: deps.ports.wallets,
    messenger: deps.ports.messenger,
    siteUrl: deps.config.siteUrl,
    publish: (userId, event) => deps.push.publish(userId, event),
    flush: () => deps.mirror.flush(),
  };
}
