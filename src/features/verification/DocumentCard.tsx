import type { ActorRefFrom } from 'xstate';
import type { uploadItemFlow } from '../../flows/verification/verification.flow';
import type { RequiredDocument } from '../../flows/verification/verification.connect';
import { formatDateTime } from '../../flows/shared/dates';
import { useT } from '../../i18n';
import { UploadControl } from './UploadControl';

interface DocumentCardProps {
  document: RequiredDocument;
  /** the document's upload control (a child of the list) */
  item: ActorRefFrom<typeof uploadItemFlow> | undefined;
  canUpload: boolean;
  removing: boolean;
  onRemove: () => void;
}

/** One required document: its review status (with the reviewer's reason), the file sent, and its upload control. */
export function DocumentCard({ document, item, canUpload, removing, onRemove }: DocumentCardProps) {
  const { t, text } = useT();
  const { latest } = document;
  return (
    <li className={`vf__card vf__card--${document.state}`} data-testid={`document-${document.kind}`} data-state={document.state}>
      <div className="vf__card-head">
        <h2>{text(document.title)}</h2>
        <span className={`vf__status vf__status--${document.state}`} data-testid={`document-${document.kind}-status`}>
          {text(document.status)}
        </span>
      </div>
      {latest && (
        <p className="vf__file muted">
          <a href={`/upload/${latest.id}`} target="_blank" rel="noopener noreferrer">
            {t('personal.view_file')}
          </a>{' '}
          · {latest.mime === 'application/pdf' ? 'PDF' : latest.mime === 'image/png' ? 'PNG' : 'JPEG'} · {formatDateTime(latest.created_at)}
          {document.removable && (
            <>
              {' '}
              ·{' '}
              <button type="button" className="link-button" onClick={onRemove} disabled={removing}>
                {t('personal.take_back')}
              </button>
            </>
          )}
        </p>
      )}
      {canUpload && item && <UploadControl item={item} title={text(document.title)} open={document.uploadable} />}
    </li>
  );
}
