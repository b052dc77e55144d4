import { useId, type ChangeEvent } from 'react';
import type { AttachmentsApi } from '../../flows/support/support-thread.connect';
import type { AttachmentRef } from '../../flows/support/support.flow';
import { useT } from '../../i18n';
import { UPLOAD_ACCEPT } from '../../../core/upload';
import { AttachmentItem } from './AttachmentItem';

const ACCEPT = UPLOAD_ACCEPT;

/** The attachments of a message being written: a file input and one upload control per file. */
export function AttachmentField({ api, files, testId }: { api: AttachmentsApi; files: Array<{ slot: string; name: string; id: string | null; ref: AttachmentRef | undefined }>; testId: string }) {
  const { t, text } = useT();
  const inputId = useId();
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    api.choose(Array.from(e.target.files ?? [], (file) => ({ name: file.name, size: file.size, type: file.type, data: file })));
    e.target.value = '';
  };
  return (
    <div className="sp-files">
      <ul className="sp-files__list">
        {files.map((f) => f.ref && <AttachmentItem key={f.slot} name={f.name} stored={f.id !== null} item={f.ref} onRemove={() => api.remove(f.slot)} />)}
      </ul>
      {api.canAttach && (
        <div className="sp-files__pick">
          <label className="button button--ghost button--small" htmlFor={inputId}>
            {t('support.attach')}
          </label>
          <input id={inputId} className="sp-files__input" type="file" multiple accept={ACCEPT} onChange={pick} data-testid={testId} aria-label={t('support.attach')} />
          <span className="muted small">{t('support.attach.rules', { max: api.max })}</span>
        </div>
      )}
      {api.notice && <p className="muted small">{text(api.notice)}</p>}
    </div>
  );
}
