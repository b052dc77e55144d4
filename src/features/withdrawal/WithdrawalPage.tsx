import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { WITHDRAWAL_TABS, needsWallet, tabById, type WithdrawalTabId } from '../../../machines/withdrawal/withdrawal.tabs';
import { selectSettings, selectUser, sessionActor } from '../../flows/app';
import { inspect } from '../../flows/inspector';
import { formatAmount } from '../../flows/money';
import { selectFactorChild } from '../../flows/two-factor-view';
import { withdrawalFlow } from '../../flows/withdrawal';
import {
  selectBusy,
  selectCase,
  selectRequest,
  selectResult,
  selectShakes,
  selectStep,
  selectTab,
  selectTurnover,
  selectWithdrawalError,
} from '../../flows/withdrawal-view';
import { registerMessages, useT } from '../../i18n';
import { zeroPlaceholder } from '../../i18n/number';
import { Modal } from '../../ui/Modal';
import { AddAccountButton } from '../accounts/AddAccount';
import { CodeEntry } from '../two-factor/CodeEntry';
import { messages } from './messages';
import { PendingWithdrawals } from './PendingWithdrawals';
import { formatTurnover } from './format';
import './withdrawal.css';

registerMessages(messages);

type WithdrawalRef = ActorRefFrom<typeof withdrawalFlow>;

/** #/show/withdrawal (spec 002 §2, §4): tabs per method, the form, confirmations, pending withdrawals. */
export default function WithdrawalPage() {
  const user = useSelector(sessionActor, selectUser);
  if (!user) return null;
  const current = user.balances.find((b) => b.accountId === user.current_accountId);
  const fixed = current?.type === 'exchange';
  const currency = current?.currency ?? user.currency;
  // a new account (switched elsewhere) starts a new form
  return <Withdrawal key={`${user.current_accountId}-${fixed}`} currency={currency} fixed={fixed} />;
}

function Withdrawal({ currency, fixed }: { currency: string; fixed: boolean }) {
  const { t, text, lang } = useT();
  const actor = useActorRef(withdrawalFlow, { input: { currency, fixed }, inspect });
  const step = useSelector(actor, selectStep);
  const user = useSelector(sessionActor, selectUser);
  const sandbox = useSelector(sessionActor, (s) => selectSettings(s)?.sandbox ?? false);
  const result = useSelector(actor, selectResult);
  const turnover = useSelector(actor, selectTurnover);
  const tabId = useSelector(actor, selectTab);
  const tab = tabById(tabId);
  const exchangeBalance = user?.balances.find((b) => b.type === 'exchange' && b.currency === tab.currency);
  const available = user?.available ?? '0';

  return (
    <section className="panel wd" aria-labelledby="wd-title">
      <header className="wd__header">
        <h1 id="wd-title">{t('withdrawal.title')}</h1>
        <p className="muted">
          {fixed
            ? t('withdrawal.from_exchange')
            : t('withdrawal.from_account', { currency, amount: formatAmount(available, currency, lang) })}
        </p>
      </header>
      <Tabs actor={actor} current={tabId} />
      {fixed && (
        <p className="wd__balance" data-testid="exchange-balance">
          {t('withdrawal.exchange_balance', { amount: formatAmount(exchangeBalance?.amount ?? '0', tab.currency, lang) })}
        </p>
      )}
      {step === 'done' ? (
        <div className="wd__done" role="status">
          <h2>{t('withdrawal.requested_title')}</h2>
          <p>{text(result)}</p>
          <button type="button" className="button" onClick={() => actor.send({ type: 'form.again' })}>
            {t('withdrawal.again')}
          </button>
        </div>
      ) : (
        <WithdrawalForm actor={actor} currency={fixed ? tab.currency : currency} fixed={fixed} />
      )}
      {turnover && step !== 'done' && /[1-9]/.test(turnover.need) && (
        <p className="wd__turnover" data-testid="turnover">
          {t('withdrawal.turnover', {
            current: formatTurnover(turnover.current, turnover.currency, lang),
            need: formatTurnover(turnover.need, turnover.currency, lang),
            currency: turnover.currency,
          })}
        </p>
      )}
      <p className="wd__add muted">
        {t('withdrawal.add_account')} <AddAccountButton />
      </p>
      {sandbox && <p className="sandbox-note">{t('withdrawal.sandbox')}</p>}
      <PendingWithdrawals />
      <CaseModal actor={actor} />
      <FactorModal actor={actor} email={sandbox ? user?.email : undefined} />
    </section>
  );
}

function Tabs({ actor, current }: { actor: WithdrawalRef; current: WithdrawalTabId }) {
  const { t } = useT();
  const busy = useSelector(actor, selectBusy);
  return (
    <div className="wd__tabs" role="tablist" aria-label={t('withdrawal.tabs')}>
      {WITHDRAWAL_TABS.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          aria-selected={tab.id === current}
          className={`wd__tab${tab.id === current ? ' wd__tab--on' : ''}`}
          disabled={busy}
          onClick={() => actor.send({ type: 'tab.select', tab: tab.id })}
        >
          <span className="wd__tab-n">{tab.n}</span> {t(`withdrawal.tab.${tab.id}`)}
        </button>
      ))}
    </div>
  );
}

function WithdrawalForm({ actor, currency, fixed }: { actor: WithdrawalRef; currency: string; fixed: boolean }) {
  const { t, text, lang } = useT();
  const tab = tabById(useSelector(actor, selectTab));
  const error = useSelector(actor, selectWithdrawalError);
  const shakes = useSelector(actor, selectShakes);
  const step = useSelector(actor, selectStep);
  const busy = useSelector(actor, selectBusy);
  const [method, setMethod] = useState<string>(tab.methods[0]);
  const chosen = tab.methods.includes(method) ? method : tab.methods[0];
  const walletNeeded = needsWallet(chosen);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    actor.send({
      type: 'form.submit',
      amount: String(form.get('amount') ?? ''),
      method: chosen,
      wallet: String(form.get('wallet') ?? ''),
      alt: String(form.get('alt') ?? ''),
    });
  };
  const walletLabel = tab.crypto ? t('withdrawal.wallet.crypto', { coin: tab.currency }) : t(`withdrawal.wallet.${chosen}`);

  return (
    <form className="wd__form" onSubmit={submit} noValidate onChange={() => error && actor.send({ type: 'form.edit' })} aria-busy={busy}>
      {!tab.crypto && (
        <label className="field">
          <span>{t('withdrawal.method')}</span>
          <select name="method" value={chosen} onChange={(e) => setMethod(e.target.value)} disabled={busy}>
            {tab.methods.map((m) => (
              <option key={m} value={m}>
                {t(`withdrawal.method.${m}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="field">
        <span>{t('withdrawal.amount', { currency })}</span>
        <input name="amount" inputMode="decimal" autoComplete="off" placeholder={zeroPlaceholder(lang)} disabled={busy} />
      </label>
      {walletNeeded ? (
        <label className="field">
          <span>{walletLabel}</span>
          <input name="wallet" autoComplete="off" spellCheck={false} autoCapitalize="off" disabled={busy} key={`${tab.id}-${chosen}`} />
        </label>
      ) : (
        <p className="muted wd__note">{t('withdrawal.no_wallet', { method: t(`withdrawal.method.${chosen}`) })}</p>
      )}
      {(tab.id === 'ripple' || tab.id === 'monero') && (
        <label className="field">
          <span>{t(`withdrawal.alt.${tab.id}`)}</span>
          <input name="alt" autoComplete="off" spellCheck={false} disabled={busy} key={tab.id} />
        </label>
      )}
      {tab.crypto && !fixed && <p className="muted wd__note">{t('withdrawal.conversion', { currency, coin: tab.currency })}</p>}
      {error && (
        <p key={shakes} className="form-error shake" role="alert">
          {text(error)}
        </p>
      )}
      <button type="submit" className="button button--wide" disabled={busy}>
        {step === 'checking' ? t('withdrawal.checking') : step === 'finalizing' ? t('withdrawal.sending') : t('withdrawal.submit')}
      </button>
    </form>
  );
}

/** The confirmation of cases one, two, three, four and six, and the need-verify modal. */
function CaseModal({ actor }: { actor: WithdrawalRef }) {
  const { t, lang } = useT();
  const step = useSelector(actor, selectStep);
  const kind = useSelector(actor, selectCase);
  const request = useSelector(actor, selectRequest);
  const turnover = useSelector(actor, selectTurnover);
  const tab = tabById(useSelector(actor, selectTab));
  if (step === 'needVerify') {
    return (
      <Modal
        title={t('withdrawal.verify.title')}
        variant="warning"
        onClose={() => actor.send({ type: 'verify.close' })}
        closeLabel={t('common.close')}
        footer={
          <>
            <button type="button" className="button button--ghost" onClick={() => actor.send({ type: 'verify.close' })}>
              {t('common.close')}
            </button>
            <button type="button" className="button" data-autofocus onClick={() => actor.send({ type: 'verify.go' })}>
              {t('withdrawal.verify.go')}
            </button>
          </>
        }
      >
        <p>{t('withdrawal.verify.body')}</p>
      </Modal>
    );
  }
  if (step !== 'confirming' || !kind || kind === 'five' || kind === 'verify' || !request) return null;
  const params = {
    method: tab.crypto ? t(`withdrawal.tab.${tab.id}`) : t(`withdrawal.method.${request.method}`),
    wallet: request.wallet || '—',
    amount: request.amount,
    currency: request.currency,
    coin: tab.currency,
    current: turnover ? formatTurnover(turnover.current, turnover.currency, lang) : '0',
    need: turnover ? formatTurnover(turnover.need, turnover.currency, lang) : '0',
  };
  return (
    <Modal
      title={t(`withdrawal.case.${kind}.title`, params)}
      variant="warning"
      onClose={() => actor.send({ type: 'confirm.no' })}
      closeLabel={t('common.close')}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={() => actor.send({ type: 'confirm.no' })}>
            {t('withdrawal.case.back')}
          </button>
          <button type="button" className="button" data-autofocus onClick={() => actor.send({ type: 'confirm.yes' })}>
            {t('withdrawal.case.continue')}
          </button>
        </>
      }
    >
      <p className="wd__case" data-case={kind}>
        {t(`withdrawal.case.${kind}.body`, params)}
      </p>
    </Modal>
  );
}

/** The final request asked for the second factor: the code, then the same request again. */
function FactorModal({ actor, email }: { actor: WithdrawalRef; email?: string }) {
  const { t } = useT();
  const entry = useSelector(actor, selectFactorChild);
  if (!entry) return null;
  const cancel = () => actor.send({ type: 'factor.cancel' });
  return (
    <Modal title={t('withdrawal.factor.title')} onClose={cancel} closeLabel={t('common.close')} footer={null}>
      <CodeEntry entry={entry} onCancel={cancel} sandboxEmail={email} />
    </Modal>
  );
}
