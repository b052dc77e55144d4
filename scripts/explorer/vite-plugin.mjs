// @ts-check
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { createInterface } from 'node:readline';

/** `import { layouts } from 'virtual:explorer-layouts'`: machine id → a lazy import of its precomputed layout */
export const LAYOUTS_ID = 'virtual:explorer-layouts';
/** one chunk per machine, loaded when its diagram opens; chunk files read `layout-<machine>-<hash>.js` */
const ONE = 'virtual:explorer-layout/layout-';

/** EXPLORER_LAYOUT_PROGRESS=1 (set by scripts/build-front-end.mjs for `npm start`): a line on stdout as the layouts go */
const PROGRESS = process.env.EXPLORER_LAYOUT_PROGRESS === '1';

/**
 * Runs scripts/explorer/layouts.ts, which reads the unchanged machines' layouts from its cache
 * (node_modules/.cache/explorer-layouts, keyed by content hash) and lays out the others on
 * worker threads. Its stderr says how many are laid out (`to lay out 7/87`, `laid out 3/7`).
 * @param {string} root
 * @returns {Promise<{ all: Map<string, import('../../machine-kit/diagram/precomputed').PrecomputedDiagram>, laidOut: number }>}
 */
function compute(root) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'explorer', 'layouts.ts')], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    /** @type {Buffer[]} */
    const out = [];
    let errors = '';
    let laidOut = 0;
    let shown = 0;
    child.stdout.on('data', (chunk) => out.push(chunk));
    createInterface({ input: child.stderr }).on('line', (line) => {
      const start = /^to lay out (\d+)\/(\d+)$/.exec(line);
      const step = /^laid out (\d+)\/(\d+)$/.exec(line);
      if (start) {
        laidOut = Number(start[1]);
        if (PROGRESS && laidOut > 0) console.log(`  laying out ${laidOut} of ${start[2]} explorer diagrams (the others are cached)…`);
      } else if (step) {
        const percent = Math.floor((100 * Number(step[1])) / Number(step[2]));
        // a line each quarter: a fresh clone lays out every machine, which takes a while
        if (PROGRESS && percent >= shown + 25 && Number(step[1]) < Number(step[2])) console.log(`  laying out the explorer diagrams… ${(shown = percent - (percent % 25))}%`);
      } else errors += `${line}\n`;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`explorer layouts failed: ${errors || `exit ${code}`}`));
      /** @type {import('../../machine-kit/diagram/precomputed').PrecomputedDiagram[]} */
      const all = JSON.parse(Buffer.concat(out).toString('utf8'));
      resolve({ all: new Map(all.map((d) => [d.id, d])), laidOut });
    });
  });
}

/**
 * Lays out every machine when the explorer is built (elkjs in Node, in a child process so the
 * machines load as TypeScript; layouts of unchanged machines come from the disk cache) and serves
 * each layout as its own small chunk. In `vite dev`, the
 * layouts are recomputed when a machine changes, and /explorer/ serves explorer.html.
 * @returns {import('vite').Plugin}
 */
export function explorerLayouts() {
  let root = process.cwd();
  /** @type {ReturnType<typeof compute> | undefined} */
  let pending;
  const layouts = () => (pending ??= compute(root));
  return {
    name: 'explorer-layouts',
    configResolved(config) {
      root = config.root;
    },
    resolveId: {
      filter: { id: /^virtual:explorer-layout/ },
      handler: (id) => `\0${id}`,
    },
    load: {
      filter: { id: /^\0virtual:explorer-layout/ },
      async handler(id) {
        if (id === `\0${LAYOUTS_ID}`) {
          const started = performance.now();
          const { all, laidOut } = await layouts();
          const slowest = [...all.values()].sort((a, b) => b.layoutMs - a.layoutMs)[0];
          if (slowest) {
            this.info(`${all.size} layouts (${laidOut} laid out, ${all.size - laidOut} from the cache) in ${Math.round(performance.now() - started)} ms; slowest ${slowest.id} (${slowest.model.nodes.length} states, ${slowest.model.edges.length} edges) ${slowest.layoutMs} ms`);
          }
          const entries = [...all.keys()].map((key) => `  ${JSON.stringify(key)}: () => import(${JSON.stringify(ONE + key)}),`);
          return `export const layouts = {\n${entries.join('\n')}\n};\n`;
        }
        const key = id.slice(ONE.length + 1);
        const diagram = (await layouts()).all.get(key);
        if (!diagram) this.error(`no layout for machine ${key}`);
        return `export default ${JSON.stringify(diagram)};\n`;
      },
    },
    configureServer(server) {
      server.watcher.on('change', (file) => {
        if (!/[\\/](machines|scripts[\\/]diagram)[\\/]/.test(file)) return;
        pending = undefined;
        for (const mod of server.moduleGraph.idToModuleMap.values()) {
          if (mod.id?.startsWith('\0virtual:explorer-layout')) server.moduleGraph.invalidateModule(mod);
        }
        server.ws.send({ type: 'full-reload' });
      });
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/explorer(\/|$|\?)/.test(req.url)) req.url = `/explorer.html${req.url.replace(/^\/explorer\/?[^?]*/, '')}`;
        next();
      });
    },
  };
}
