import { useState } from 'react';
import { formatAmount } from '../../flows/shared/money';
import { useWithdrawal, useWithdrawalAccount } from '../../flows/withdrawal/withdrawal.flow';
import { registerMessages, useT } from '../../i18n';
import { zeroPlaceholder } from '../../i18n/number';
import { Modal } from '../../ui/Modal';
import { useTabs } from '../../ui/useTabs';
import { AddAccountButton } from '../accounts/AddAccount';
import { CashierLocks } from '../cashier-locks/CashierLocks';
import { CodeEntry } from '../two-factor/CodeEntry';
import { messages } from './messages';
import { PendingWithdrawals } from './PendingWithdrawals';
import { formatTurnover } from './format';
import './withdrawal.css';
import { useSavedDestinations } from '../../flows/security/address-book.flow';

registerMessages(messages);

type WithdrawalApi = ReturnType<typeof useWithdrawal>;
type TabsApi = ReturnType<typeof useTabs>;

/** #/show/withdrawal (spec 002 §2, §4): tabs per method, the form, confirmations, pending withdrawals. */
export default function WithdrawalPage() {
  const { formKey } = useWithdrawalAccount();
  if (!formKey) return null;
  // a new account (switched elsewhere) starts a new form
  return <Withdrawal key={formKey} />;
}

function Withdrawal() {
  const { t, text, lang } = useT();
  const wd = useWithdrawal();
  const { tab, fixed, currency, turnover } = wd;
  // the WAI-ARIA tabs pattern: one Tab stop for the row, arrows, Home and End (src/ui/useTabs.ts)
  const tabs = useTabs({
    ids: wd.tabs.map((x) => x.tab.id),
    selected: wd.tabs.find((x) => x.selected)?.tab.id ?? tab.id,
    onSelect: (id) => wd.selectTab(id as WithdrawalApi['tab']['id']),
    label: t('withdrawal.tabs'),
    disabled: () => wd.busy,
    prefix: 'wd',
  });

  return (
    <section className="panel wd" {...wd.getRegionProps()}>
      <header className="wd__header">
        <h1 {...wd.getTitleProps()}>{t('withdrawal.title')}</h1>
        <p className="muted">
          {fixed
            ? t('withdrawal.from_exchange')
            : t('withdrawal.from_account', { currency, amount: formatAmount(wd.available, currency, lang) })}
        </p>
      </header>
      <CashierLocks action="withdrawal" />
      <Tabs wd={wd} tabs={tabs} />
      <div className="wd__panel" {...tabs.getPanelProps()}>
        {fixed && (
          <p className="wd__balance" data-testid="exchange-balance">
            {t('withdrawal.exchange_balance', { amount: formatAmount(wd.exchangeAmount, tab.currency, lang) })}
          </p>
        )}
        {wd.done ? (
          <div className="wd__done" {...wd.getDoneProps()}>
            <h2>{t('withdrawal.requested_title')}</h2>
            <p>{text(wd.result)}</p>
            <button className="button" {...wd.getAgainProps()}>
              {t('withdrawal.again')}
            </button>
          </div>
        ) : (
          <WithdrawalForm wd={wd} />
        )}
      </div>
      {turnover && (
        <p className="wd__turnover" data-testid="turnover">
          {t('withdrawal.turnover', {
            current: formatTurnover(turnover.current, turnover.currency, lang),
            need: formatTurnover(turnover.need, turnover.currency, lang),
          })}
        </p>
      )}
      <p className="wd__add muted">
        {t('withdrawal.add_account')} <AddAccountButton />
      </p>
      {wd.sandbox && <p className="sandbox-note">{t('withdrawal.sandbox')}</p>}
      <PendingWithdrawals />
      <CaseModal wd={wd} />
      <FactorModal wd={wd} />
    </section>
  );
}

function Tabs({ wd, tabs }: { wd: WithdrawalApi; tabs: TabsApi }) {
  const { t } = useT();
  return (
    <div className="wd__tabs" {...tabs.getListProps()}>
      {wd.tabs.map(({ tab, selected }) => (
        <button key={tab.id} className={`wd__tab${selected ? ' wd__tab--on' : ''}`} {...tabs.getTabProps(tab.id)}>
          <span className="wd__tab-n">{tab.n}</span> {t(`withdrawal.tab.${tab.id}`)}
        </button>
      ))}
    </div>
  );
}

function WithdrawalForm({ wd }: { wd: WithdrawalApi }) {
  const { t, text, lang } = useT();
  const { tab, error, shakes, fixed, formCurrency: currency } = wd;
  const [method, setMethod] = useState<string>(tab.methods[0]);
  const { method: chosen, choosesMethod, walletNeeded, alt } = wd.methodForm(method);
  const saved = useSavedDestinations().for(chosen);

  const walletLabel = tab.crypto ? t('withdrawal.wallet.crypto', { coin: tab.currency }) : t(`withdrawal.wallet.${chosen}`);

  return (
    <form className="wd__form" {...wd.getFormProps(chosen)}>
      {choosesMethod && (
        <label className="field">
          <span>{t('withdrawal.method')}</span>
          <select {...wd.getFieldProps('method', { value: chosen, onValue: setMethod })}>
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
        <input inputMode="decimal" autoComplete="off" placeholder={zeroPlaceholder(lang)} {...wd.getFieldProps('amount')} />
      </label>
      {walletNeeded ? (
        <label className="field">
          <span>{walletLabel}</span>
          <input autoComplete="off" spellCheck={false} autoCapitalize="off" key={`${tab.id}-${chosen}`} {...wd.getFieldProps('wallet')} {...saved.getListProps()} />
          {saved.options.length > 0 && (
            <datalist {...saved.getDatalistProps()} data-testid="saved-destinations">
              {saved.options.map((o) => (
                <option key={o.value} value={o.value} label={o.label} />
              ))}
            </datalist>
          )}
        </label>
      ) : (
        <p className="muted wd__note">{t('withdrawal.no_wallet', { method: t(`withdrawal.method.${chosen}`) })}</p>
      )}
      {alt && (
        <label className="field">
          <span>{t(`withdrawal.alt.${alt}`)}</span>
          <input autoComplete="off" spellCheck={false} key={alt} {...wd.getFieldProps('alt')} />
        </label>
      )}
      {tab.crypto && !fixed && <p className="muted wd__note">{t('withdrawal.conversion', { currency, coin: tab.currency })}</p>}
      {error && (
        <p key={shakes} className="form-error shake" {...wd.getErrorProps()}>
          {text(error)}
        </p>
      )}
      <button className="button button--wide" {...wd.getSubmitProps()}>
        {t(wd.submitLabel)}
      </button>
    </form>
  );
}

/** The confirmation of cases one, two, three, four and six, and the need-verify modal. */
function CaseModal({ wd }: { wd: WithdrawalApi }) {
  const { t, lang } = useT();
  const { tab, turnover, question } = wd;
  if (wd.verifyOpen) {
    return (
      <Modal
        title={t('withdrawal.verify.title')}
        variant="warning"
        onClose={wd.closeVerify}
        closeLabel={t('common.close')}
        footer={
          <>
            <button className="button button--ghost" {...wd.getCloseVerifyProps()}>
              {t('common.close')}
            </button>
            <button className="button" {...wd.getGoVerifyProps()}>
              {t('withdrawal.verify.go')}
            </button>
          </>
        }
      >
        <p>{t('withdrawal.verify.body')}</p>
      </Modal>
    );
  }
  if (!question) return null;
  const { kind, request } = question;
  const params = {
    method: tab.crypto ? t(`withdrawal.tab.${tab.id}`) : t(`withdrawal.method.${request.method}`),
    wallet: request.wallet || '—',
    amount: formatAmount(request.amount, request.currency, lang),
    coin: tab.currency,
    current: turnover ? formatTurnover(turnover.current, turnover.currency, lang) : '0',
    need: turnover ? formatTurnover(turnover.need, turnover.currency, lang) : '0',
  };
  return (
    <Modal
      title={t(`withdrawal.case.${kind}.title`, params)}
      variant="warning"
      onClose={wd.decline}
      closeLabel={t('common.close')}
      footer={
        <>
          <button className="button button--ghost" {...wd.getDeclineProps()}>
            {t('withdrawal.case.back')}
          </button>
          <button className="button" {...wd.getConfirmProps()}>
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
function FactorModal({ wd }: { wd: WithdrawalApi }) {
  const { t } = useT();
  if (!wd.factorEntry) return null;
  return (
    <Modal title={t('withdrawal.factor.title')} onClose={wd.cancelFactor} closeLabel={t('common.close')} footer={null}>
      <CodeEntry entry={wd.factorEntry} onCancel={wd.cancelFactor} sandboxEmail={wd.sandboxEmail} />
    </Modal>
  );
}
