import { lazy, Suspense, type ComponentType } from 'react';
import { useT } from '../i18n';
import { Spinner } from './Spinner';

/**
 * A view loaded with its own chunk on first use, with a translated spinner meanwhile (the shell
 * around it stays). `page` (the default) centres the spinner in the page area, as a page of the
 * trading shell shows it; `inline` puts it where the view will be (a funding tab).
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, fallback: 'page' | 'inline' = 'page'): ComponentType<P> {
  const View = lazy(load);
  function Loading() {
    const { t } = useT();
    const spinner = <Spinner label={t('common.loading')} />;
    return fallback === 'page' ? <div className="centered">{spinner}</div> : spinner;
  }
  return function LazyPage(props: P) {
    return (
      <Suspense fallback={<Loading />}>
        <View {...props} />
      </Suspense>
    );
  };
}
