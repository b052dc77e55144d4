import { describe, expect, it } from 'vitest';
import { fixtures } from '../../machine-kit/fixtures';
import { runMachine } from '../../machine-kit/run';
import { modelCoverageHtml } from './coverage-html';
import { escapeXml, junitXml, mutationSuites } from './junit';

/** every tag opened is closed in order, attributes are quoted, no raw & or < in text */
function wellFormed(xml: string): boolean {
  const body = xml.replace(/^<\?xml[^>]*\?>\s*/, '');
  const stack: string[] = [];
  for (const m of body.matchAll(/<(\/?)([A-Za-z-]+)((?:\s+[a-z-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/g)) {
    if (m[5] !== undefined) {
      if (/&(?!(amp|lt|gt|quot|apos);)/.test(m[5])) return false;
      continue;
    }
    if (m[1]) {
      if (stack.pop() !== m[2]) return false;
    } else if (!m[4]) stack.push(m[2]);
  }
  const rest = body.replace(/<(\/?)([A-Za-z-]+)((?:\s+[a-z-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/g, '');
  return stack.length === 0 && rest === '';
}

describe('JUnit XML', () => {
  it('escapes the five XML characters and drops the ones XML forbids', () => {
    expect(escapeXml(`a<b & "c" 'd'>`)).toBe('a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;');
    expect(escapeXml('bell\u0007 tab\t nl\n')).toBe('bell tab\t nl\n');
  });

  it('counts tests and failures per suite and in all, with a failure reason and output', () => {
    const xml = junitXml(
      [
        { name: 'login', time: 1.5, properties: { transitions: '21/21' }, cases: [{ name: 'login#1', output: 'submit → editing' }, { name: 'login#2', failure: { message: 'step 2 (x): state a, expected <b> & "c"' } }] },
        { name: 'cascade', cases: [{ name: 'cascade#1' }] },
      ],
      'test:model',
    );
    expect(wellFormed(xml)).toBe(true);
    expect(xml).toContain('<testsuites name="test:model" tests="3" failures="1" errors="0" time="1.500">');
    expect(xml).toContain('<testsuite name="login" tests="2" failures="1" errors="0" skipped="0" time="1.500">');
    expect(xml).toContain('<testsuite name="cascade" tests="1" failures="0" errors="0" skipped="0">');
    expect(xml).toContain('<property name="transitions" value="21/21"/>');
    expect(xml).toContain('<failure message="step 2 (x): state a, expected &lt;b&gt; &amp; &quot;c&quot;" type="AssertionError">');
    expect(xml).toContain('<system-out>submit → editing</system-out>');
    expect(xml).toContain('<testcase name="cascade#1" classname="cascade"/>');
  });

  it('the checker itself refuses broken XML', () => {
    expect(wellFormed('<a><b></a></b>')).toBe(false);
    expect(wellFormed('<a>x & y</a>')).toBe(false);
    expect(wellFormed('<a x="1"><b/>t</a>')).toBe(true);
  });
});

describe('model coverage HTML', () => {
  it('is one page with each machine: its counts, its named covering paths, its uncovered list', () => {
    const good = runMachine('checkout', fixtures.checkout);
    const partial = runMachine('checkout-part', fixtures.checkout, { paths: (all) => all.slice(0, 2) });
    const html = modelCoverageHtml([good, { ...partial, id: 'checkout<part>' }], '2026-01-02T03:04:05.000Z');
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toMatch(/<script|<link|src="http/);
    expect(html).toContain(`<h2 id="m-checkout">checkout — <span class="ok">ok</span></h2>`);
    expect(html).toContain(`states ${good.states.total}/${good.states.total} (100%)`);
    expect(html).toMatch(/<b>\d+ paths cover every edge<\/b> \(of \d+ generated\)/);
    expect(html).toContain('<code>checkout#1</code>');
    expect(html).toContain('checkout&lt;part&gt;');
    expect(html).toContain('below 100%');
    expect(html).toContain(`transition <code>${partial.transitions.uncovered[0]}</code>`);
    expect(html).toContain('2026-01-02T03:04:05.000Z');
  });
});

describe('mutation JUnit', () => {
  it('one testcase per machine or rule with its score and survivors; a gated one below the gate fails', () => {
    const entry = (score: number, survivors: Array<{ reason?: string }> = []) => ({
      score,
      killed: 8,
      timeout: 0,
      survived: survivors.length,
      noCoverage: 0,
      total: 8 + survivors.length,
      survivors: survivors.map((s, i) => ({ file: 'machines/a/a.machine.ts', line: 10 + i, mutator: 'ConditionalExpression', replacement: 'true', ...s })),
    });
    const [suite] = mutationSuites(
      { login: entry(90, [{ reason: 'equivalent: <same> & unobservable' }]), cascade: entry(70, [{}, {}]), 'core:classify': entry(60) },
      { gated: ['login', 'cascade'], gate: 80, seconds: { login: 12, cascade: 30 } },
    );
    expect(suite.cases.map((c) => [c.name, Boolean(c.failure)])).toEqual([
      ['login (90.0%)', false],
      ['cascade (70.0%)', true],
      ['core:classify (60.0%)', false],
    ]);
    expect(suite.time).toBe(42);
    expect(suite.cases[1].failure?.message).toBe('cascade: mutation score 70.0% is below 80%');
    expect(suite.cases[1].output).toContain('survivors (2):');
    expect(suite.cases[1].output).toContain('machines/a/a.machine.ts:11 ConditionalExpression → true  (no reason written)');
    const xml = junitXml([suite], 'test:mutation');
    expect(wellFormed(xml)).toBe(true);
    expect(xml).toContain('<testsuite name="mutation" tests="3" failures="1"');
    expect(xml).toContain('(equivalent: &lt;same&gt; &amp; unobservable)');
  });
});
