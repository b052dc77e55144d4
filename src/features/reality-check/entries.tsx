import { lazy, Suspense } from 'react';

const RealityCheck = lazy(() => import('./RealityCheck'));

/**
 * In the trading overlays (a signed-in trader only): the reality check, loaded with its own chunk
 * after the shell (it shows nothing until its first check falls due).
 */
export function RealityCheckEntry() {
  return (
    <Suspense fallback={null}>
      <RealityCheck />
    </Suspense>
  );
}
