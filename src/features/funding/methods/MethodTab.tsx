import type { FormEvent } from 'react';
import { useMethodDeposit } from '../../../flows/funding/method-deposit.flow';
import type { FundingActor } from '../../../flows/funding/funding.hooks';
import { registerMessages, useT } from '../../../i18n';
import { Spinner } from '../../../ui/Spinner';
import { useFundingActor } from '../context';
import type { FundingTabProps } from '../tabs';
import { MethodResult } from './MethodResult';
import { messages } from './messages';

registerMessages(messages);

/** A wallet tab (Neteller, Skrill, …): the amount (and Neteller's account and secure id), then the provider. */
export default function MethodTab({ tab }: FundingTabProps) {
  const { t } = useT();
  const funding = useFundingActor();
  if (!funding) return <Spinner label={t('funding.loading')} />;
  // one actor per tab: another method is another deposit
  return <MethodForm key={tab} tab={tab} funding={funding} />;
}

function MethodForm({ tab, funding }: FundingTabProps & { funding: FundingActor }) {
  const { t, text } = useT();
  const d = useMethodDeposit(tab, funding);

  if (d.isDemo) {
    return (
      <section className="method-tab" aria-labelledby="method-demo-title">
        <div className="fund-demo" role="alert">
          <h2 id="method-demo-title">{t('method.demo.title')}</h2>
          <p>{t('method.demo.body')}</p>
        </div>
      </section>
    );
  }
  if (!d.isForm) return <MethodResult d={d} />;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    // the secure id goes from the input into the submit event only
    d.onSubmit(d.needsAccount ? { account: String(form.get('net_account') ?? ''), secureId: String(form.get('secure_id') ?? '') } : {});
  };

  return (
    <section className="method-tab" aria-labelledby={`method-title-${tab}`}>
      <h2 id={`method-title-${tab}`}>{t('method.tab.title', { name: text(d.name) })}</h2>
      <p className="muted">{t(d.needsAccount ? 'method.tab.intro_direct' : 'method.tab.intro_redirect', { name: text(d.name) })}</p>
      <form onSubmit={submit} noValidate aria-busy={d.isBusy}>
        {d.needsAccount && (
          <>
            <label className="field">
              <span>{t('method.account.label')}</span>
              <input name="net_account" autoComplete="off" required disabled={d.isBusy} data-testid="method-account" />
            </label>
            <label className="field">
              <span>{t('method.secure_id.label')}</span>
              <input name="secure_id" type="password" inputMode="numeric" autoComplete="off" maxLength={6} required disabled={d.isBusy} data-testid="method-secure-id" />
            </label>
          </>
        )}
        {/* the amount, the bonus and the promo code are the funding page's amount line beside this form */}
        {d.error && (
          <p key={d.shakes} className="form-error shake" role="alert">
            {text(d.error)}
          </p>
        )}
        <button className="button button--wide" type="submit" disabled={d.isBusy} data-testid="method-submit">
          {text(d.submitLabel)}
        </button>
      </form>
    </section>
  );
}
