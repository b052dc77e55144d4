import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { uiScripts } from '../../machine-kit/ui-script';
import { pathFromEvents, playwrightSpec, scriptedSet } from '../../machine-kit/ui-script/playwright';
import { loginModel } from '../../machines/login/login.model';
import { validationModel } from '../../machines/security/security.model';
import { voucherModel } from '../../machines/voucher/voucher.model';

const baseURL = inject('baseURL');
const dir = mkdtempSync(join(tmpdir(), 'playwright-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Outcome {
  code: number | null;
  passed: number;
  failed: number;
  output: string;
}

/** Runs spec files as a tester would, with the repository's @playwright/test stand-in, against the suite's sandbox server. */
function runSpecs(files: Record<string, string>): Outcome {
  const folder = mkdtempSync(join(dir, 'run-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
  const report = join(folder, 'report.json');
  const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--config', join(process.cwd(), 'machine-tests/playwright/vitest.config.ts'), '--root', folder, '--reporter=json', `--outputFile=${report}`], {
    cwd: process.cwd(),
    env: { ...process.env, BASE_URL: baseURL },
    encoding: 'utf8',
    timeout: 600_000,
  });
  const json = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; testResults: { assertionResults: { failureMessages: string[] }[] }[] };
  const failures = json.testResults.flatMap((f) => f.assertionResults.flatMap((a) => a.failureMessages));
  return { code: run.status, passed: json.numPassedTests, failed: json.numFailedTests, output: `${run.stdout}\n${run.stderr}\n${failures.join('\n')}` };
}

// a wrong password, then the right one: the path the explorer finds and exports as it is
const wrongThenRight = pathFromEvents(loginModel, {}, [
  { type: 'login.submit', email: 'trader@example.com', password: 'Trader-2026' },
  { type: 'xstate.done.actor.0.login.platformLogin', output: { success: false, code: 'invalid_credentials', message: 'Invalid login or password' } },
  { type: 'login.submit', email: 'trader@example.com', password: 'Trader-2026' },
  { type: 'xstate.done.actor.0.login.platformLogin', output: { success: true, token: 'pf-token' } },
  { type: 'xstate.done.actor.0.login.sessionLogin', output: { ok: true, message: 'ok' } },
]);

describe('Playwright specs exported from the explorer (machine-kit/ui-script/playwright.ts)', () => {
  it('a login path, the validation set and the Vload voucher set (money: a voucher credited) run green against the sandbox server; a broken expectation fails', { timeout: 900_000 }, () => {
    const login = playwrightSpec(uiScripts.login, [wrongThenRight], 'wrong password then right', '#/m/login/path');
    const set = scriptedSet(uiScripts.validation, validationModel);
    const validation = playwrightSpec(uiScripts.validation, set.paths, 'minimal set', '#/m/validation/path');
    expect(login.tests).toHaveLength(1);
    expect(validation.tests.length).toBeGreaterThan(2);
    expect(validation.skipped).toEqual([]);
    const voucher = playwrightSpec(uiScripts.voucher, scriptedSet(uiScripts.voucher, voucherModel).paths, 'minimal set', '#/m/voucher/path');
    expect(voucher.skipped).toEqual([]);
    expect(voucher.text).toContain('payment_success');
    expect(voucher.text).toContain("getByText('$1,250.00')");

    const green = runSpecs({ 'login.spec.ts': login.text, 'validation.spec.ts': validation.text, 'voucher.spec.ts': voucher.text });
    expect({ code: green.code, passed: green.passed, failed: green.failed, output: green.code ? green.output : '' }).toEqual({ code: 0, passed: 1 + validation.tests.length + voucher.tests.length, failed: 0, output: '' });

    // the page says "Wrong email or password.": a spec expecting other words must fail
    expect(login.text).toContain("getByText('Wrong email or password.')");
    const broken = runSpecs({ 'login.spec.ts': login.text.replace("getByText('Wrong email or password.')", "getByText('Your account is closed.')") });
    expect({ code: broken.code, passed: broken.passed, failed: broken.failed }).toEqual({ code: 1, passed: 0, failed: 1 });
    expect(broken.output).toContain('Your account is closed.');
  });
});
