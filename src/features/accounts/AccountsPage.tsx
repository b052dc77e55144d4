import { useActorRef, useSelector } from '@xstate/react';
import { selectUser, sessionActor } from '../../flows/app';
import { inspect } from '../../flows/inspector';
import { formatAmount } from '../../flows/money';
import { accountsFlow } from '../../flows/security';
import { selectSwitching } from '../../flows/security-view';
import { registerMessages, useT } from '../../i18n';
import { AddAccountModal } from './AddAccount';
import { messages } from './messages';
import '../withdrawal/withdrawal.css';

registerMessages(messages);

/** Exchange balances by currency (spec 001 §3, 002 §3). */
const EXCHANGE_CURRENCIES = ['BTC', 'ETH', 'LTC', 'DASH', 'BCH', 'XRP', 'ZEC', 'XMR', 'ETC', 'NEO', 'USD', 'EUR'];

/** #/show/accounts: the trader's balances, switching (the exchange account too), adding one. */
export default function AccountsPage() {
  const { t, lang } = useT();
  const user = useSelector(sessionActor, selectUser);
  const actor = useActorRef(accountsFlow, { inspect });
  const switching = useSelector(actor, selectSwitching);
  if (!user) return null;
  const own = user.balances.filter((b) => b.type !== 'exchange');
  const exchange = user.balances.filter((b) => b.type === 'exchange');
  const currentIsExchange = exchange.some((b) => b.accountId === user.current_accountId);
  return (
    <section className="panel accounts" aria-labelledby="accounts-title" aria-busy={switching}>
      <h1 id="accounts-title">{t('accounts.title')}</h1>
      <p className="muted">{t('accounts.subtitle')}</p>
      <ul className="accounts__list">
        {own.map((b) => {
          const current = b.accountId === user.current_accountId;
          return (
            <li key={b.accountId} className={`accounts__item${current ? ' accounts__item--on' : ''}`} data-testid="account">
              <div>
                <div className="accounts__amount">{formatAmount(b.amount, b.currency, lang)}</div>
                <div className="muted">{t(`accounts.kind.${b.type}`, { id: b.accountId })}</div>
              </div>
              {current ? (
                <span className="badge badge--ok">{t('accounts.current')}</span>
              ) : (
                <button type="button" className="button button--ghost button--small" disabled={switching} onClick={() => actor.send({ type: 'account.select', accountId: b.accountId })}>
                  {t('accounts.use')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <button type="button" className="button button--ghost" onClick={() => actor.send({ type: 'add.open' })}>
        {t('accounts.add')}
      </button>

      <h2 className="accounts__exchange-title">{t('accounts.exchange.title')}</h2>
      <p className="muted">{t('accounts.exchange.body')}</p>
      <table className="accounts__exchange" data-testid="exchange-balances">
        <tbody>
          {EXCHANGE_CURRENCIES.map((c) => {
            const held = exchange.filter((b) => b.currency === c);
            const total = held[0]?.amount ?? '0';
            return (
              <tr key={c} className={held.length ? '' : 'muted'}>
                <th scope="row">{c}</th>
                <td>{formatAmount(total, c, lang)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {currentIsExchange ? (
        <p className="badge badge--ok">{t('accounts.current')}</p>
      ) : (
        <button type="button" className="button" disabled={switching} onClick={() => actor.send({ type: 'account.exchange' })}>
          {switching ? t('accounts.switching') : t('accounts.exchange.use')}
        </button>
      )}
      <AddAccountModal actor={actor} />
    </section>
  );
}
