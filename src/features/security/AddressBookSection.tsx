import { useState } from 'react';
import type { WithdrawalMethod } from '../../../core/contract';
import { hasTag, methodLabel } from '../../flows/security/address-book.connect';
import { useAddressBook } from '../../flows/security/address-book.flow';
import { registerMessages, useT } from '../../i18n';
import { messages as withdrawalTexts } from '../withdrawal/messages';
import { SectionLoad } from './SectionLoad';

// the payout methods' names and the destination refusals read as on the withdrawal page
registerMessages(withdrawalTexts);

/** "Withdrawal address book" on the security page (issue 31 §6): saved destinations and where each stands, Remove, Save a destination, only to saved. */
export function AddressBookSection() {
  const { t, text } = useT();
  const view = useAddressBook();
  const [method, setMethod] = useState<WithdrawalMethod>(view.methods[0]!);
  return (
    <section className="panel security__panel" {...view.getRegionProps()} data-testid="address-book">
      <h2 {...view.getTitleProps()}>{t('book.title')}</h2>
      {view.holdHours !== null && <p className="muted">{t('book.intro', { hours: String(view.holdHours) })}</p>}
      <SectionLoad view={view} />
      {view.empty && <p className="muted">{t('book.empty')}</p>}
      {view.items.length > 0 && (
        <ul className="sessions">
          {view.items.map((item) => (
            <li key={item.id} className="sessions__item" data-testid="destination-row" data-state={item.state}>
              <div>
                <strong>{item.label}</strong> <span className="muted">· {text(methodLabel(item.method))}</span>
                <p className="muted sessions__facts">
                  <span className="book__wallet">{item.wallet}</span>
                  {item.alt && <span>{t('book.tag', { alt: item.alt })}</span>}
                </p>
                <p className="small" data-testid="destination-state">
                  {item.state === 'on_hold' ? t('book.state.on_hold', { at: item.usableAt ?? '' }) : t(`book.state.${item.state}`)}
                </p>
              </div>
              <button className="button button--ghost button--small" {...item.getRemoveProps()}>
                {t(item.removing ? 'book.removing' : 'book.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {!view.loading && !view.loadFailed && (
        <>
          <label className="security__check">
            <input {...view.getSavedOnlyProps()} data-testid="saved-only" /> {t('book.saved_only')}
          </label>
          <p className="muted small">{view.savedOnlyEndsAt ? t('book.saved_only_ending', { at: view.savedOnlyEndsAt }) : t('book.saved_only_hint')}</p>
          <form key={view.formKey} {...view.getFormProps(method)} data-testid="book-form">
            <h3>{t('book.add_title')}</h3>
            <label className="field">
              <span>{t('book.method')}</span>
              <select {...view.getFieldProps('method', (value) => setMethod(value as WithdrawalMethod))} value={method}>
                {view.methods.map((m) => (
                  <option key={m} value={m}>
                    {text(methodLabel(m))}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>{t('book.wallet')}</span>
              <input autoComplete="off" spellCheck={false} autoCapitalize="off" {...view.getFieldProps('wallet')} />
            </label>
            {hasTag(method) && (
              <label className="field">
                <span>{t('book.alt')}</span>
                <input autoComplete="off" spellCheck={false} {...view.getFieldProps('alt')} />
              </label>
            )}
            <label className="field">
              <span>{t('book.label')}</span>
              <input autoComplete="off" {...view.getFieldProps('label')} />
              <span className="muted small">{t('book.label_hint', { max: String(view.labelMax) })}</span>
            </label>
            <button className="button" {...view.getSubmitProps()}>
              {t(view.saving ? 'book.saving' : 'book.save')}
            </button>
          </form>
        </>
      )}
      {(view.done || view.failed) && (
        <p {...view.getAnswerProps()} className={view.failed ? 'form-error' : 'form-note'} data-testid="book-answer">
          {view.failed && view.error ? text(view.error) : t(`book.done.${view.done}`)}
        </p>
      )}
    </section>
  );
}
