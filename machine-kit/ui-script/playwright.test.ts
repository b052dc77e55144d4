import { describe, expect, it } from 'vitest';
import { loginModel } from '../../machines/login/login.model';
import { validationModel } from '../../machines/security/security.model';
import { generatePaths } from '../paths';
import { traverse } from '../traversal';
import { uiScripts } from './index';
import { matches, pathFromEvents, playwrightSpec, scriptPath, scriptedSet, specFileName } from './playwright';

const login = uiScripts.login;
const submit = (password = 'Trader-2026') => ({ type: 'login.submit', email: 'trader@example.com', password });

describe('UI scripts as Playwright specs', () => {
  it('matches patterns: "*" is present and not empty, objects by their fields', () => {
    expect(matches({ output: { factor: 'google' } }, { output: { factor: '*' } })).toBe(true);
    expect(matches({ output: { factor: '' } }, { output: { factor: '*' } })).toBe(false);
    expect(matches({ error: { status: 409, kind: 'http' } }, { error: { status: 409 } })).toBe(true);
    expect(matches({ error: { status: 400 } }, { error: { status: 409 } })).toBe(false);
  });

  it('a wrong password then the right one: roles and labels, the outcome arranged before the click, no internal event names', () => {
    const events = [
      submit(),
      { type: 'xstate.done.actor.0.login.platformLogin', output: { success: false, code: 'invalid_credentials', message: 'Invalid login or password' } },
      submit(),
      { type: 'xstate.done.actor.0.login.platformLogin', output: { success: true, token: 'pf-token' } },
      { type: 'xstate.done.actor.0.login.sessionLogin', output: { ok: true, message: 'ok' } },
    ];
    const path = pathFromEvents(loginModel, {}, events);
    const s = scriptPath(login, path);
    expect(s.ok && s.says).toEqual(['signs in with a wrong password', 'signs in with the right password']);
    const spec = playwrightSpec(login, [path], 'wrong password', '#/m/login/path');
    expect(spec.file).toBe('machine-tests/playwright/login-wrong-password.spec.ts');
    expect(spec.file).toBe(specFileName('login', 'wrong password'));
    expect(spec.tests).toEqual(['Sign-in 1: signs in with a wrong password, then signs in with the right password']);
    expect(spec.text).toContain("import { expect, test, type Page } from '@playwright/test';");
    expect(spec.text).toContain("const user = await post<User>(page, '/api/sandbox/fresh-user', {});");
    expect(spec.text).toContain("await page.getByLabel('Password').fill(`${user.password}-wrong`);");
    expect(spec.text).toContain("await page.getByRole('button', { name: 'Sign in', exact: true }).click();");
    expect(spec.text).toContain("await expect(page.getByText('Wrong email or password.').first()).toBeVisible();");
    expect(spec.text).toContain('await expect(page).toHaveURL(/\\/en\\/trading/);');
    expect(spec.text).toContain('process.env.BASE_URL');
    expect(spec.text).not.toMatch(/xstate|platformLogin|sessionLogin|login\.submit/);
  });

  it('a path the script cannot do says why; the set leaves it out', () => {
    const path = pathFromEvents(loginModel, { autologinKey: 'key-1' }, []);
    const s = scriptPath(login, path);
    expect(s.ok).toBe(false);
    expect(!s.ok && s.reason).toMatch(/operator/);
    const spec = playwrightSpec(login, [path], 'autologin', 'x');
    expect(spec.tests).toEqual([]);
    expect(spec.skipped).toEqual([{ index: 0, reason: expect.stringMatching(/operator/) }]);
  });

  it("every generated login path of the form input is written whole, but those through the site's own attempt limit (said why)", () => {
    const reasons = new Set<string>();
    let written = 0;
    for (const path of generatePaths(traverse(loginModel, {}), ['cover'])) {
      const s = scriptPath(login, path);
      if (s.ok) written++;
      else reasons.add(s.reason);
    }
    expect(written).toBeGreaterThanOrEqual(10);
    expect([...reasons]).toEqual([expect.stringMatching(/site's own attempt limit/)]);
  });

  it('the validation set: a minimal edge cover of what the script can do, and the one thing it cannot', () => {
    const set = scriptedSet(uiScripts.validation, validationModel);
    expect(set.paths.length).toBeGreaterThan(2);
    expect(set.paths.length).toBeLessThan(20);
    expect(set.reasons.sort()).toEqual(['the sandbox cannot make the validation answer 500', expect.stringMatching(/^validated in another tab/)]);
    const spec = playwrightSpec(uiScripts.validation, set.paths, 'minimal set', '#/m/validation/path');
    expect(spec.skipped).toEqual([]);
    expect(spec.tests).toHaveLength(set.paths.length);
    expect(new Set(spec.tests).size).toBe(spec.tests.length);
    expect(spec.text).toContain("await page.getByLabel('Validation value').fill('UI-PATH-4821');");
    expect(spec.text).toContain("await post(page, '/api/fraud/attemps', { value: 'wrong' }, 4);");
    expect(spec.text).toContain("await expect(page.getByTestId('max-tries').first()).toBeVisible();");
    expect(spec.text).not.toMatch(/xstate|attemptValidation|value\.submit/);
  });
});
