import { defineConfig } from 'vitest/config';

// `npm run test:mutation` (machine-tests/mutation/cli.ts → Stryker's vitest runner): only the tests that exercise
// the machines being mutated: their frozen generated paths (machine-tests/mutation/frozen.spec.ts)
// and the unit tests in their folders (MUTATION_TESTS, comma separated globs, set by the script).
const unitTests = (process.env.MUTATION_TESTS ?? '').split(',').filter(Boolean);

export default defineConfig({
  test: {
    environment: 'node',
    // on a loaded 2-core machine a replay that waits for the CPU is not a failure (a mutant that
    // hangs is still caught: Stryker's own timeout, stryker.config.mjs timeoutMS)
    testTimeout: 20_000,
    // a rule of core/ that no machine reads (decimal, money) runs its unit tests alone
    include: [...(process.env.MUTATION_MACHINES ? ['machine-tests/mutation/frozen.spec.ts'] : []), ...unitTests],
  },
});
