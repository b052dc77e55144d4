import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { machines } from '../../machines/index';
import { explorerCodeInTraderPages, explorerJs } from '../../scripts/explorer/isolation';
import { launchBrowser } from '../../scripts/lib/browser';
import { openTab } from './browser';
import { heardOn, recordInspection } from './inspection-wire';
import { freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const explorer = `${baseURL}/explorer/`;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** a state's box (its title and rows are a second group with the same id, drawn over the edges) */
const state = (page: Page, id: string) => page.locator(`.x-stage g.state:not(.header)[data-state-id="${id}"]`);
/** polls that wait for the server or another tab */
const slow = { timeout: 30_000 };
const edge = (page: Page, id: string) => page.locator(`.x-stage [data-transition-id="${id}"]`).first();
const hasClass = async (page: Page, selector: string, cls: string) =>
  page.locator(selector).first().evaluate((el, c) => el.classList.contains(c), cls);
/** waits until the diagram marks the state active */
const activeState = (page: Page, id: string) => page.locator(`.x-stage g.state.active:not(.header)[data-state-id="${id}"]`).waitFor({ timeout: 10_000 });
const stepState = (page: Page) => page.getByTestId('step-state').textContent();
const clickEvent = (page: Page, label: RegExp) => page.getByTestId('step-panel').getByRole('button', { name: label }).click();

describe('the machine explorer', () => {
  it('is served at /explorer/, lists every machine, searches, and loads nothing from elsewhere', async () => {
    const { page, errors, context } = await openTab(browser);
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(baseURL) && !/^(data|blob):/.test(r.url())) foreign.push(r.url());
    });
    await page.goto(explorer);
    const links = page.getByTestId('machine-list').getByRole('link');
    await expect.poll(() => links.evaluateAll((as) => as.map((a) => a.getAttribute('data-machine')))).toEqual(Object.keys(machines));
    await page.getByRole('searchbox').fill('toa');
    await expect.poll(() => links.evaluateAll((as) => as.map((a) => a.getAttribute('data-machine')))).toEqual(['toast', 'cascade']); // the id first, then the cascade, whose purpose names its toast
    // a state name finds its machine too
    await page.getByRole('searchbox').fill('platformLogin');
    await expect.poll(() => links.evaluateAll((as) => as.map((a) => a.getAttribute('data-machine')))).toContain('login');
    await page.getByTestId('machine-list').getByRole('link').first().click();
    await expect.poll(() => state(page, 'login.platformLogin').count()).toBe(1);
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('draws the statechart from the build-time layout, zooms and pans it', async () => {
    const { page, errors, context } = await openTab(browser);
    await page.goto(`${explorer}#/m/login`);
    await expect.poll(() => state(page, 'login.editing').count()).toBe(1);
    // nested boxes, initial markers, final states, guards, invoked actors
    expect(await page.locator('.x-stage .initial[data-initial-of="login"]').count()).toBe(1);
    expect(await page.locator('.x-stage g.state-final').count()).toBeGreaterThan(0);
    expect(await page.locator('.x-stage .label .guard').count()).toBeGreaterThan(0);
    expect(await page.locator('.x-stage .row-invoke').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('layout-info').getAttribute('data-source')).toBe('build');

    const stage = page.locator('.x-stage');
    const transform = () => stage.evaluate((el) => (el as HTMLElement).style.transform);
    const zoom = page.getByTestId('zoom');
    const before = await zoom.textContent();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(() => zoom.textContent()).not.toBe(before);
    const box = (await page.locator('.x-canvas').boundingBox())!;
    const t0 = await transform();
    await page.mouse.move(box.x + 200, box.y + 200);
    await page.mouse.down();
    await page.mouse.move(box.x + 260, box.y + 240, { steps: 4 });
    await page.mouse.up();
    const t1 = await transform();
    expect(t1).not.toBe(t0);
    const scale = (t: string) => Number(/scale\(([\d.]+)\)/.exec(t)![1]);
    expect(scale(t1)).toBe(scale(t0));
    await page.mouse.move(box.x + 300, box.y + 300);
    await page.mouse.wheel(0, -400);
    await expect.poll(async () => scale(await transform())).toBeGreaterThan(scale(t1));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('steps the login machine from editing to success on fakes', async () => {
    const { page, errors, context } = await openTab(browser);
    await page.goto(`${explorer}#/m/login/step`);
    await expect.poll(() => stepState(page)).toBe('editing');
    await activeState(page, 'login.editing');

    await clickEvent(page, /^login\.submit\(email="trader@example\.com"/);
    await expect.poll(() => stepState(page)).toBe('platformLogin');
    await activeState(page, 'login.platformLogin');
    expect(await hasClass(page, '.x-stage g.state[data-state-id="login.editing"]', 'active')).toBe(false);
    expect(await edge(page, 'login.editing:login.submit:0').evaluate((el) => el.classList.contains('taken'))).toBe(true);
    expect(await page.getByTestId('step-context').textContent()).toContain('"email": "trader@example.com"');

    // an actor error goes through `failed` back to the form; back undoes it
    await clickEvent(page, /^platformLogin\.error/);
    await expect.poll(() => stepState(page)).toBe('editing');
    await page.getByRole('button', { name: /Back/ }).click();
    await expect.poll(() => stepState(page)).toBe('platformLogin');

    await clickEvent(page, /^platformLogin\.done\(\{"success":true/);
    await expect.poll(() => stepState(page)).toBe('sessionLogin');
    await clickEvent(page, /^sessionLogin\.done\(\{"message":"ok","ok":true\}/);
    await expect.poll(() => page.getByTestId('step-status').getAttribute('data-status')).toBe('done');
    await activeState(page, 'login.success');
    expect(await edge(page, 'login.sessionLogin:xstate.done.actor.0.login.sessionLogin:1').evaluate((el) => el.classList.contains('taken'))).toBe(true);
    expect(await page.getByTestId('step-history').locator('li').count()).toBe(3);

    await page.getByRole('button', { name: /Reset/ }).click();
    await expect.poll(() => stepState(page)).toBe('editing');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('steps the invoice machine from waiting to success: countdown start, a poll, a partial payment, then paid', async () => {
    const { page, errors, context } = await openTab(browser);
    await page.goto(`${explorer}#/m/invoice/step`);
    await expect.poll(() => stepState(page)).toBe('starting');
    await clickEvent(page, /^after\(countdownStartDelay=300ms\)/);
    await activeState(page, 'invoice.waiting.idle');
    await clickEvent(page, /^after\(invoicePoll=60000ms\)/);
    await activeState(page, 'invoice.waiting.checking');
    await clickEvent(page, /^checkInvoice\.done\(\{"due":"0\.0005","paid":"0\.0005","status":"wt"\}\)/);
    await activeState(page, 'invoice.waiting.idle');
    expect(await page.getByTestId('step-context').textContent()).toContain('"due": "0.0005"');
    await clickEvent(page, /^invoice\.push/);
    await activeState(page, 'invoice.waiting.checking');
    await clickEvent(page, /^checkInvoice\.done\(\{"hash":"ab12","status":"su"\}\)/);
    // a paid invoice stops polling but still takes a pushed change (a late payment)
    await expect.poll(() => stepState(page)).toBe('paid.settled');
    await activeState(page, 'invoice.paid');
    expect(await edge(page, 'invoice.waiting.checking:xstate.done.actor.0.invoice.waiting.checking:0').evaluate((el) => el.classList.contains('taken'))).toBe(true);
    expect(await page.getByTestId('step-context').textContent()).toContain('"status": "su"');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('steps delays on the simulated clock (toast)', async () => {
    const { page, context } = await openTab(browser);
    await page.goto(`${explorer}#/m/toast/step`);
    await clickEvent(page, /^toast\.show/);
    await expect.poll(() => stepState(page)).toBe('showing');
    await clickEvent(page, /^after\(toastDuration=5000ms\)/);
    await expect.poll(() => page.getByTestId('step-clock').textContent()).toBe('5 s');
    expect(await stepState(page)).toBe('idle');
    await context.close();
  });

  it('follows a live login in a second tab, with the children of each actor', async () => {
    const { page: app, context, errors } = await openTab(browser);
    // the trader's tab is already open when the explorer starts: it answers the explorer's hello
    await app.goto(`${baseURL}/en/login?inspect=1`);
    await app.getByLabel('Email').waitFor();
    // a trader of its own: other test files try wrong passwords on the demo login
    const trader = await freshUser(app, baseURL);
    const live = await context.newPage();
    live.on('pageerror', (e) => errors.push(e.message));
    // the wire: every inspection message the explorer's page receives, as JSON
    await recordInspection(live);
    await live.goto(`${explorer}#/live`);
    // the actor row (the diagram's elements carry the machine id too); one, though React may
    // create a second login actor in a render it discards: the app announces actors as they start
    const logins = live.locator('[data-testid=live-actors] [data-machine-id="login"]');
    const login = logins.first();
    /** waits (in the browser) until the login actor's row shows `value` */
    const loginAt = (value: string) => login.locator('[data-testid=actor-state]', { hasText: new RegExp(`^${value}$`) }).waitFor(slow);
    /** waits until the diagram marks the state active (and the transition taken) */
    const shown = (stateId: string, transitionId?: string) =>
      Promise.all([
        live.locator(`.x-stage g.state.active:not(.header)[data-state-id="${stateId}"]`).waitFor(slow),
        transitionId && live.locator(`.x-stage g.transition.taken[data-transition-id="${transitionId}"]`).waitFor(slow),
      ]);
    await loginAt('editing');
    // the analyst follows the login (the sign-in page runs other actors beside it, such as the
    // passkey button's, started later: unpicked, the diagram follows the latest one)
    await login.click();
    expect(await logins.count()).toBe(1);
    expect(await live.locator('[data-machine-id="session"]').count()).toBe(1);
    await shown('login.editing');

    // hold the product login until the explorer has shown the step before it
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await app.route('**/api/login', async (route) => {
      await held;
      await route.continue();
    });
    await app.getByLabel('Email').fill(trader.email);
    await app.getByLabel('Password').fill(trader.password);
    await app.getByRole('button', { name: 'Sign in', exact: true }).click();
    await loginAt('sessionLogin').catch(async (error: unknown) => {
      // where it stopped: both tabs and the actor rows
      await app.screenshot({ path: '/tmp/explorer-live-app.png' }).catch(() => {});
      await live.screenshot({ path: '/tmp/explorer-live-explorer.png' }).catch(() => {});
      const rows = await live.locator('[data-testid=live-actors]').textContent().catch(() => '');
      throw new Error(`${String(error)}\nactors: ${rows}\napp: ${app.url()} ${await app.locator('body').textContent().catch(() => '')}`, { cause: error });
    });
    await shown('login.sessionLogin', 'login.platformLogin:xstate.done.actor.0.login.platformLogin:0');
    expect(await live.locator('.x-stage g.state.active:not(.header)[data-state-id="login.editing"]').count()).toBe(0);
    // the invoked actors are listed under the login actor
    await live.locator('[data-testid=live-actors] button', { hasText: 'sessionLogin' }).first().waitFor(slow);
    // stay on this actor when the trading page's actors arrive
    await login.click();
    expect(await login.getAttribute('aria-pressed')).toBe('true');
    release();

    await app.waitForURL(`${baseURL}/en/trading**`);
    await loginAt('success');
    expect(await login.getAttribute('data-ended')).toBe('true');
    await shown('login.success', 'login.sessionLogin:xstate.done.actor.0.login.sessionLogin:1');
    // inspection stays on in the trader's tab after the navigation: the trading page's session shows up
    await live.locator('[data-machine-id="session"][data-ended="false"]').waitFor(slow);
    // the login's context as its allow-list shares it (issue 34 §1), never what the trader typed
    const shared = live.getByTestId('live-context');
    await shared.locator('[data-field="factor"]').waitFor(slow);
    expect(await shared.locator('[data-field="shakes"] dd').textContent()).toBe('0');
    expect(await shared.textContent()).not.toContain(trader.email);
    const heard = await heardOn(live);
    expect(heard.filter((m) => m.includes('"machineId":"login"') && m.includes('"context":{')).length).toBeGreaterThan(0);
    for (const m of heard) {
      expect(m).not.toContain(trader.password);
      expect(m).not.toContain(trader.email);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('overlays coverage from docs/coverage/machines.json; the table links to each diagram', async () => {
    const report = JSON.parse(await readFile('docs/coverage/machines.json', 'utf8')) as {
      machines: Record<string, { transitions: { covered: string[]; uncovered: string[] } }>;
    };
    const { page, errors, context } = await openTab(browser);
    await page.goto(`${explorer}#/coverage`);
    const table = page.getByTestId('coverage-table');
    await table.locator('tr[data-machine]').first().waitFor();
    for (const id of Object.keys(report.machines)) expect(await table.locator(`tr[data-machine="${id}"]`).count(), id).toBe(1);
    await table.locator('tr[data-machine="login"] a').click();
    await expect.poll(() => page.url()).toContain('#/m/login/coverage');
    await expect.poll(() => page.getByTestId('coverage-panel').count()).toBe(1);
    const login = report.machines.login.transitions;
    await expect.poll(() => page.locator('.x-stage [data-transition-id].covered').count()).toBeGreaterThan(0);
    const drawn = await page
      .locator('.x-stage [data-transition-id]')
      .evaluateAll((els) => els.map((e) => [e.getAttribute('data-transition-id')!, e.classList.contains('covered'), e.classList.contains('uncovered')] as const));
    for (const [id, covered, uncovered] of drawn) {
      expect(covered, id).toBe(login.covered.includes(id));
      expect(uncovered, id).toBe(login.uncovered.includes(id));
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the spec coverage from docs/coverage/spec.json at 320 px, by keyboard, in Russian too; a tagged transition opens on its diagram', async () => {
    const report = JSON.parse(await readFile('docs/coverage/spec.json', 'utf8')) as { rules: Array<{ id: string; tags: unknown[] }>; summary: { mustTagUntagged: string[] } };
    const { page, errors, context } = await openTab(browser, { width: 320, height: 640 });
    await page.goto(`${explorer}#/coverage`);
    await page.getByTestId('spec-link').click();
    await expect.poll(() => page.url()).toContain('#/coverage/spec');
    const table = page.getByTestId('spec-table');
    await table.locator('tr[data-rule]').first().waitFor(slow);
    expect(await table.locator('tr[data-rule]').count()).toBe(report.rules.length);
    expect(await page.getByTestId('spec-must').textContent()).toBe('Every rule of 000 §4 and 002 §4 is tagged.');
    // the page fits the phone; the wide table scrolls inside its own region
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    // by keyboard: only the untagged rules, then the cascade's hard-decline transition opened with Enter
    await page.getByRole('checkbox', { name: 'Only untagged rules' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => table.locator('tr[data-rule]').count()).toBe(report.rules.filter((r) => r.tags.length === 0).length);
    await page.keyboard.press('Space');
    const link = table.locator('tr[data-rule="000 §4.16"] a[data-transition="cascade.deciding:always:6"]');
    await link.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url()).toContain('#/m/cascade/path/cascade.deciding%3Aalways%3A6');
    await page.goto(`${explorer}?lang=ru#/coverage/spec`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), slow).toBe('Покрытие спецификации');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('downloads the diagram as SVG and as PNG', async () => {
    const { page, errors, context } = await openTab(browser);
    await page.goto(`${explorer}#/m/login/step`);
    await expect.poll(() => stepState(page)).toBe('editing');
    const [svg] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the diagram as SVG' }).click()]);
    expect(svg.suggestedFilename()).toBe('login.svg');
    const text = await readFile((await svg.path())!, 'utf8');
    expect(text).toContain('<svg');
    expect(text).toContain('data-state-id="login.editing"');
    expect(text).toMatch(/class="state state-atomic active" data-state-id="login.editing"/);
    const [png] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the diagram as PNG' }).click()]);
    expect(png.suggestedFilename()).toBe('login.png');
    const bytes = await readFile((await png.path())!);
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    const width = bytes.readUInt32BE(16);
    const height = bytes.readUInt32BE(20);
    const size = (await page.locator('.x-stage svg').evaluate((el) => [Number(el.getAttribute('width')), Number(el.getAttribute('height'))])) as [number, number];
    expect(width).toBe(Math.ceil(size[0]) * 2);
    expect(height).toBe(Math.ceil(size[1]) * 2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lays a diagram out in the browser too (?layout=browser), for machines added after the build', async () => {
    const { page, errors, context } = await openTab(browser);
    const ids = Object.keys(machines);
    await page.goto(`${explorer}?layout=browser#/m/${ids[0]}`);
    await expect.poll(() => page.getByTestId('layout-info').getAttribute('data-source'), { timeout: 20_000 }).toBe('browser');
    expect(await page.locator('.x-stage g.state').count()).toBeGreaterThan(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a phone screen (390 px) and speaks Russian', async () => {
    const { page, errors, context } = await openTab(browser, { width: 390, height: 844 });
    await page.goto(`${explorer}?lang=ru#/m/login/step`);
    await expect.poll(() => page.getByRole('link', { name: 'Обозреватель автоматов' }).count()).toBe(1);
    await expect.poll(() => stepState(page)).toBe('editing');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps the explorer's code out of the trader's pages", () => {
    expect(explorerCodeInTraderPages()).toEqual({ login: [], landing: [], trading: [], funding: [] });
    const js = explorerJs();
    expect(js.initial.files.length).toBeGreaterThan(0);
    // elkjs is only a lazy chunk (the build precomputes the layouts)
    expect(js.lazy.some((l) => l.key.includes('machine-kit/diagram/layout'))).toBe(true);
    // every machine of machines/index.ts is in the explorer's first load (about 1.3 kB gzip each):
    // 37 machines measured 150.2 kB at first, 53 measured 177.7 kB later, 66 measured
    // 191.8 kB after that (with the readable fit, the start form and both coverages; the path search
    // and the Russian purposes are lazy chunks), 207.0 kB with 67 machines and the analysts' rules
    // (guard parameters and delay lengths on the labels, the main flow first, feasible step mode
    // with Force, readable coverage names; the rules tables, the Spec page and the Playwright
    // export are lazy chunks). The bound leaves room for a few more machines, not for a library;
    // the next steps are the explorer's Russian texts as a lazy chunk and each machine loaded with its diagram.
    // 215.8 kB with 71 machines (trader protection's traderLimits, accountClosure, realityCheck and
    // realityCheckSetting); loading each machine with its diagram is now due (issue 33, speed).
    // 219.9 kB with 74 (selfExclusion, statement, cashierLocks): the bound moves once more, to 224,
    // and it is the last time: the next machine waits for the per-machine loading of issue 33.
    // That did not hold: 225.9 kB with 78 (issue 30's dataExport, appropriateness, termsAcceptance
    // and sessionLimitSetting came before issue 33). The bound is 228 and stays there: the
    // explorer's first load takes each machine's definition and model eagerly (main.tsx builds the
    // catalog from machines/index.ts and machines/models.ts); loading them with the diagram is
    // issue 33's, and a machine added before it must take an older one's bytes out.
    // 231.6 kB with 85 (issue 31's signInHistory, notMe, recoveryCodes, addressBook, addressConfirm):
    // the test models went out instead, to a chunk of their own fetched beside the language's texts
    // (src/explorer/main.tsx): 216.1 kB first, 18.0 kB models. The bound stays 228.
    expect(js.initial.gzip).toBeLessThan(228_000);
  });

  it('reads the cascade at first sight on 1280x800, follows its active state, finds a shortest path and replays it', async () => {
    const { page, errors, context } = await openTab(browser, { width: 1280, height: 800 });
    await page.goto(`${explorer}#/m/cascade`);
    await expect.poll(() => state(page, 'cascade.boot').count()).toBe(1);
    // "Fit" keeps the labels at their real size (11 px) and starts at the initial state, inside the window
    expect(await page.getByTestId('zoom').textContent()).toBe('100%');
    const canvas = (await page.locator('.x-canvas').boundingBox())!;
    expect(canvas.y + canvas.height).toBeLessThanOrEqual(800);
    const boot = (await state(page, 'cascade.boot').boundingBox())!;
    expect(boot.x).toBeGreaterThanOrEqual(canvas.x);
    expect(boot.y + boot.height).toBeLessThanOrEqual(canvas.y + canvas.height);
    const labelPx = await page.locator('.x-stage .label text').first().evaluate((el) => el.getBoundingClientRect().height);
    expect(labelPx).toBeGreaterThanOrEqual(11);
    expect(await page.getByTestId('minimap').count()).toBe(1);

    // path mode: pick a nested state; two events; replay in step mode; the view follows it
    await page.goto(`${explorer}#/m/cascade/path/${encodeURIComponent('cascade.dayLimit.explaining')}`);
    await expect.poll(() => page.getByTestId('path-steps').locator('li').count(), slow).toBe(2);
    expect(await page.getByTestId('path-test').textContent()).toContain('replayInBrowser(');
    await page.getByTestId('path-replay').click();
    await activeState(page, 'cascade.dayLimit.explaining');
    await expect.poll(() => stepState(page)).toBe('dayLimit.explaining');
    const target = (await state(page, 'cascade.dayLimit.explaining').boundingBox())!;
    const box = (await page.locator('.x-canvas').boundingBox())!;
    expect(target.x).toBeGreaterThanOrEqual(box.x);
    expect(target.x + target.width).toBeLessThanOrEqual(box.x + box.width);
    expect(target.y + target.height).toBeLessThanOrEqual(box.y + box.height);
    // step buttons are named by what differs between them: no two alike
    await page.getByRole('button', { name: 'Reset' }).click();
    const first = page.getByTestId('step-panel').locator('button[data-kind]').first();
    await first.click();
    await page.getByTestId('step-panel').locator('button[data-kind="after"]').first().click();
    const names = await page.getByTestId('step-panel').locator('button[data-kind]').allTextContents();
    expect(names.length).toBeGreaterThan(5);
    expect(new Set(names).size).toBe(names.length);
    expect(errors).toEqual([]);
    await context.close();
  });
});
