import type { RealityCheck } from '../../../core/contract/reality-check';

/**
 * The reality check's interval, saved on the limits page, told to the running check of this
 * page (the two actors live in different chunks: the limits page's and the shell's lazy one).
 */
type Listener = (check: RealityCheck) => void;
const listeners = new Set<Listener>();

export function onIntervalChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function intervalChanged(check: RealityCheck): void {
  listeners.forEach((listener) => listener(check));
}
