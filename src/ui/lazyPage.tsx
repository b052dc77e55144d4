import { lazy, Suspense, type ComponentType } from 'react';
import { useT, withTexts } from '../i18n';
import { Spinner } from './Spinner';

/**
 * A view loaded with its own chunk on first use, with a translated spinner meanwhile (the shell
 * around it stays). `page` (the default) centres the spinner in the page area, as a page of the
 * trading shell shows it; `inline` puts it where the view will be (a funding tab); `none` shows
 * nothing meanwhile (a part that adds to a page only when it has something to say, such as the
 * cashier's locks). `preload()` starts the load before the first render asks for it.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, fallback: 'page' | 'inline' | 'none' = 'page'): ComponentType<P> & { preload: () => Promise<void> } {
  // with the Russian texts the page's modules asked for (src/i18n withRussian), so it never shows English first;
  // one load, whether `preload` (the address's own page, src/app/routes.ts preloadRoute) or the first render asks first
  let loading: ReturnType<typeof load> | undefined;
  const loadOnce = () =>
    (loading ??= withTexts(load()).catch((error: unknown) => {
      loading = undefined; // a chunk that failed is asked again next time
      throw error;
    }));
  const View = lazy(loadOnce);
  function Loading() {
    const { t } = useT();
    if (fallback === 'none') return null;
    const spinner = <Spinner label={t('common.loading')} />;
    return fallback === 'page' ? <div className="centered">{spinner}</div> : spinner;
  }
  function LazyPage(props: P) {
    return (
      <Suspense fallback={<Loading />}>
        <View {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyPage, { preload: () => loadOnce().then(() => undefined) });
}
