import { lazy, useState, type ComponentType } from 'react';
import { withTexts } from '../i18n';

/**
 * A page that loads with its own chunk like `React.lazy`, or before the first render: `preload()`
 * (main.tsx waits for the address's page with the dictionary), so the page is in the app's first
 * paint instead of after a "Loading…" that it then pushes around (issue 33 §3). Whether it was
 * loaded is read once per mount, so a page never swaps its component under itself.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> & { preload: () => Promise<void> } {
  let loaded: ComponentType<P> | undefined;
  // with the Russian texts the page's modules asked for (src/i18n withRussian), so it never shows English first
  const loadOnce = () =>
    withTexts(load()).then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(loadOnce);
  function Page(props: P) {
    const [Shown] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Shown {...props} />;
  }
  return Object.assign(Page, { preload: () => loadOnce().then(() => undefined) });
}
