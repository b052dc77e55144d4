export { loadMethodConfig, sandboxSecretOf, WEBHOOK_TOLERANCE_MS, type MethodConfig } from './config';
export { depositView, findDeposit, MAX_METHOD_DEPOSIT, startDeposit, type MethodDeps, type MethodEvents, type StartInput } from './deposits';
export { confirmWebhook, SIGNATURE_HEADER, signWebhook, type WebhookBody } from './webhook';
