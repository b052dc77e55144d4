/**
 * `npm run diagrams`: for every machine in machines/index.ts writes docs/machines/<id>.svg and
 * <id>.md, and docs/machines/README.md (the index). Prints the time taken per machine, and any
 * readability problem of a layout (an edge through a state or a label).
 * Pages this script wrote earlier for machines no longer registered are removed.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machines } from '../machines/index';
import { writeDiagrams } from './diagram/write';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'machines');
const started = performance.now();
const result = await writeDiagrams(machines, outDir, (m) => {
  const size = `${m.states} states, ${m.transitions} transitions`;
  console.log(`${m.id.padEnd(20)} ${size.padEnd(32)} ${Math.round(m.ms)} ms`);
  for (const p of m.problems) console.warn(`  readability: ${p.edge} ${p.kind} ${p.other}`);
});
if (result.removed.length) console.log(`removed pages of unregistered machines: ${result.removed.join(', ')}`);
if (!result.machines.length) console.log('no machines registered: wrote an index saying so');
console.log(`${result.machines.length} machine(s) → ${outDir} in ${Math.round(performance.now() - started)} ms`);
