import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { additions, formatAdded, minimalCover } from '../../machine-kit/path-cover';
import { isGreen } from '../../machine-kit/run';
import type { CoverageCount, MachineReport } from '../../machine-kit/types';
import { escapeXml } from './junit';

/**
 * The model coverage as one self-contained HTML page (`npm run test:model -- --html <file>`): no
 * script, no outside file. Per machine: states and transitions covered, the paths that cover every
 * edge (named `<machine>#<n>`, with what each adds), every replayed path (folded), what is not covered.
 */
const esc = escapeXml;

const pct = (c: CoverageCount): string => (c.total === 0 ? '100%' : `${Math.floor((100 * c.covered.length) / c.total)}%`);
const frac = (c: CoverageCount): string => `${c.covered.length}/${c.total} (${pct(c)})`;
const anchor = (id: string): string => `m-${id.replace(/[^A-Za-z0-9_-]/g, '_')}`;

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1b1f24;max-width:1200px}
h1{font-size:20px}h2{font-size:17px;margin-top:28px;border-top:1px solid #d0d7de;padding-top:12px}
table{border-collapse:collapse}td,th{border:1px solid #d0d7de;padding:3px 8px;text-align:left;vertical-align:top}
th{background:#f6f8fa}.ok{color:#1a7f37;font-weight:600}.bad{color:#cf222e;font-weight:600}
code,.path{font:12px/1.4 ui-monospace,monospace}.path{white-space:pre-wrap;word-break:break-word}
li{margin:2px 0}.adds{color:#57606a}details{margin:6px 0}summary{cursor:pointer}`;

function result(r: MachineReport): string {
  if (isGreen(r)) return '<span class="ok">ok</span>';
  const why = r.errors.length ? 'error' : r.failures.length ? `${r.failures.length} failed` : 'below 100%';
  return `<span class="bad">${esc(why)}</span>`;
}

function machineSection(r: MachineReport): string {
  const results = r.results ?? [];
  const cover = minimalCover(results);
  const added = additions(cover);
  const out = [`<h2 id="${anchor(r.id)}">${esc(r.id)} — ${result(r)}</h2>`];
  out.push(
    `<p>states ${frac(r.states)} · transitions ${frac(r.transitions)} · ${r.paths} paths replayed (${esc(r.pathSets.join('+'))})` +
      (results.length ? ` · <b>${cover.length} paths cover every edge</b> (of ${results.length} generated)` : '') +
      '</p>',
  );
  for (const e of r.errors) out.push(`<p class="bad">error: ${esc(e)}</p>`);
  if (r.failures.length) {
    out.push('<h3>Failed paths</h3><ul>');
    for (const f of r.failures) out.push(`<li><code>${esc(f.name ?? '')}</code> <span class="path">${esc(f.line)}</span><br><span class="bad">${esc(f.failure?.message ?? '')}</span></li>`);
    out.push('</ul>');
  }
  if (r.states.uncovered.length || r.transitions.uncovered.length) {
    out.push('<h3>Not covered</h3><ul>');
    for (const s of r.states.uncovered) out.push(`<li>state <code>${esc(s)}</code></li>`);
    for (const t of r.transitions.uncovered) out.push(`<li>transition <code>${esc(t)}</code></li>`);
    out.push('</ul>');
  }
  if (cover.length) {
    out.push('<h3>Paths that cover every edge</h3><ol>');
    cover.forEach((p, i) => out.push(`<li><code>${esc(p.name ?? '')}</code> <span class="path">${esc(p.line)}</span><br><span class="adds">${esc(formatAdded(added[i], 1000))}</span></li>`));
    out.push('</ol>');
  }
  if (results.length) {
    out.push(`<details><summary>All ${results.length} replayed paths</summary><ul>`);
    for (const p of results) out.push(`<li><code>${esc(p.name ?? '')}</code> <span class="path">${esc(p.line)}</span>${p.failure ? ' <span class="bad">failed</span>' : ''}</li>`);
    out.push('</ul></details>');
  }
  if (r.warnings.length) out.push(`<p>warnings:</p><ul>${r.warnings.map((w) => `<li>${esc(w)}</li>`).join('')}</ul>`);
  return out.join('\n');
}

/** the page; `generatedAt` is printed as given (the caller's clock) */
export function modelCoverageHtml(reports: MachineReport[], generatedAt: string): string {
  const green = reports.filter(isGreen).length;
  const rows = reports
    .map((r) => `<tr><td><a href="#${anchor(r.id)}">${esc(r.id)}</a></td><td>${r.paths}</td><td>${minimalCover(r.results ?? []).length}</td><td>${frac(r.states)}</td><td>${frac(r.transitions)}</td><td>${result(r)}</td></tr>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Model coverage</title><style>${STYLE}</style></head>
<body>
<h1>Model coverage: generated paths replayed on real actors</h1>
<p>${reports.length} machines, ${green} at 100% with every path replayed · ${esc(generatedAt)} · <code>npm run test:model</code></p>
<table><thead><tr><th>machine</th><th>paths</th><th>covering set</th><th>states</th><th>transitions</th><th>result</th></tr></thead>
<tbody>
${rows}
</tbody></table>
${reports.map(machineSection).join('\n')}
</body></html>
`;
}

export function writeModelCoverageHtml(file: string, reports: MachineReport[], generatedAt: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, modelCoverageHtml(reports, generatedAt));
}
