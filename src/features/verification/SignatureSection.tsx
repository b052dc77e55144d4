import type { DocumentsApi } from '../../flows/verification/verification.flow';
import { useSignatureChild } from '../../flows/trading/signature.flow';
import type { SignatureRef } from '../../flows/trading/signature.connect';
import { useT } from '../../i18n';
import { SignaturePad } from './signature/SignaturePad';

function Pad({ child }: { child: SignatureRef }) {
  return <SignaturePad api={useSignatureChild(child)} />;
}

/** The signature on the personal page: the saved one shown back, or the pad while signing (001 §5: when allowed). */
export function SignatureSection({ page }: { page: DocumentsApi }) {
  const { t } = useT();
  return (
    <section className="vf__card vf__signature" data-testid="signature-section" {...page.getSignatureRegionProps()}>
      <div className="vf__card-head">
        <h2 {...page.getSignatureTitleProps()}>{t('personal.doc.signature')}</h2>
        <span className={page.signatureSaved ? 'vf__status vf__status--approved' : 'vf__status'} data-testid="signature-status">
          {t(page.signatureSaved ? 'personal.signature_done' : 'personal.status.not_sent')}
        </span>
      </div>
      {page.signatureUrl && !page.signing && <img className="vf__signature-image" src={page.signatureUrl} alt={t('personal.signature_alt')} data-testid="signature-image" />}
      {page.signing && page.signatureRef ? (
        <>
          <Pad child={page.signatureRef} />
          <button className="button button--ghost button--small vf__signature-cancel" {...page.getSignCancelProps()}>
            {t('personal.cancel')}
          </button>
        </>
      ) : page.canSign ? (
        <button className="button" data-testid="signature-open" {...page.getSignOpenProps()}>
          {t(page.signatureSaved ? 'personal.sign_again' : 'personal.sign')}
        </button>
      ) : (
        <p className="muted">{t('personal.sign_locked')}</p>
      )}
    </section>
  );
}
