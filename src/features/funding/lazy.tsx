import { lazy, Suspense, type ComponentType } from 'react';
import { useT } from '../../i18n';
import { Spinner } from '../../ui/Spinner';

function Loading() {
  const { t } = useT();
  return <Spinner label={t('common.loading')} />;
}

/** A view loaded with its first use, with a translated loading state. */
export function lazyView<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const View = lazy(load);
  return function LazyView(props: P) {
    return (
      <Suspense fallback={<Loading />}>
        <View {...props} />
      </Suspense>
    );
  };
}
