// StrykerJS for `npm run test:mutation` (docs/explorer.md, "Mutation score"). machine-tests/mutation/cli.ts runs
// it once per machine with --mutate <that machine's files> and these environment variables:
//   MUTATION_MACHINES   the machine id (the frozen paths machine-tests/mutation/frozen.spec.ts replays)
//   MUTATION_REPORT     where the JSON report goes (reports/mutation/<id>.json)
//   MUTATION_INCREMENTAL  the incremental file (machine-tests/mutation/incremental/<id>.json, committed: CI reuses it)
const id = process.env.MUTATION_MACHINES ?? 'all';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner', './scripts/stryker-placeholders.mjs'],
  ignorers: ['placeholders'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  checkers: [],
  reporters: ['json', 'clear-text', 'progress'],
  jsonReporter: { fileName: process.env.MUTATION_REPORT ?? `reports/mutation/${id}.json` },
  clearTextReporter: { allowColor: false, reportTests: false, reportMutants: false, reportScoreTable: true },
  incremental: true,
  incrementalFile: process.env.MUTATION_INCREMENTAL ?? `machine-tests/mutation/incremental/${id}.json`,
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
  timeoutMS: 10_000,
  // the machines never render: skip TypeScript checking of mutants (a type error is not a test)
  disableTypeChecks: 'machines/**/*.ts',
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  ignorePatterns: ['/dist', '/reports', '/machine-tests/mutation/incremental', '/docs', '/data', '/.build', '/build', '/test-results', '/playwright-report', '/.scratch'],
};
