import type { MethodDepositViewModel } from '../../../flows/funding/method-deposit.connect';
import { useT } from '../../../i18n';
import { Spinner } from '../../../ui/Spinner';

/** A wallet deposit after the start: waiting for the provider, paid, or not paid (failed or held for review). */
export function MethodResult({ d, onBack }: { d: MethodDepositViewModel; onBack?: () => void }) {
  const { t, text } = useT();
  if (d.isListening) return <Spinner label={t('method.listening', { name: text(d.name) })} />;
  return (
    <section className="method-tab" {...d.getRegionProps()}>
      <div className={d.isPaid ? 'card-done' : 'form-error'} data-testid="method-result" {...d.getResultProps()}>
        <h2 {...d.getTitleProps()}>{t(d.isPaid ? 'method.paid.title' : 'method.failed.title')}</h2>
        <p>{t(d.isPaid ? 'method.paid.body' : d.isFlagged ? 'method.flagged.body' : 'method.failed.body', { name: text(d.name) })}</p>
      </div>
      <button className="button" {...d.getAgainProps(onBack)}>{t(onBack ? 'method.back' : 'method.again')}</button>
    </section>
  );
}
