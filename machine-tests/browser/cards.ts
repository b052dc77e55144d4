import type { Page } from 'playwright-core';

/** Sandbox test cards (docs/sandbox.md, "Card processors"; server/sandbox/processors/test-cards.ts). */
export const CARDS = {
  approved: '4000 0000 0000 0010',
  pending: '4000 0000 0000 0028',
  softTwice: '4000 0000 0000 0044',
  softAll: '4000 0000 0000 0051',
  hard: '4000 0000 0000 0069',
  secure3d: '4000 0000 0000 0077',
};

/** Fills the card form of the funding page's card tab as a trader would. */
export async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Name on the card').fill('Jean Dupont');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry month').selectOption('12');
  await page.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 2));
  await page.getByLabel('CVV').fill('123');
}
