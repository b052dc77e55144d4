import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openTab, sharedBrowser, signIn } from './browser';
import { CARDS, fillCard } from './cards';
import { freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();
const slow = { timeout: 30_000 };

/** The funnel tab's counts as the page shows them: the ways out of each state, the card payments, the processors. */
async function readFunnel(explorer: Page, hash: string) {
  await explorer.goto(`${baseURL}/explorer/#${hash}`);
  await explorer.reload();
  await explorer.locator('[data-testid="funnel-panel"][data-status="ready"]').waitFor(slow);
  const ways = await explorer.locator('[data-testid="funnel-states"] li[data-transition]').evaluateAll((rows) =>
    rows.map((r) => ({ id: r.getAttribute('data-transition')!, to: r.getAttribute('data-to')!, count: Number(r.getAttribute('data-count')) })),
  );
  const payments = Object.fromEntries(
    await explorer.locator('[data-testid="funnel-payments"] [data-status]').evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-status')!, Number(r.getAttribute('data-count'))])),
  ) as Record<string, number>;
  const processors = Object.fromEntries(
    await explorer.locator('[data-testid="funnel-processors"] tr[data-processor]').evaluateAll((rows) =>
      rows.map((r) => [r.getAttribute('data-processor')!, { approved: Number(r.getAttribute('data-approved')), declined: Number(r.getAttribute('data-declined')) }]),
    ),
  ) as Record<string, { approved: number; declined: number }>;
  const into = (state: string) => ways.filter((w) => w.to === state).reduce((n, w) => n + w.count, 0);
  const outOf = (state: string) => ways.filter((w) => w.id.startsWith(`${state}:`)).reduce((n, w) => n + w.count, 0);
  return { ways, payments, processors, into, outOf };
}

/**
 * Issue 34 §4 in the running product: a trader's card deposit through the real screens is
 * reported by the app (its machines' transitions, no context) and counted by the server; the
 * explorer's Funnel tab shows it for the trader's segment, paints it on the cascade's diagram, and
 * reads the card payments and each processor's outcome from the payments themselves. The suite's
 * files run one at a time, so what changed between two readings is this test's doing.
 */
describe('the funnel from real traffic', () => {
  it('counts a card deposit made on a tablet-wide screen and paints it on the cascade', async () => {
    const { page: app, context, errors } = await openTab(chromium.current, { width: 800, height: 1000 });
    const explorer = await context.newPage();
    explorer.on('pageerror', (e) => errors.push(e.message));
    // the segment of this trader's screen; the range is the explorer's default (the last seven days)
    const hash = '/m/cascade/funnel/device=tablet&lang=en';
    const phoneHash = '/m/cascade/funnel/device=phone&lang=en';
    const phoneBefore = await readFunnel(explorer, phoneHash);
    const before = await readFunnel(explorer, hash);
    // language and device are not recorded with a payment: the tab says its payments are for all
    await explorer.getByText('Language and device are not recorded with a payment').first().waitFor(slow);

    const user = await freshUser(app, baseURL, { cascade: 'ORANGE,MEIKO', balances: [{ currency: 'USD', type: 'trading', amount: '0.00' }] });
    await signIn(app, baseURL, user);
    await app.waitForURL(`${baseURL}/en/trading**`);
    await app.goto(`${baseURL}/en/trading#/show/funding`);
    await app.getByRole('heading', { name: 'Pay by card' }).waitFor({ timeout: 50_000 });
    await fillCard(app, CARDS.approved);
    await app.getByRole('button', { name: 'Deposit $250.00' }).click();
    await app.locator('#card-done').waitFor(slow);
    // the page's steps not sent yet go with the tab's next page, which sends them as it starts
    await app.reload();
    await app.getByTestId('balance').waitFor(slow);

    await expect
      .poll(async () => {
        const after = await readFunnel(explorer, hash);
        return { approved: after.into('cascade.approved') - before.into('cascade.approved'), checked: after.outOf('cascade.checking') - before.outOf('cascade.checking') };
      }, slow)
      .toEqual({ approved: 1, checked: 1 });
    const after = await readFunnel(explorer, hash);
    expect((after.payments.approved ?? 0) - (before.payments.approved ?? 0)).toBe(1);
    expect((after.processors.ORANGE?.approved ?? 0) - (before.processors.ORANGE?.approved ?? 0)).toBe(1);
    expect((after.processors.MEIKO?.approved ?? 0) - (before.processors.MEIKO?.approved ?? 0)).toBe(0);

    // the diagram: the way into `approved` is drawn wider and says how many took it
    const taken = after.ways.find((w) => w.to === 'cascade.approved' && w.count > 0)!;
    const arrow = explorer.locator(`.x-stage g.transition.funnel[data-transition-id="${taken.id}"]`);
    await arrow.waitFor(slow);
    expect(Number(await arrow.evaluate((g) => (g as SVGElement).style.getPropertyValue('--funnel-w')))).toBeGreaterThan(1);
    expect(await arrow.locator('.funnel-count').textContent()).toMatch(new RegExp(`^${taken.count}( · [\\d.]+%)?$`));

    // another segment: phone-wide screens saw none of this deposit's steps (its payment is everyone's)
    const phone = await readFunnel(explorer, phoneHash);
    expect(phone.into('cascade.approved') - phoneBefore.into('cascade.approved')).toBe(0);
    expect(phone.outOf('cascade.checking') - phoneBefore.outOf('cascade.checking')).toBe(0);
    expect((phone.payments.approved ?? 0) - (phoneBefore.payments.approved ?? 0)).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says what is wrong with a range beside its field and asks nothing; the funding page links to where deposits fail', async () => {
    const { page: explorer, context, errors } = await openTab(chromium.current);
    const asked: string[] = [];
    explorer.on('request', (r) => r.url().includes('/api/explorer/funnel') && asked.push(r.url()));
    await explorer.goto(`${baseURL}/explorer/#/m/funding`);
    await explorer.getByTestId('where-fail').click();
    await explorer.locator('[data-testid="funnel-panel"][data-status="ready"]').waitFor(slow);
    expect(explorer.url()).toContain('#/m/cascade/funnel');
    await explorer.getByRole('heading', { name: 'Where card deposits fail' }).waitFor();
    const from = explorer.getByTestId('funnel-from');
    const to = await explorer.getByTestId('funnel-to').inputValue();
    asked.length = 0;
    // a first day after the last: refused here, said beside the field
    const after = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await from.fill(after);
    await explorer.locator('[data-testid="funnel-panel"][data-status="invalid"]').waitFor(slow);
    expect(await from.getAttribute('aria-invalid')).toBe('true');
    const alert = explorer.locator(`#${await from.getAttribute('aria-describedby')}`);
    expect(await alert.textContent()).toBe('The first day must be on or before the last.');
    expect(asked).toEqual([]);
    // the address holds the filter: the same view opens from it in Russian
    await explorer.goto(`${baseURL}/explorer/?lang=ru#/m/cascade/funnel/${encodeURIComponent(`from=${to}&to=${to}&cohort=new`)}`);
    await explorer.locator('[data-testid="funnel-panel"][data-status="ready"]').waitFor(slow);
    expect(await explorer.getByTestId('funnel-cohort').inputValue()).toBe('new');
    await explorer.getByRole('heading', { name: 'Где срываются пополнения картой' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
