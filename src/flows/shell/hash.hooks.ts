import { useSyncExternalStore } from 'react';

function subscribeToHash(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
    window.removeEventListener('popstate', onChange);
  };
}
const currentHash = () => window.location.hash;

/**
 * The page's hash, read from the window: one set while the page was still loading (before a
 * router listened) is not missed, and a router's own navigation (popstate) re-renders too.
 */
export function useLocationHash(): string {
  return useSyncExternalStore(subscribeToHash, currentHash);
}
