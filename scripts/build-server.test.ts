import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildServerIfStale, serverIsStale } from './build-server.mjs';

describe('the server bundle npm start runs', () => {
  it('is built once, then fresh; each source keeps the URL of its own file', async () => {
    const out: string = await buildServerIfStale();
    expect(serverIsStale()).toBe(false);
    const text = readFileSync(out, 'utf8');
    // files next to a source are found in the checkout, not next to the bundle
    expect(text).toContain(JSON.stringify(pathToFileURL(join(process.cwd(), 'server', 'main.ts')).href));
    expect(text).toContain(JSON.stringify(pathToFileURL(join(process.cwd(), 'server', 'sandbox', 'platform', 'trade-page.ts')).href));
    expect(text).not.toContain('import.meta.url');
    // packages stay in node_modules
    expect(text).toMatch(/from "fastify"/);
  }, 60_000);
});
