/**
 * Run by Stryker only (vitest.mutation.config.ts; `npm run test:mutation`): every frozen path of the
 * machines in MUTATION_MACHINES, one test per path, so Stryker's per-test coverage runs a mutant
 * against the paths that reach it. Each path must give the unmutated machine's snapshots and take
 * its transitions.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FrozenPath } from './frozen';

/**
 * Imported while the file is collected (so Stryker counts the machines' build as static code,
 * run against every test), but caught: a mutant that throws while the machine is built (an empty
 * `initial`, say) must fail the tests, not leave a file without tests (which Stryker would count
 * as survived).
 */
let loaded: { models: typeof import('../../machines/models').models; replayFrozen: typeof import('./frozen').replayFrozen } | undefined;
let loadError: unknown;
try {
  const [{ models }, { replayFrozen }] = await Promise.all([import('../../machines/models'), import('./frozen')]);
  loaded = { models, replayFrozen };
} catch (err) {
  loadError = err;
}

const dir = process.env.MUTATION_PATHS_DIR;
const ids = (process.env.MUTATION_MACHINES ?? '').split(',').filter(Boolean);

describe('frozen paths', () => {
  it('were frozen by machine-tests/mutation/cli.ts', () => {
    expect(dir, 'run npm run test:mutation (it freezes the paths first)').toBeTruthy();
    expect(ids.length).toBeGreaterThan(0);
  });
  for (const id of ids) {
    const frozen = JSON.parse(readFileSync(join(dir!, `${id}.json`), 'utf8')) as FrozenPath[];
    describe(id, () => {
      frozen.forEach((path, i) => {
        it(`#${i + 1} ${path.line}`, () => {
          expect(loadError).toBeUndefined();
          expect(loaded!.replayFrozen(loaded!.models[id], path)).toBeUndefined();
        });
      });
    });
  }
});
