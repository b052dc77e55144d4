import { Link } from 'react-router-dom';
import { registerMessages, useT } from '../../../i18n';
import { messages } from './messages';

registerMessages(messages);

/** A short, honest explanation of paying by bitcoin (dynamic modal bitcoin_explanation), with the way to the deposit page. */
export function BitcoinExplanation({ onClose }: { onClose: () => void }) {
  const { t } = useT();
  return (
    <div data-testid="bitcoin-explanation">
      <ol>
        <li>{t('bitcoin_explain.step1')}</li>
        <li>{t('bitcoin_explain.step2')}</li>
        <li>{t('bitcoin_explain.step3')}</li>
      </ol>
      <p className="muted">{t('bitcoin_explain.fees')}</p>
      <Link className="button" to={{ hash: '/show/funding' }} onClick={onClose} data-autofocus>
        {t('bitcoin_explain.go')}
      </Link>
    </div>
  );
}

export default BitcoinExplanation;
