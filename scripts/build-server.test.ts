import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildServerIfStale, serverIsStale } from './build-server.mjs';

describe('the server bundle npm start runs', () => {
  it('is built once, then fresh; each source keeps the URL of its own file, relative to the bundle', async () => {
    const out: string = await buildServerIfStale();
    expect(serverIsStale()).toBe(false);
    const text = readFileSync(out, 'utf8');
    // files next to a source are found in the checkout (.build/../server/...), wherever the checkout is
    expect(text).toContain('new URL("../server/main.ts", import.meta.url)');
    expect(text).toContain('new URL("../server/sandbox/platform/trade-page.ts", import.meta.url)');
    expect(text).toContain('new URL("../server/db/pglite-thread.ts", import.meta.url)');
    // no absolute path of the checkout is stored
    expect(text).not.toContain(process.cwd());
    // packages stay in node_modules
    expect(text).toMatch(/from "fastify"/);
  }, 60_000);
});
