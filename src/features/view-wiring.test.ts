import { readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * Views spread prop getters (src/flows/shared/props.ts, useDialog, useTabs) and wire no ids,
 * `aria-*` state, status targets or focus of their own (docs/architecture.md, "Flows, views and
 * prop getters"). The views below still do, by the count given; the count may only go down, and a
 * view not listed must have none. Converting one: move its wiring into its flow's connect getters,
 * then lower or remove its line here.
 */
const NOT_YET_CONVERTED: Record<string, number> = {
};

const WIRING = /aria-(invalid|describedby|busy|labelledby|controls|expanded|selected|pressed|current|live)=|useFocusWhen|\.focus\(|tabIndex=\{-1\}/g;

const views = execSync("git ls-files 'src/features/**/*.tsx'", { encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && !f.includes('.test.'));

describe('views wire nothing a getter gives', () => {
  it('finds the pattern it looks for', () => {
    expect('<input aria-invalid={x} />'.match(WIRING)).toHaveLength(1);
    expect('<input {...api.getFieldProps("x")} />'.match(WIRING)).toBeNull();
  });

  it('no view has more hand wiring than its entry allows, and unlisted views have none', () => {
    const over = views
      .map((file) => ({ file, count: readFileSync(file, 'utf8').match(WIRING)?.length ?? 0 }))
      .filter(({ file, count }) => count > (NOT_YET_CONVERTED[file] ?? 0))
      .map(({ file, count }) => `${file}: ${count} (allowed ${NOT_YET_CONVERTED[file] ?? 0})`);
    expect(over).toEqual([]);
  });

  it('lists only views that exist and still need their entry', () => {
    const stale = Object.entries(NOT_YET_CONVERTED)
      .filter(([file, allowed]) => !views.includes(file) || (readFileSync(file, 'utf8').match(WIRING)?.length ?? 0) < allowed)
      .map(([file]) => file);
    expect(stale).toEqual([]);
  });
});
