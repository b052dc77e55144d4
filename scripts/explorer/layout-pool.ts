/**
 * Lays out many diagram models on worker threads (one per idle core, at most one per model): elkjs
 * runs synchronously, so a thread per idle core is what shortens a fresh clone's first build. Each
 * thread loads the layout code through tsx, as its parent does, and elkjs (1.4 MB of script) for
 * itself: ~25 % more CPU in all, which pays only when cores are idle. With one idle core (or a
 * machine already busy) the models are laid out in this thread, one after the other.
 */
import { availableParallelism, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { DiagramLayout } from '../../machine-kit/diagram/layout';
import type { DiagramModel } from '../../machine-kit/diagram/model';

export interface PooledLayout {
  layout: DiagramLayout;
  layoutMs: number;
}

/** the thread registers tsx's loader itself (a worker's first module does not go through its parent's `--import tsx`), then loads the layout code */
const WORKER_ENTRY = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(new URL('./layout-worker.ts', import.meta.url).href)}); });`;

type Answer = { index: number; layout: DiagramLayout; layoutMs: number } | { index: number; error: string };

/** The cores not busy now (the last minute's load average taken from the cores), at least 1. */
export function idleCores(): number {
  const cores = availableParallelism();
  return Math.max(1, Math.min(cores, Math.round(cores - loadavg()[0])));
}

/** The layouts of `models`, in their order; `onDone` after each one (for progress lines). */
export async function layoutInPool(models: DiagramModel[], threads = idleCores(), onDone?: (done: number, total: number) => void): Promise<PooledLayout[]> {
  const out: PooledLayout[] = new Array(models.length);
  if (models.length === 0) return out;
  let done = 0;
  if (threads <= 1) {
    const { layoutModel } = await import('../../machine-kit/diagram/layout');
    for (const [index, model] of models.entries()) {
      const started = performance.now();
      out[index] = { layout: await layoutModel(model), layoutMs: Math.round((performance.now() - started) * 10) / 10 };
      onDone?.(++done, models.length);
    }
    return out;
  }
  let next = 0;
  const workers = Array.from({ length: Math.max(1, Math.min(threads, models.length)) }, () => new Worker(WORKER_ENTRY, { eval: true }));
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const give = () => {
              if (next >= models.length) return resolve();
              const index = next++;
              worker.postMessage({ index, model: models[index] });
            };
            worker.on('message', (answer: Answer) => {
              if ('error' in answer) return reject(new Error(`layout ${answer.index} failed: ${answer.error}`));
              out[answer.index] = { layout: answer.layout, layoutMs: answer.layoutMs };
              onDone?.(++done, models.length);
              give();
            });
            worker.on('error', reject);
            give();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return out;
}
