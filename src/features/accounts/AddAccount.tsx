import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { selectUser, sessionActor } from '../../flows/app';
import { inspect } from '../../flows/inspector';
import { accountsFlow } from '../../flows/security';
import { offeredCurrencies, selectAddError, selectAdding, selectCreating } from '../../flows/security-view';
import { registerMessages, useT } from '../../i18n';
import { Modal } from '../../ui/Modal';
import { messages } from './messages';

registerMessages(messages);

export type AccountsRef = ActorRefFrom<typeof accountsFlow>;

/** Offered currencies (spec 000 §5): the list minus those the trader has, except demo accounts. */
export function useOfferedCurrencies(): string[] {
  return offeredCurrencies(useSelector(sessionActor, selectUser));
}

/** A button that opens the add-account modal, with its own accounts flow. */
export function AddAccountButton() {
  const { t } = useT();
  const actor = useActorRef(accountsFlow, { inspect });
  return (
    <>
      <button type="button" className="button button--ghost button--small" onClick={() => actor.send({ type: 'add.open' })}>
        {t('accounts.add')}
      </button>
      <AddAccountModal actor={actor} />
    </>
  );
}

export function AddAccountModal({ actor }: { actor: AccountsRef }) {
  const { t, text } = useT();
  const open = useSelector(actor, selectAdding);
  const creating = useSelector(actor, selectCreating);
  const error = useSelector(actor, selectAddError);
  const offered = useOfferedCurrencies();
  if (!open) return null;
  const close = () => actor.send({ type: 'add.close' });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    actor.send({ type: 'add.submit', currency: String(new FormData(e.currentTarget).get('currency') ?? '') });
  };
  return (
    <Modal title={t('accounts.add.title')} onClose={close} closeLabel={t('common.close')} footer={null}>
      {offered.length === 0 ? (
        <p>{t('accounts.add.none')}</p>
      ) : (
        <form onSubmit={submit} noValidate>
          <label className="field">
            <span>{t('accounts.add.currency')}</span>
            <select name="currency" defaultValue="" disabled={creating} data-autofocus>
              <option value="">{t('accounts.add.choose')}</option>
              {offered.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
          {error && (
            <p className="form-error" role="alert">
              {text(error)}
            </p>
          )}
          <div className="modal__footer modal__footer--inline">
            <button type="button" className="button button--ghost" onClick={close}>
              {t('common.close')}
            </button>
            <button type="submit" className="button" disabled={creating}>
              {creating ? t('accounts.add.creating') : t('accounts.add.submit')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
