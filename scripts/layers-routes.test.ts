import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { LAYERS } from '../eslint.layers.js';

/**
 * The routes and the domain reach the outside world through the ports only (server/compose.ts
 * builds them and registers the sandbox's routes): `npm run lint` refuses an import of
 * server/sandbox from a route or the domain, and lets a route test or the composition root have it.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function layering(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const SANDBOX_IMPORTS: [file: string, wrong: string][] = [
  ['server/routes/example.ts', "import { sandboxMessenger } from '../sandbox/messages/messenger';"],
  ['server/routes/example.ts', "import type { SandboxDesk } from '../sandbox/desk/desk';"],
  ['server/routes/nested/example.ts', "import { x } from '../../sandbox';"],
  ['server/domain/example/example.ts', "import { sandboxMessenger } from '../../sandbox/messages/messenger';"],
];

describe('no route and no domain module imports server/sandbox', () => {
  // ESLint's first lint loads its plugins (several seconds on a loaded machine): paid here once
  beforeAll(() => layering('server/routes/warm.ts', 'export const y = 1;\n'), 60_000);

  it('has the row', () => {
    const row = LAYERS.find((l) => l.files.includes('server/routes/**/*.ts'));
    expect(row?.deny).toContain('**/sandbox/**');
    expect(LAYERS.find((l) => l.files.includes('server/**/*.ts'))?.ignores).toContain('server/routes/**');
  });

  it.each(SANDBOX_IMPORTS)('%s: %s fails', async (file, wrong) => {
    const refused = await layering(file, `${wrong}\nexport const y = x;\n`);
    expect(refused, wrong).toHaveLength(1);
    expect(refused[0]).toContain('Layering:');
  });

  it('a route still imports the ports, http and its deps; the rest of the server layering holds for routes', async () => {
    expect(await layering('server/routes/example.ts', "import type { Messenger } from '../domain/ports';\nimport { x } from '../http/sandbox-access';\nimport type { RouteDeps } from './deps';\nexport const y = x;\n")).toEqual([]);
    expect(await layering('server/routes/example.ts', "import { x } from '../../src/flows/index';\nexport const y = x;\n")).toHaveLength(1);
  });

  it('a route test and the composition root may import the sandbox', async () => {
    expect(await layering('server/routes/example.test.ts', "import { TEST_CARDS } from '../sandbox/processors/test-cards';\nexport const y = TEST_CARDS;\n")).toEqual([]);
    expect(await layering('server/compose.ts', "import { sandboxMessenger } from './sandbox/messages/messenger';\nexport const y = sandboxMessenger;\n")).toEqual([]);
  });
});
