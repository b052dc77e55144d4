import type { PageProps } from '../../app/page';
import { useDocuments } from '../../flows/verification/verification.flow';
import { registerMessages, useT } from '../../i18n';
import { DocumentCard } from './DocumentCard';
import { messages } from './messages';
import { SignatureSection } from './SignatureSection';
import './verification.css';

registerMessages(messages);

/**
 * #/show/personal (spec 000 §5, 001 §3-8): what the trader must send, each document's
 * review status with an upload control, the drawn signature, and the way back to a withdrawal
 * that asked for verification (#/show/personal/withdrawal).
 */
export default function PersonalPage({ add }: PageProps) {
  const { t, text } = useT();
  const page = useDocuments(add === 'withdrawal' ? 'withdrawal' : null);
  return (
    <div className="vf" data-testid="personal-page">
      <header className="vf__header">
        <h1>{t('page.personal.title')}</h1>
        <p className={page.verified ? 'vf__badge vf__badge--ok' : 'vf__badge'} data-testid="verification-status" {...page.getStatusProps()}>
          {page.loading ? t('personal.loading') : t(page.verified ? 'personal.verified' : 'personal.not_verified')}
        </p>
      </header>
      {page.back && (
        <p className="vf__back">
          <a className={page.back.primary ? 'button' : 'button button--ghost'} href={page.back.href} data-testid="personal-back">
            {text(page.back.label)}
          </a>
        </p>
      )}
      {page.failed ? (
        <div className="vf__failed" {...page.getFailedProps()}>
          <p>{page.error && text(page.error)}</p>
          <button className="button" {...page.getRetryProps()}>
            {t('personal.retry')}
          </button>
        </div>
      ) : page.loading ? (
        <div className="vf__loading" {...page.getLoadingProps()}>
          <span className="vf__spinner" aria-hidden="true" />
          {t('personal.loading')}
        </div>
      ) : (
        <>
          <p className="muted">{text(page.intro)}</p>
          {page.error && (
            <p className="form-error" {...page.getErrorProps()}>
              {text(page.error)}
            </p>
          )}
          {page.uploadLocked && (
            <p className="vf__locked" data-testid="upload-locked">
              {text(page.uploadLocked)}
            </p>
          )}
          <ul className="vf__list">
            {page.documents.map((document) => (
              <DocumentCard
                key={document.kind}
                document={document}
                item={page.items.find((i) => i.kind === document.kind)?.ref}
                canUpload={page.canUpload}
                removing={page.removing}
                onRemove={() => page.remove(document.kind)}
              />
            ))}
          </ul>
          <SignatureSection page={page} />
        </>
      )}
    </div>
  );
}
