import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
  ['server/routes/example.ts', "import { requireSandboxAccess } from '../sandbox/access';"],
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
    expect(await layering('server/routes/example.ts', "import type { Messenger } from '../domain/ports';\nimport { x } from '../http/parse';\nimport type { RouteDeps } from './deps';\nexport const y = x;\n")).toEqual([]);
    expect(await layering('server/routes/example.ts', "import { x } from '../../src/flows/index';\nexport const y = x;\n")).toHaveLength(1);
  });

  it('a route test and the composition root may import the sandbox', async () => {
    expect(await layering('server/routes/example.test.ts', "import { TEST_CARDS } from '../sandbox/processors/test-cards';\nexport const y = TEST_CARDS;\n")).toEqual([]);
    expect(await layering('server/compose.ts', "import { sandboxMessenger } from './sandbox/messages/messenger';\nexport const y = sandboxMessenger;\n")).toEqual([]);
  });
});

/** The product routes' sources (tests aside: a route test may call the sandbox's addresses). */
function routeSources(dir = 'server/routes'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeSources(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** A /sandbox or /api/sandbox address written in code (a string or template literal; a comment naming one is prose). */
export function sandboxAddresses(code: string): string[] {
  return [...code.matchAll(/['"`](\/(?:api\/)?sandbox(?=[/?#'"`$])[^'"`]*)/g)].map((m) => m[1]!);
}

/** Where a route picks its behaviour by the sandbox mode itself, instead of by what the composition root gave it. */
export function modeBranches(code: string): string[] {
  return [...code.matchAll(/\bconfig\.sandbox\w*|\bisSandboxOperator\b|\brequireSandboxAccess\b/g)].map((m) => m[0]);
}

describe('every sandbox-only address lives under server/sandbox, registered by server/compose.ts', () => {
  it('the detectors see a sandbox address and a mode branch, and nothing in a product address', () => {
    expect(sandboxAddresses("app.post('/api/sandbox/offers/now', h);")).toEqual(['/api/sandbox/offers/now']);
    expect(sandboxAddresses('app.get(`/sandbox/${party}`, h); reply.redirect("/sandbox?x=1", 303);')).toEqual(['/sandbox/${party}', '/sandbox?x=1']);
    expect(sandboxAddresses("app.get('/sandbox', h);")).toEqual(['/sandbox']);
    expect(sandboxAddresses("app.get('/api/sandboxes', h); app.get('/api/promo', h); // answered at /sandbox/promo")).toEqual([]);
    expect(modeBranches('if (!config.sandbox) return; config.sandboxOperatorToken; isSandboxOperator(request, config);')).toEqual(['config.sandbox', 'config.sandboxOperatorToken', 'isSandboxOperator']);
    expect(modeBranches('const sandbox = ports.chain.sandbox;')).toEqual([]);
  });

  it('no server/routes file registers a /sandbox or /api/sandbox address, or branches on the sandbox mode', () => {
    const files = routeSources();
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((file) => {
      const code = readFileSync(file, 'utf8');
      return [...sandboxAddresses(code), ...modeBranches(code)].map((what) => `${file}: ${what}`);
    });
    expect(found).toEqual([]);
  });
});
