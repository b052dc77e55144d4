import { useId, useState, type ChangeEvent, type DragEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ChosenFile } from '../../../machines/upload-item/upload-item.types';
import { useUploadItem, type uploadItemFlow } from '../../flows/verification/verification.flow';
import { useT } from '../../i18n';

const ACCEPT = 'image/png,image/jpeg,application/pdf,.png,.jpg,.jpeg,.pdf';

const chosen = (list: FileList | null): ChosenFile[] => Array.from(list ?? [], (file) => ({ name: file.name, size: file.size, type: file.type, data: file }));

/**
 * One document's upload control (spec 000 §5): drop a file or pick one (a phone also offers its
 * camera), the upload's own progress with a cancel, 'Upload successful' or the refusal with a
 * retry when the same file may go again. `open`: the document takes a new file (nothing sent, or
 * rejected); otherwise only what the last upload has to say is shown.
 */
export function UploadControl({ item, title, open }: { item: ActorRefFrom<typeof uploadItemFlow>; title: string; open: boolean }) {
  const { t, text } = useT();
  const upload = useUploadItem(item);
  const inputId = useId();
  const cameraId = useId();
  const [over, setOver] = useState(false);
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    upload.choose(chosen(e.target.files));
    // the same file may be picked again after an error
    e.target.value = '';
  };
  const drop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    upload.choose(chosen(e.dataTransfer.files));
  };
  const busy = upload.phase === 'uploading';
  return (
    <div className="vf__upload" data-phase={upload.phase}>
      {busy ? (
        <div className="vf__progress-box" aria-live="polite">
          <p className="vf__file-name">{t('upload.sending', { name: upload.fileName ?? '' })}</p>
          <div className="vf__progress" role="progressbar" aria-label={title} aria-valuemin={0} aria-valuemax={100} aria-valuenow={upload.percent} data-testid="upload-progress">
            <span style={{ width: `${upload.percent}%` }} />
          </div>
          <p className="muted small">
            {upload.percent}%{upload.sentText && <> · {text(upload.sentText)}</>}
          </p>
          <button type="button" className="button button--ghost button--small" onClick={upload.cancel} data-testid="upload-cancel">
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
            <label className="button button--small" htmlFor={inputId}>
              {t('upload.choose')}
            </label>
            <input id={inputId} className="vf__input" type="file" accept={ACCEPT} onChange={pick} data-testid="upload-input" aria-label={`${t('upload.choose')}: ${title}`} />
            <label className="button button--ghost button--small vf__camera" htmlFor={cameraId}>
              {t('upload.camera')}
            </label>
            <input id={cameraId} className="vf__input" type="file" accept="image/*" capture="environment" onChange={pick} aria-label={`${t('upload.camera')}: ${title}`} />
          </div>
          <p className="muted small">{text(upload.rules)}</p>
        </div>
      ) : null}
      {upload.notice && <p className="vf__notice">{text(upload.notice)}</p>}
      {upload.phase === 'success' && (
        <p className="vf__ok" role="status" data-testid="upload-success">
          {t('upload.success')}
        </p>
      )}
      {upload.error && (
        <p className="form-error" role="alert" data-testid="upload-error">
          {text(upload.error)}{' '}
          {upload.canRetry && (
            <button type="button" className="link-button" onClick={upload.retry}>
              {t('upload.retry')}
            </button>
          )}
        </p>
      )}
    </div>
  );
}
