import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtures } from './fixtures/index';
import { writeDiagrams } from './write';

describe('writeDiagrams', () => {
  it('writes an index saying so when no machine is registered', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'diagrams-'));
    const result = await writeDiagrams({}, dir);
    expect(result.machines).toEqual([]);
    expect(readdirSync(dir)).toEqual(['README.md']);
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toContain('No machines are registered yet');
  });

  it('writes the SVG and page of each machine, the index, and removes its own stale pages only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'diagrams-'));
    await writeDiagrams({ gone: { machine: fixtures.poller, purpose: 'old' } }, dir);
    writeFileSync(join(dir, 'handwritten.md'), '# notes\n');
    const seen: string[] = [];
    const result = await writeDiagrams({ cascade: { machine: fixtures.cascade, purpose: 'Card cascade' } }, dir, (m) => seen.push(m.id));
    expect(seen).toEqual(['cascade']);
    expect(result.machines[0]).toMatchObject({ id: 'cascade', states: 17, transitions: 24 });
    expect(result.machines[0].ms).toBeGreaterThan(0);
    expect(result.removed).toEqual(['gone']);
    expect(readdirSync(dir).sort()).toEqual(['README.md', 'cascade.md', 'cascade.svg', 'handwritten.md']);
    expect(readFileSync(join(dir, 'cascade.svg'), 'utf8')).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toContain('| [cascade](./cascade.md) | Card cascade |');
    expect(existsSync(join(dir, 'gone.svg'))).toBe(false);
  });
});
