import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chunkClosure, gzipBytes, PAGES, readManifest } from '../bench/bundle';

/** Sources that belong to the explorer only (its views, machines, the machine kit, the test models, the diagram code). */
export const EXPLORER_ONLY = /(^|\/)(src\/explorer|src\/features\/explorer|machines\/explorer|machine-kit|scripts)\/|(^|\/)machines\/(models|descriptions\.[a-z]{2}|[^/]+\/[^/]+\.model)\.ts$|elkjs|@xstate\/graph|virtual:explorer/;

/** The source files (from the source maps) bundled into the given built files. */
export function sourcesOf(files: string[], root = process.cwd()): string[] {
  const out = new Set<string>();
  for (const file of files) {
    const map = join(root, 'dist', `${file}.map`);
    if (!existsSync(map)) continue;
    const sources = (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
    for (const s of sources) out.add(s.replace(/^(\.\.\/)+/, '').replace(/^.*?node_modules\//, 'node_modules/'));
  }
  return [...out].sort();
}

/** Explorer code that got into the trader's pages (should be none). */
export function explorerCodeInTraderPages(root = process.cwd()): Record<string, string[]> {
  const manifest = readManifest(root);
  return Object.fromEntries(
    Object.entries(PAGES).map(([page, keys]) => [page, sourcesOf(chunkClosure(manifest, keys), root).filter((s) => EXPLORER_ONLY.test(s))]),
  );
}

/** The JavaScript explorer.html loads before it shows anything, and the chunks it may load later. */
export function explorerJs(root = process.cwd()): { initial: { files: string[]; gzip: number }; lazy: Array<{ key: string; file: string; gzip: number }> } {
  const manifest = readManifest(root);
  const files = chunkClosure(manifest, ['explorer.html']);
  const reachable = new Set<string>();
  const visit = (key: string) => {
    if (reachable.has(key)) return;
    reachable.add(key);
    for (const k of [...(manifest[key].imports ?? []), ...((manifest[key] as { dynamicImports?: string[] }).dynamicImports ?? [])]) visit(k);
  };
  visit('explorer.html');
  const lazy = [...reachable]
    .map((key) => ({ key, file: manifest[key].file }))
    .filter(({ file }) => file.endsWith('.js') && !files.includes(file))
    .map(({ key, file }) => ({ key, file, gzip: gzipBytes([file], root) }));
  return { initial: { files, gzip: gzipBytes(files, root) }, lazy };
}

if (process.argv[1]?.endsWith('isolation.ts')) {
  const root = process.argv[2] ?? process.cwd();
  console.log(JSON.stringify(explorerCodeInTraderPages(root), null, 1));
  const js = explorerJs(root);
  console.log(`explorer initial JS: ${(js.initial.gzip / 1000).toFixed(1)} kB gzip (${js.initial.files.join(', ')})`);
  for (const l of js.lazy) console.log(`  lazy ${l.key}: ${(l.gzip / 1000).toFixed(1)} kB`);
}
