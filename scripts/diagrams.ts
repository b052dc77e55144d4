/**
 * `npm run diagrams`: for every machine in machines/index.ts writes docs/machines/<id>.svg and
 * <id>.md, and docs/machines/README.md (the index). Prints the time taken per machine.
 * Pages this script wrote earlier for machines no longer registered are removed.
 */
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machines } from '../machines/index';
import { GENERATED, indexPage, machinePage, type MachineDoc } from './diagram/docs';
import { renderMachine } from './diagram/render';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'machines');

async function removeStale(keep: ReadonlySet<string>): Promise<string[]> {
  const removed: string[] = [];
  for (const file of await readdir(outDir)) {
    const m = /^(.+)\.md$/.exec(file);
    if (!m || file === 'README.md' || keep.has(m[1])) continue;
    const text = await readFile(join(outDir, file), 'utf8');
    if (!text.startsWith(GENERATED)) continue;
    await rm(join(outDir, file));
    await rm(join(outDir, `${m[1]}.svg`), { force: true });
    removed.push(m[1]);
  }
  return removed;
}

async function main(): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const docs: MachineDoc[] = [];
  const started = performance.now();
  for (const [id, entry] of Object.entries(machines)) {
    const { model, svg, ms } = await renderMachine(entry.machine, id);
    const doc = { id, purpose: entry.purpose, model };
    await writeFile(join(outDir, `${id}.svg`), `${svg}\n`);
    await writeFile(join(outDir, `${id}.md`), machinePage(doc));
    docs.push(doc);
    const size = `${model.nodes.length} states, ${model.edges.length} transitions`;
    console.log(`${id.padEnd(20)} ${size.padEnd(32)} ${Math.round(ms)} ms`);
  }
  await writeFile(join(outDir, 'README.md'), indexPage(docs));
  const removed = await removeStale(new Set(docs.map((d) => d.id)));
  if (removed.length) console.log(`removed pages of unregistered machines: ${removed.join(', ')}`);
  if (!docs.length) console.log('no machines registered: wrote an index saying so');
  console.log(`${docs.length} machine(s) → ${outDir} in ${Math.round(performance.now() - started)} ms`);
}

await main();
