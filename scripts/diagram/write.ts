import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { GENERATED, indexPage, machinePage, type MachineDoc } from './docs';
import { layoutProblems, type LayoutProblem } from './quality';
import { renderMachine } from './render';

/** Node side of `npm run diagrams`: writes <id>.svg, <id>.md and README.md into `outDir`. */

export interface WrittenMachine {
  id: string;
  states: number;
  transitions: number;
  ms: number;
  problems: LayoutProblem[];
}

export interface WriteResult {
  machines: WrittenMachine[];
  /** ids whose pages this script had written before, removed because they are no longer registered */
  removed: string[];
}

async function removeStale(outDir: string, keep: ReadonlySet<string>): Promise<string[]> {
  const removed: string[] = [];
  for (const file of await readdir(outDir)) {
    const m = /^(.+)\.md$/.exec(file);
    if (!m || file === 'README.md' || keep.has(m[1])) continue;
    if (!(await readFile(join(outDir, file), 'utf8')).startsWith(GENERATED)) continue;
    await rm(join(outDir, file));
    await rm(join(outDir, `${m[1]}.svg`), { force: true });
    removed.push(m[1]);
  }
  return removed;
}

export async function writeDiagrams(
  registry: Record<string, { machine: AnyStateMachine; purpose: string }>,
  outDir: string,
  onMachine: (m: WrittenMachine) => void = () => {},
): Promise<WriteResult> {
  await mkdir(outDir, { recursive: true });
  const docs: MachineDoc[] = [];
  const written: WrittenMachine[] = [];
  for (const [id, entry] of Object.entries(registry)) {
    const { model, layout, svg, ms } = await renderMachine(entry.machine, id);
    const doc = { id, purpose: entry.purpose, model };
    await writeFile(join(outDir, `${id}.svg`), `${svg}\n`);
    await writeFile(join(outDir, `${id}.md`), machinePage(doc));
    docs.push(doc);
    const result = { id, states: model.nodes.length, transitions: model.edges.length, ms, problems: layoutProblems(model, layout) };
    written.push(result);
    onMachine(result);
  }
  await writeFile(join(outDir, 'README.md'), indexPage(docs));
  return { machines: written, removed: await removeStale(outDir, new Set(docs.map((d) => d.id))) };
}
