import { useAccounts } from '../../flows/accounts/accounts.hooks';
import { formatAmount } from '../../flows/shared/money';
import { registerMessages, useT } from '../../i18n';
import { AddAccountModal } from './AddAccount';
import { messages } from './messages';
import '../withdrawal/withdrawal.css';

registerMessages(messages);

/** #/show/accounts: the trader's balances, switching (the exchange account too), adding one. */
export default function AccountsPage() {
  const { t, lang } = useT();
  const accounts = useAccounts();
  const { switching } = accounts;
  if (!accounts.known) return null;
  return (
    <section className="panel accounts" {...accounts.getRegionProps()}>
      <h1 {...accounts.getTitleProps()}>{t('accounts.title')}</h1>
      <p className="muted">{t('accounts.subtitle')}</p>
      <ul className="accounts__list">
        {accounts.accounts.map(({ balance: b, current }) => (
          <li key={b.accountId} className={`accounts__item${current ? ' accounts__item--on' : ''}`} data-testid="account">
            <div>
              {/* the header's and the platform's word for this figure (src/i18n balance.label) */}
              <div className="muted" data-testid="account-label">{t('balance.label')}</div>
              <div className="accounts__amount">{formatAmount(b.amount, b.currency, lang)}</div>
              <div className="muted">{t(`accounts.kind.${b.type}`, { id: b.accountId })}</div>
            </div>
            {current ? (
              <span className="badge badge--ok">{t('accounts.current')}</span>
            ) : (
              <button type="button" className="button button--ghost button--small" disabled={switching} onClick={() => accounts.select(b.accountId)}>
                {t('accounts.use')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {accounts.bonuses.length > 0 && (
        <ul className="accounts__list" data-testid="bonus-balances" aria-label={t('accounts.bonus.title')}>
          {accounts.bonuses.map((b) => (
            <li key={b.currency} className="accounts__item" data-testid="bonus-balance">
              <div>
                <div className="accounts__amount">{formatAmount(b.amount, b.currency, lang)}</div>
                <div className="muted">{t('accounts.bonus.label', { currency: b.currency })}</div>
                <div className="muted">
                  {t('accounts.bonus.terms', { done: formatAmount(b.turnoverDone, b.currency, lang), need: formatAmount(b.turnoverNeed, b.currency, lang) })}
                </div>
              </div>
              <span className="badge">{t('accounts.bonus.badge')}</span>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="button button--ghost" onClick={accounts.openAdd}>
        {t('accounts.add')}
      </button>{' '}
      <a href="#/show/referral" className="button button--ghost" data-testid="nav-referral">
        {t('accounts.referral')}
      </a>

      <h2 className="accounts__exchange-title">{t('accounts.exchange.title')}</h2>
      <p className="muted">{t('accounts.exchange.body')}</p>
      <table className="accounts__exchange" data-testid="exchange-balances">
        <tbody>
          {accounts.exchange.map(({ currency, amount, held }) => (
            <tr key={currency} className={held ? '' : 'muted'}>
              <th scope="row">{currency}</th>
              <td>{formatAmount(amount, currency, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {accounts.exchangeCurrent ? (
        <p className="badge badge--ok">{t('accounts.current')}</p>
      ) : (
        <button type="button" className="button" disabled={switching} onClick={accounts.useExchange}>
          {t(accounts.exchangeLabel)}
        </button>
      )}
      <AddAccountModal accounts={accounts} />
    </section>
  );
}
