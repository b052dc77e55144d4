import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { signWebhook } from '../methods/signature';
import { loadProcessorSecrets, processorOfPath, verifyReversalWebhook } from './reversal-webhook';

const NOW = new Date(Date.UTC(2026, 11, 1, 12, 0, 0));
const body = (over: Record<string, unknown> = {}) =>
  JSON.stringify({ event_id: 'evt_1', type: 'dispute.lost', payment_id: '00000000-0000-4000-8000-000000000001', reference: 'dp_1', amount: '250.00', currency: 'USD', created: NOW.getTime() / 1000, ...over });

describe('the processors’ webhook secrets and check (issue 32 §2)', () => {
  it('sandbox mode fills every processor with its sandbox secret; outside it only the configured ones take webhooks', () => {
    const sandbox = loadProcessorSecrets(true, { orange: 'set-one' });
    expect(sandbox.secrets.orange).toBe('set-one');
    expect(sandbox.secrets.pfs).toBe('sandbox-pfs-webhook-secret');
    expect(sandbox.secrets.orange_not3d).toBe('sandbox-orange_not3d-webhook-secret');
    expect(loadProcessorSecrets(false, { vload: ' real ' }).secrets).toEqual({ vload: 'real' });
    expect(loadConfig({ PROCESSOR_WEBHOOK_SECRET_VLOAD: 'x1' }).processorWebhookSecrets).toEqual({ vload: 'x1' });
    expect(() => loadConfig({ PROCESSOR_WEBHOOK_SECRET_NOBODY: 'x' })).toThrow(/PROCESSOR_WEBHOOK_SECRET_NOBODY/);
  });

  it('names a processor only by its lower-case name', () => {
    expect(processorOfPath('orange')).toBe('ORANGE');
    expect(processorOfPath('orange_not3d')).toBe('ORANGE_NOT3D');
    expect(processorOfPath('ORANGE')).toBeNull();
    expect(processorOfPath('nobody')).toBeNull();
  });

  it('takes a signed, understood, timely body; refuses a wrong or missing signature, a malformed body, one 5 minutes away', () => {
    const raw = body();
    expect(verifyReversalWebhook('s', raw, signWebhook('s', raw), NOW)).toMatchObject({ type: 'dispute.lost', amount: '250.00' });
    expect(() => verifyReversalWebhook('s', raw, signWebhook('t', raw), NOW)).toThrow(expect.objectContaining({ status: 401 }));
    expect(() => verifyReversalWebhook('s', raw, undefined, NOW)).toThrow(expect.objectContaining({ key: 'webhook.signature' }));
    const odd = body({ type: 'payment.completed' });
    expect(() => verifyReversalWebhook('s', odd, signWebhook('s', odd), NOW)).toThrow(expect.objectContaining({ key: 'webhook.malformed' }));
    const late = body({ created: NOW.getTime() / 1000 - 301 });
    expect(() => verifyReversalWebhook('s', late, signWebhook('s', late), NOW)).toThrow(expect.objectContaining({ key: 'webhook.stale' }));
    const edge = body({ created: NOW.getTime() / 1000 - 300 });
    expect(verifyReversalWebhook('s', edge, signWebhook('s', edge), NOW).event_id).toBe('evt_1');
  });
});
