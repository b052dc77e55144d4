/**
 * The layering of the code, row by row: which folder may import which (docs/architecture.md,
 * "Who may import whom"). Each row lists what its files must NOT import; eslint.config.js turns
 * the rows into no-restricted-imports rules, and scripts/layers.test.ts proves a wrong import fails.
 */
const dirs = (...names) => names.flatMap((d) => [`**/${d}/**`, `**/${d}`]);
const UI = ['react', 'react-dom', 'react-dom/*', '@xstate/react', 'ky'];
const SERVER_OFF = dirs('src', 'machines', 'machine-kit', 'machine-tests', 'scripts');

export const LAYERS = [
  { row: 'core: the contract, money, card facts, cascade tables, tiers, the user type (zod and pure libraries only)', files: ['core/**/*.ts'], deny: [...dirs('src', 'server', 'machines', 'machine-kit', 'machine-tests', 'scripts'), ...UI, 'xstate'] },
  { row: 'machines: xstate, machines/ and core/', files: ['machines/**/*.ts'], ignores: ['machines/**/*.model.ts', 'machines/models.ts', 'machines/explorer/models.ts'], deny: [...dirs('src', 'server', 'machine-kit', 'machine-tests', 'scripts'), ...UI] },
  { row: 'test models beside the machines: also the machine kit', files: ['machines/**/*.model.ts', 'machines/models.ts', 'machines/explorer/models.ts'], deny: [...dirs('src', 'server', 'machine-tests', 'scripts'), ...UI] },
  { row: 'machine-kit: machines/, core/, xstate (and xstate/graph)', files: ['machine-kit/**/*.ts'], deny: [...dirs('src', 'server', 'machine-tests', 'scripts'), ...UI] },
  { row: 'src (the app): src/, machines/, core/; never the server or test folders', files: ['src/**/*.{ts,tsx}'], ignores: ['src/features/**', 'src/explorer/**'], deny: dirs('server', 'machine-kit', 'machine-tests', 'scripts') },
  { row: 'views (src/features): flows, ui, i18n, core; never the API client, ky or fetch', files: ['src/features/**/*.{ts,tsx}'], deny: [...dirs('server', 'machine-kit', 'machine-tests', 'scripts', 'api'), 'ky'] },
  { row: 'the explorer (src/explorer): also the machine kit', files: ['src/explorer/**/*.{ts,tsx}'], deny: dirs('server', 'machine-tests', 'scripts') },
  { row: 'server: server/ and core/', files: ['server/**/*.ts'], ignores: ['server/domain/**', 'server/db/**', 'server/routes/**'], deny: SERVER_OFF },
  { row: 'server/routes: ports from their deps, never server/sandbox (server/compose.ts builds the ports and registers the sandbox routes)', files: ['server/routes/**/*.ts'], deny: [...SERVER_OFF, ...dirs('sandbox')] },
  { row: 'server/domain: the domain, db and core; ports instead of sandbox, no HTTP', files: ['server/domain/**/*.ts'], deny: [...SERVER_OFF, ...dirs('sandbox', 'http', 'routes')] },
  { row: 'server/db: the database only', files: ['server/db/**/*.ts'], deny: [...SERVER_OFF, ...dirs('domain', 'sandbox', 'http', 'routes')] },
  { row: 'scripts: anything but the test folders', files: ['scripts/**/*.{ts,mjs}'], deny: dirs('machine-tests') },
];

/** Tests may reach across layers (a test imports what it checks); product code may not import tests. */
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

/** The rows as flat-config objects. */
export function layerRules() {
  return LAYERS.map((layer) => ({
    files: layer.files,
    ignores: [...(layer.ignores ?? []), ...TESTS],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: layer.deny, message: `Layering: ${layer.row} (docs/architecture.md).` }] }] },
  }));
}
