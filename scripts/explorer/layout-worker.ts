/**
 * One thread of the layout pool (layout-pool.ts): lays out the diagram models it is sent with
 * elkjs and answers each with its layout and the time it took.
 */
import { parentPort } from 'node:worker_threads';
import { layoutModel } from '../../machine-kit/diagram/layout';
import type { DiagramModel } from '../../machine-kit/diagram/model';

export interface LayoutJob {
  index: number;
  model: DiagramModel;
}

parentPort?.on('message', (job: LayoutJob) => {
  const started = performance.now();
  layoutModel(job.model).then(
    (layout) => parentPort?.postMessage({ index: job.index, layout, layoutMs: Math.round((performance.now() - started) * 10) / 10 }),
    (error: unknown) => parentPort?.postMessage({ index: job.index, error: error instanceof Error ? error.stack ?? error.message : String(error) }),
  );
});
