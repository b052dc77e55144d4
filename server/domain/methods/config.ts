import { METHODS } from '../../../core/methods';

/** How far a webhook's `created` may be from our clock, either way. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60 * 1000;

/** The secret each provider signs its webhooks with (`METHOD_WEBHOOK_SECRET_{PROVIDER}`). */
export interface MethodConfig {
  secrets: Readonly<Record<string, string>>;
}

/** The sandbox providers' secret when none is configured (documented in docs/sandbox.md). */
export const sandboxSecretOf = (provider: string): string => `sandbox-${provider}-webhook-secret`;

/**
 * The webhook secrets by provider (config.methodWebhookSecrets: METHOD_WEBHOOK_SECRET_{PROVIDER},
 * read in server/config.ts). In sandbox mode a provider without one uses its
 * sandbox default; outside sandbox mode a provider without a secret takes no webhook (and its
 * deposits are not offered: there would be no way to confirm them).
 */
export function loadMethodConfig(sandbox: boolean, configured: Partial<Record<string, string>> = {}): MethodConfig {
  const secrets: Record<string, string> = {};
  for (const provider of METHODS) {
    const set = configured[provider]?.trim();
    if (set) secrets[provider] = set;
    else if (sandbox) secrets[provider] = sandboxSecretOf(provider);
  }
  return { secrets };
}
