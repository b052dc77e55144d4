import { useState, type DragEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useUploadItem, type uploadItemFlow } from '../../flows/verification/verification.flow';
import { useT } from '../../i18n';
import { UPLOAD_ACCEPT } from '../../../core/upload';

const ACCEPT = UPLOAD_ACCEPT;

/**
 * One document's upload control (spec 000 §5): drop a file or pick one (a phone also offers its
 * camera), the upload's own progress with a cancel, 'Upload successful' or the refusal with a
 * retry when the same file may go again. `open`: the document takes a new file (nothing sent, or
 * rejected); otherwise only what the last upload has to say is shown.
 */
export function UploadControl({ item, title, open }: { item: ActorRefFrom<typeof uploadItemFlow>; title: string; open: boolean }) {
  const { t, text } = useT();
  const upload = useUploadItem(item);
  const [over, setOver] = useState(false);
  const drop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    upload.chooseList(e.dataTransfer.files);
  };
  const busy = upload.phase === 'uploading';
  return (
    <div className="vf__upload" data-phase={upload.phase}>
      {busy ? (
        <div className="vf__progress-box" {...upload.getProgressBoxProps()}>
          <p className="vf__file-name">{t('upload.sending', { name: upload.fileName ?? '' })}</p>
          <div className="vf__progress" aria-label={title} data-testid="upload-progress" {...upload.getProgressProps()}>
            <span style={{ width: `${upload.percent}%` }} />
          </div>
          <p className="muted small">
            {upload.percent}%{upload.sentText && <> · {text(upload.sentText)}</>}
          </p>
          <button className="button button--ghost button--small" data-testid="upload-cancel" {...upload.getCancelProps()}>
            {t('upload.cancel')}
          </button>
        </div>
      ) : open ? (
        <div
          className={over ? 'vf__drop vf__drop--over' : 'vf__drop'}
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={drop}
        >
          <p>{t('upload.drop_here')}</p>
          <div className="vf__pick">
            <label className="button button--small" {...upload.getInputLabelProps('file')}>
              {t('upload.choose')}
            </label>
            <input className="vf__input" accept={ACCEPT} data-testid="upload-input" aria-label={`${t('upload.choose')}: ${title}`} {...upload.getInputProps('file')} />
            <label className="button button--ghost button--small vf__camera" {...upload.getInputLabelProps('camera')}>
              {t('upload.camera')}
            </label>
            <input className="vf__input" accept="image/*" capture="environment" aria-label={`${t('upload.camera')}: ${title}`} {...upload.getInputProps('camera')} />
          </div>
          <p className="muted small">{text(upload.rules)}</p>
        </div>
      ) : null}
      {upload.notice && <p className="vf__notice">{text(upload.notice)}</p>}
      {upload.phase === 'success' && (
        <p className="vf__ok" data-testid="upload-success" {...upload.getSuccessProps()}>
          {t('upload.success')}
        </p>
      )}
      {upload.error && (
        <p className="form-error" data-testid="upload-error" {...upload.getErrorProps()}>
          {text(upload.error)}{' '}
          {upload.canRetry && (
            <button className="link-button" {...upload.getRetryProps()}>
              {t('upload.retry')}
            </button>
          )}
        </p>
      )}
    </div>
  );
}
