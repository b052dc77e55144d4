import type { Page } from 'playwright-core';

/** The questionnaire's answers by their English texts (src/features/appropriateness/messages.ts): every one right, or every one wrong. */
export const RIGHT_ANSWERS = ['The whole 100 USD', '180 USD: the stake and 80 USD', 'It falls by 50%', 'Most lose money', 'At its expiry, by the price at that moment', 'Only money I can afford to lose'];
export const WRONG_ANSWERS = ['Only a part of the 100 USD', '100 USD', 'It falls by 5%', 'Most make money', 'Whenever I decide to take it', 'My savings for rent and bills'];

/**
 * From the trading page (#/home, English): the lock above the platform leads to the questionnaire,
 * every answer right is sent, and the trader goes back to trading: the honest path a new real-money
 * trader takes before the first trade (issue 30 §6).
 */
export async function passQuestionnaire(page: Page, baseURL: string): Promise<void> {
  await page.getByTestId('lock-appropriateness').waitFor({ timeout: 15_000 });
  await page.getByTestId('lock-next-appropriateness').click();
  await page.getByTestId('appr-form').waitFor();
  for (const label of RIGHT_ANSWERS) await page.getByRole('radio', { name: label, exact: true }).check();
  await page.getByTestId('appr-submit').click();
  await page.getByTestId('appr-passed').waitFor();
  await page.getByTestId('appr-to-trading').click();
  await page.waitForURL(`${baseURL}/en/trading#/home`);
}
