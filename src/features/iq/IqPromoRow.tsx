import { useSelector } from '@xstate/react';
import { IQ_QUESTIONS } from '../../../core/contract/iq';
import { selectUser, sessionActor } from '../../flows/shell/app.flow';
import { openIqMining } from '../../flows/iq/iq-open';
import { iqRewardFor } from '../../flows/iq/iq-mining.connect';
import { formatAmount } from '../../flows/shared/money';
import { registerMessages, useT } from '../../i18n';
import { messages } from './messages';

registerMessages(messages);

/** The promotions page's IQ mining row: shown only in a bonus currency (the reward goes to the bonus balance); opens the terms. */
export function IqPromoRow() {
  const { t, lang } = useT();
  const currency = useSelector(sessionActor, selectUser)?.currency ?? null;
  const amount = iqRewardFor(currency);
  if (!amount || !currency) return null;
  return (
    <section className="promos__iq" data-testid="iq-row">
      <h2>{t('iq.row.title', { count: IQ_QUESTIONS, amount: formatAmount(amount, currency, lang) })}</h2>
      <button type="button" className="button" onClick={openIqMining} data-testid="iq-open">
        {t('iq.row.open')}
      </button>
    </section>
  );
}
