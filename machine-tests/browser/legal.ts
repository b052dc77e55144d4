import type { Page } from 'playwright-core';

/**
 * Ticks "I have read and accept the Client Agreement, Risk Disclosure and Privacy Notice" on the
 * registration form (issue 30 §5: required, unticked at first), in English or Russian, the way a
 * person does: every browser test that opens an account through a form calls it before submitting.
 */
export async function acceptTerms(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: /^(I have read and accept|Я прочитал\(а\) и принимаю)/ }).check();
}
