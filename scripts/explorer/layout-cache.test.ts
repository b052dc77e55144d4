import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { machines } from '../../machines/index';
import { buildModel } from '../../machine-kit/diagram/model';
import { layoutCodeHash, layoutKey } from './layout-cache';
import { computeLayouts, computeLayoutsCached } from './layouts';

const root = process.cwd();
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'explorer-layouts-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the explorer layouts cached by content hash', () => {
  it('keys a layout by its model and the layout code: the same model the same key, another model another', () => {
    const code = layoutCodeHash(root);
    const toast = buildModel(machines.toast.machine);
    expect(layoutKey(toast, code)).toBe(layoutKey(buildModel(machines.toast.machine), code));
    expect(layoutKey(toast, code)).not.toBe(layoutKey(buildModel(machines.modal.machine), code));
    expect(layoutKey(toast, code)).not.toBe(layoutKey(toast, `${code}x`));
  });

  it('lays out on worker threads what the cache lacks, the same as in one thread, and nothing the second time', async () => {
    const cacheDir = tempDir();
    const registry = { toast: machines.toast, modal: machines.modal };
    const first = await computeLayoutsCached(registry, {}, { root, cacheDir, threads: 2 });
    expect([first.cached, first.laidOut]).toEqual([0, 2]);
    expect(readdirSync(cacheDir).sort()).toHaveLength(2);
    const inOneThread = await computeLayouts(registry);
    expect(first.diagrams.map((d) => [d.id, d.model, d.layout])).toEqual(inOneThread.map((d) => [d.id, d.model, d.layout]));

    // a machine added (or one whose diagram changed) is the only one laid out again
    const second = await computeLayoutsCached({ ...registry, session: machines.session }, {}, { root, cacheDir, threads: 2 });
    expect([second.cached, second.laidOut]).toEqual([2, 1]);
    expect(second.diagrams.map((d) => d.layout)).toEqual([...first.diagrams.map((d) => d.layout), expect.anything()]);
  }, 60_000);
});
