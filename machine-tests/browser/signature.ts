import type { Locator, Page } from 'playwright-core';

/** Draws one stroke across a signature pad with the mouse, as a trader would. */
export async function drawSignature(page: Page, canvas: Locator): Promise<void> {
  // the pad may be below the client agreement's text in the dialog: scrolled into view first, as a trader would
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 14; i++) {
    await page.mouse.move(box.x + box.width * (0.15 + 0.05 * i), box.y + box.height * (0.6 - 0.25 * Math.sin(i / 2)), { steps: 3 });
  }
  await page.mouse.up();
}
