import { useSyncExternalStore } from 'react';

export type Mode = 'diagram' | 'step' | 'coverage';
export type Route = { name: 'home' } | { name: 'machine'; id: string; mode: Mode } | { name: 'live' } | { name: 'coverage' };

const MODES: Mode[] = ['diagram', 'step', 'coverage'];

/** `#/`, `#/m/<id>[/step|/coverage]`, `#/live`, `#/coverage`; anything else is home. */
export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === 'm' && parts[1]) {
    const mode = (parts[2] ?? 'diagram') as Mode;
    return { name: 'machine', id: parts[1], mode: MODES.includes(mode) ? mode : 'diagram' };
  }
  if (parts[0] === 'live') return { name: 'live' };
  if (parts[0] === 'coverage') return { name: 'coverage' };
  return { name: 'home' };
}

export const hrefs = {
  home: '#/',
  live: '#/live',
  coverage: '#/coverage',
  machine: (id: string, mode: Mode = 'diagram') => `#/m/${encodeURIComponent(id)}${mode === 'diagram' ? '' : `/${mode}`}`,
};

const subscribe = (listener: () => void) => {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
};

export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  return parseRoute(hash);
}
