/**
 * The sandbox banner (every page in sandbox mode, issue 33 §3): the server writes it into each
 * page's HTML (server/http/sandbox-banner.ts) outside the app's root, so it is there from the first
 * paint and nothing moves when the app starts; the app's dictionaries take the same text from here.
 */
export const SANDBOX_NOTE = {
  en: 'Sandbox: payment processors, blockchains and the trading platform are simulated. No real money moves.',
  ru: 'Песочница: платёжные системы, блокчейны и торговая платформа смоделированы. Реальные деньги не двигаются.',
} as const;

/** the id of the server's banner element: the app draws its own only when it is missing (a page the server did not write) */
export const SANDBOX_BANNER_ID = 'sandbox-banner';
