import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FLOW_AREAS } from './index';

const here = join(process.cwd(), 'src/flows');
const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.(flow|connect|select|hooks|types))?(?:\.test)?\.tsx?$/;

const areaFiles = () =>
  readdirSync(here).filter((d) => statSync(join(here, d)).isDirectory())
    .flatMap((area) => readdirSync(join(here, area)).map((file) => ({ area, file, text: readFileSync(join(here, area, file), 'utf8') })));

describe('src/flows layout', () => {
  it('has no file at its top level but the index and this test, and one folder per listed area', () => {
    const top = readdirSync(here).filter((f) => !statSync(join(here, f)).isDirectory()).sort();
    expect(top).toEqual(['index.ts', 'layout.test.ts']);
    const folders = readdirSync(here).filter((d) => statSync(join(here, d)).isDirectory()).sort();
    expect(folders).toEqual([...FLOW_AREAS].sort());
  });

  it('names every file by the one rule: <flow>.{flow,connect,select,hooks,types}.ts or a plain helper', () => {
    const bad = areaFiles().filter(({ file }) => !NAME.test(file)).map(({ area, file }) => `${area}/${file}`);
    expect(bad).toEqual([]);
  });

  it('provides machines only in .flow files, and a .flow file provides one', () => {
    const files = areaFiles().filter(({ file }) => !file.includes('.test.'));
    const provides = (text: string) => /\.provide\(/.test(text);
    expect(files.filter(({ file, text }) => provides(text) && !file.endsWith('.flow.ts')).map((f) => `${f.area}/${f.file}`)).toEqual([]);
    expect(files.filter(({ file, text }) => file.endsWith('.flow.ts') && !provides(text)).map((f) => `${f.area}/${f.file}`)).toEqual([]);
  });

  it('keeps connect functions in .connect files', () => {
    const files = areaFiles().filter(({ file }) => !file.includes('.test.'));
    const connects = files.filter(({ text }) => /^export function connect[A-Z]/m.test(text));
    expect(connects.filter(({ file }) => !/\.(connect|hooks)\.ts$/.test(file)).map((f) => `${f.area}/${f.file}`)).toEqual([]);
  });
});
