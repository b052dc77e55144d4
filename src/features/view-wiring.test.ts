import { readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * Views spread prop getters (src/flows/shared/props.ts, useDialog, useTabs) and wire no ids,
 * `aria-*` state, status targets or focus of their own (docs/architecture.md, "Flows, views and
 * prop getters"): a view that needs one gets it from its flow's connect getters.
 */

const WIRING = /aria-(invalid|describedby|busy|labelledby|controls|expanded|selected|pressed|current|live)=|useFocusWhen|\.focus\(|tabIndex=\{-1\}/g;

const views = execSync("git ls-files 'src/features/**/*.tsx'", { encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && !f.includes('.test.'));

describe('views wire nothing a getter gives', () => {
  it('finds the pattern it looks for', () => {
    expect('<input aria-invalid={x} />'.match(WIRING)).toHaveLength(1);
    expect('<input {...api.getFieldProps("x")} />'.match(WIRING)).toBeNull();
  });

  it('no view wires aria state, status targets or focus by hand', () => {
    expect(views.length).toBeGreaterThan(100);
    const wired = views
      .map((file) => ({ file, found: readFileSync(file, 'utf8').match(WIRING) ?? [] }))
      .filter(({ found }) => found.length > 0)
      .map(({ file, found }) => `${file}: ${found.join(', ')}`);
    expect(wired).toEqual([]);
  });
});
