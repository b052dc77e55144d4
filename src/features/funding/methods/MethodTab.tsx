import { useMethodDeposit } from '../../../flows/funding/method-deposit.flow';
import type { FundingActor } from '../../../flows/funding/funding.hooks';
import { registerMessages, useT } from '../../../i18n';
import { Spinner } from '../../../ui/Spinner';
import { useFundingActor } from '../context';
import type { FundingTabProps } from '../tab-props';
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
      <section className="method-tab" {...d.getRegionProps()}>
        <div className="fund-demo" {...d.getDemoProps()}>
          <h2 {...d.getTitleProps()}>{t('method.demo.title')}</h2>
          <p>{t('method.demo.body')}</p>
        </div>
      </section>
    );
  }
  if (!d.isForm) return <MethodResult d={d} />;

  return (
    <section className="method-tab" {...d.getRegionProps()}>
      <h2 {...d.getTitleProps()}>{t('method.tab.title', { name: text(d.name) })}</h2>
      <p className="muted">{t(d.needsAccount ? 'method.tab.intro_direct' : 'method.tab.intro_redirect', { name: text(d.name) })}</p>
      <form {...d.getFormProps()}>
        {d.needsAccount && (
          <>
            <label className="field">
              <span>{t('method.account.label')}</span>
              <input autoComplete="off" required data-testid="method-account" {...d.getFieldProps('account')} />
            </label>
            <label className="field">
              <span>{t('method.secure_id.label')}</span>
              <input type="password" inputMode="numeric" autoComplete="off" maxLength={6} required data-testid="method-secure-id" {...d.getFieldProps('secureId')} />
            </label>
          </>
        )}
        {/* the amount, the bonus and the promo code are the funding page's amount line beside this form */}
        {d.error && (
          <p key={d.shakes} className="form-error shake" {...d.getErrorProps()}>
            {text(d.error)}
          </p>
        )}
        <button className="button button--wide" data-testid="method-submit" {...d.getSubmitProps()}>
          {text(d.submitLabel)}
        </button>
      </form>
    </section>
  );
}
