import { legalPath } from '../../../core/legal/documents';
import { agreementTextProps } from '../../flows/legal/agreement';
import { registerMessages, useT } from '../../i18n';
import { LegalDocumentText, VersionLine } from './LegalDocumentText';
import { messages } from './messages';
import './legal.css';

registerMessages(messages);

/**
 * The client agreement in full above the signature pad (issue 30 §5: "shown in full before the
 * agreement is signed"): its version and date, its text in a scrollable box that takes the Tab
 * focus (the keyboard scrolls it), and a link to its public page.
 */
export default function AgreementText() {
  const { t, lang } = useT();
  const textProps = agreementTextProps(t('legal.agreement_text'));
  return (
    <div className="agreement-text" data-testid="agreement-text">
      <VersionLine doc="client_agreement" />
      <div className="legal-scroll" {...textProps} data-testid="agreement-scroll">
        <LegalDocumentText doc="client_agreement" level={3} />
      </div>
      <p className="small">
        <a href={legalPath(lang, 'client_agreement')} target="_blank" rel="noopener">
          {t('legal.page.read', { name: t('legal.name.client_agreement') })}
        </a>
      </p>
    </div>
  );
}
