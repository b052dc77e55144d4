import { Fragment } from 'react';
import { legalPath } from '../../../core/legal/documents';
import { registerMessages, useT } from '../../i18n';
import { messages } from './messages';

registerMessages(messages);

const PLACES = { agreement: 'client_agreement', risk: 'risk_disclosure', privacy: 'privacy_notice' } as const;

/**
 * "I have read and accept the Client Agreement, Risk Disclosure and Privacy Notice", each name a
 * link to its public page in a new tab (the form keeps what was typed). The sentence's order is
 * the language's: the names go where its {agreement}, {risk} and {privacy} are.
 */
export function TermsLabelText() {
  const { t, lang } = useT();
  const parts = t('legal.accept_label').split(/(\{agreement\}|\{risk\}|\{privacy\})/);
  return (
    <>
      {parts.map((part, i) => {
        const place = /^\{(agreement|risk|privacy)\}$/.exec(part)?.[1] as keyof typeof PLACES | undefined;
        if (!place) return <Fragment key={i}>{part}</Fragment>;
        const doc = PLACES[place];
        return (
          <a key={i} href={legalPath(lang, doc)} target="_blank" rel="noopener" data-testid={`terms-link-${doc}`}>
            {t(`legal.name.${doc}`)}
          </a>
        );
      })}
    </>
  );
}

/** The hint under the box: the documents open in a new tab. */
export function TermsNewTabHint(props: { id: string }) {
  const { t } = useT();
  return (
    <small {...props} className="reg-hint">
      {t('legal.new_tab')}
    </small>
  );
}
