import { loginScript } from './login.script';
import { validationScript } from './validation.script';
import { voucherScript } from './voucher.script';
import type { UiScript } from './types';

/** Every machine with a UI script (machine-kit/ui-script/<machine>.script.ts): the explorer exports Playwright specs for these. */
export const uiScripts: Record<string, UiScript> = {
  [loginScript.machine]: loginScript,
  [validationScript.machine]: validationScript,
  [voucherScript.machine]: voucherScript,
};

export type { UiScript } from './types';
