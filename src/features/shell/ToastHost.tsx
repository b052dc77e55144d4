import { useToasts } from '../../flows/shell/app.flow';
import { useT } from '../../i18n';

/** Toasts, announced politely to screen readers; each can be dismissed. */
export function ToastHost() {
  const { t, text } = useT();
  const api = useToasts();
  return (
    <div className="toasts" {...api.getRegionProps()}>
      {api.toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.kind}`}>
          <span>{text(toast.text)}</span>
          <button className="icon-button" aria-label={t('common.dismiss')} {...api.getDismissProps(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
