import type { Msg } from '../../../core/message';
import { useT } from '../../i18n';
import { Spinner } from '../../ui/Spinner';

/** A security section's read: the spinner while it loads; when it failed, why and Try again. */
export function SectionLoad({ view }: { view: { loading: boolean; loadFailed: boolean; error: Msg | null; retry: () => void } }) {
  const { t, text } = useT();
  if (view.loading) return <Spinner label={t('common.loading')} />;
  if (!view.loadFailed) return null;
  return (
    <p role="alert" className="form-error">
      {view.error && text(view.error)}{' '}
      <button type="button" className="button button--small" onClick={view.retry}>
        {t('common.retry')}
      </button>
    </p>
  );
}
