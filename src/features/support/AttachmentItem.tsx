import type { AttachmentRef } from '../../flows/support/support.flow';
import { useAttachment } from '../../flows/support/support.flow';
import { useT } from '../../i18n';

/** One attachment of a message being written: its upload's progress, cancel, refusal with retry, and remove. */
export function AttachmentItem({ name, stored, item, onRemove }: { name: string; stored: boolean; item: AttachmentRef; onRemove: () => void }) {
  const { t, text } = useT();
  const upload = useAttachment(item);
  const busy = upload.uploading;
  return (
    <li className="sp-file" data-testid="support-attachment" data-stored={stored}>
      <span className="sp-file__name">{name}</span>
      {busy && (
        <span className="sp-file__progress" role="progressbar" aria-label={name} aria-valuemin={0} aria-valuemax={100} aria-valuenow={upload.percent}>
          <span style={{ width: `${upload.percent}%` }} />
        </span>
      )}
      {stored && <span className="muted small">{t('support.attach.staged')}</span>}
      {upload.error && (
        <span {...upload.getProblemProps()} className="form-error small">
          {text(upload.error)}{' '}
          {upload.canRetry && (
            <button type="button" className="link-button" onClick={upload.retry}>
              {t('upload.retry')}
            </button>
          )}
        </span>
      )}
      {busy ? (
        <button type="button" className="link-button" onClick={upload.cancel}>
          {t('upload.cancel')}
        </button>
      ) : (
        <button type="button" className="link-button" onClick={onRemove} data-testid="support-attachment-remove" aria-label={t('support.attach.remove', { name })}>
          ×
        </button>
      )}
    </li>
  );
}
