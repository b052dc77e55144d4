import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { servedText } from './bundle';

describe('servedText: a file as the production build serves it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bundle-'));
  const write = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };

  it("leaves out the source-map comment dist/ has on its last line", () => {
    const code = 'import{a}from"./a.js";export{a};';
    expect(servedText(write('with-map.js', `${code}\n//# sourceMappingURL=with-map.js.map`)).toString()).toBe(code);
    expect(servedText(write('with-map-nl.js', `${code}\n//# sourceMappingURL=x.js.map\n`)).toString()).toBe(code);
  });

  it('keeps a file without one, and the same words that are not the last line, as they are', () => {
    const plain = 'export const a=1;';
    expect(servedText(write('plain.js', plain)).toString()).toBe(plain);
    const inside = 'const s=`\n//# sourceMappingURL=not-mine`;\nexport{s};';
    expect(servedText(write('inside.js', inside)).toString()).toBe(inside);
  });
});
