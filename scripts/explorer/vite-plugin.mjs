// @ts-check
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';

/** `import { layouts } from 'virtual:explorer-layouts'`: machine id → a lazy import of its precomputed layout */
export const LAYOUTS_ID = 'virtual:explorer-layouts';
/** one chunk per machine, loaded when its diagram opens; chunk files read `layout-<machine>-<hash>.js` */
const ONE = 'virtual:explorer-layout/layout-';

/**
 * @param {string} root
 * @returns {Promise<Map<string, import('../../machine-kit/diagram/precomputed').PrecomputedDiagram>>}
 */
function compute(root) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(root, 'scripts', 'explorer', 'layouts.ts')],
      { cwd: root, maxBuffer: 256 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (err) return reject(new Error(`explorer layouts failed: ${stderr || err.message}`));
        /** @type {import('../../machine-kit/diagram/precomputed').PrecomputedDiagram[]} */
        const all = JSON.parse(stdout);
        resolve(new Map(all.map((d) => [d.id, d])));
      },
    );
  });
}

/**
 * Lays out every machine when the explorer is built (elkjs in Node, in a child process so the
 * machines load as TypeScript) and serves each layout as its own small chunk. In `vite dev`, the
 * layouts are recomputed when a machine changes, and /explorer/ serves explorer.html.
 * @returns {import('vite').Plugin}
 */
export function explorerLayouts() {
  let root = process.cwd();
  /** @type {Promise<Map<string, import('../../machine-kit/diagram/precomputed').PrecomputedDiagram>> | undefined} */
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
          const all = await layouts();
          const slowest = [...all.values()].sort((a, b) => b.layoutMs - a.layoutMs)[0];
          if (slowest) {
            this.info(`${all.size} layouts in ${Math.round(performance.now() - started)} ms; slowest ${slowest.id} (${slowest.model.nodes.length} states, ${slowest.model.edges.length} edges) ${slowest.layoutMs} ms`);
          }
          const entries = [...all.keys()].map((key) => `  ${JSON.stringify(key)}: () => import(${JSON.stringify(ONE + key)}),`);
          return `export const layouts = {\n${entries.join('\n')}\n};\n`;
        }
        const key = id.slice(ONE.length + 1);
        const diagram = (await layouts()).get(key);
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
