import { useSyncExternalStore } from 'react';

export type Mode = 'diagram' | 'step' | 'path' | 'coverage' | 'rules' | 'funnel';
export type Route = { name: 'home' } | { name: 'machine'; id: string; mode: Mode; /** path mode: the state or transition id picked */ target?: string; /** rules mode: the transition picked on the diagram */ } | { name: 'live'; /** `#/live/shared/<id>`: a session shared by link */ shared?: string } | { name: 'coverage' } | { name: 'spec' };

const MODES: Mode[] = ['diagram', 'step', 'path', 'coverage', 'rules', 'funnel'];

/** `#/`, `#/m/<id>[/step|/path[/<state or transition id>]|/coverage|/rules[/<transition id>]|/funnel[/<from=…&to=…&country=…>]]`, `#/live[/shared/<id>]`, `#/coverage`; anything else is home. */
export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === 'm' && parts[1]) {
    const mode = (parts[2] ?? 'diagram') as Mode;
    const known = MODES.includes(mode) ? mode : 'diagram';
    return { name: 'machine', id: parts[1], mode: known, ...((known === 'path' || known === 'rules' || known === 'funnel') && parts[3] ? { target: parts[3] } : {}) };
  }
  if (parts[0] === 'live') return parts[1] === 'shared' && parts[2] ? { name: 'live', shared: parts[2] } : { name: 'live' };
  if (parts[0] === 'coverage') return parts[1] === 'spec' ? { name: 'spec' } : { name: 'coverage' };
  return { name: 'home' };
}

export const hrefs = {
  home: '#/',
  live: '#/live',
  /** a live session shared by link */
  shared: (id: string) => `#/live/shared/${encodeURIComponent(id)}`,
  coverage: '#/coverage',
  /** the spec-coverage table (docs/coverage/spec.json) */
  spec: '#/coverage/spec',
  machine: (id: string, mode: Mode = 'diagram') => `#/m/${encodeURIComponent(id)}${mode === 'diagram' ? '' : `/${mode}`}`,
  path: (id: string, target: string) => `#/m/${encodeURIComponent(id)}/path/${encodeURIComponent(target)}`,
  /** the funnel with its filter in the address (a link an analyst can share) */
  funnel: (id: string, query?: string) => `#/m/${encodeURIComponent(id)}/funnel${query ? `/${encodeURIComponent(query)}` : ''}`,
  rules: (id: string, transition?: string) => `#/m/${encodeURIComponent(id)}/rules${transition ? `/${encodeURIComponent(transition)}` : ''}`,
};

const subscribe = (listener: () => void) => {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
};

export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  return parseRoute(hash);
}
