import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { MAX_REOPENS } from '../../../machines/trading-block/trading-block.machine';
import { selectUser, sessionActor } from '../../flows/app';
import { inspect } from '../../flows/inspector';
import {
  blockFacts,
  selectLocked,
  selectModalOpen,
  selectReopens,
  selectSignError,
  selectSigning,
  storedReopens,
  storeReopens,
  tradingBlockFlow,
} from '../../flows/trading-block';
import { useT } from '../../i18n';
import { Modal } from '../../ui/Modal';

function SignModal({ actor, user }: { actor: ReturnType<typeof useActorRef<typeof tradingBlockFlow>>; user: NonNullable<ReturnType<typeof selectUser>> }) {
  const { t, text } = useT();
  const nameId = useId();
  const [name, setName] = useState('');
  const [agree, setAgree] = useState(false);
  const signing = useSelector(actor, selectSigning);
  const error = useSelector(actor, selectSignError);
  const registered = `${user.firstName} ${user.lastName}`.trim();
  return (
    <Modal
      title={t('block.modal_title')}
      closeLabel={t('common.close')}
      onClose={() => actor.send({ type: 'sign.close' })}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={() => actor.send({ type: 'sign.close' })} disabled={signing}>
            {t('block.cancel')}
          </button>
          <button type="submit" form="trading-sign" className="button" disabled={signing} data-testid="sign-submit">
            {signing ? t('block.signing') : t('block.submit')}
          </button>
        </>
      }
    >
      <form
        id="trading-sign"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'sign.submit', name, agree });
        }}
      >
        <p>{t('block.modal_body')}</p>
        {error && (
          <p className="form-error" role="alert">
            {text(error)}
          </p>
        )}
        <label className="field" htmlFor={nameId}>
          {t('block.name_label')}
          <input
            id={nameId}
            data-autofocus
            autoComplete="name"
            value={name}
            disabled={signing}
            onChange={(e) => {
              setName(e.target.value);
              actor.send({ type: 'sign.edit' });
            }}
          />
          {registered && <small className="muted">{t('block.name_hint', { name: registered })}</small>}
        </label>
        <label className="tb-check">
          <input
            type="checkbox"
            checked={agree}
            disabled={signing}
            onChange={(e) => {
              setAgree(e.target.checked);
              actor.send({ type: 'sign.edit' });
            }}
          />{' '}
          {t('block.agree')}
        </label>
      </form>
    </Modal>
  );
}

/**
 * The trading block (spec 002 §4) over the embedded platform: while it holds, the platform
 * cannot be used, clicks on it reopen the sign-up modal (up to 10 times), and signing unlocks it.
 */
export function TradingBlock() {
  const { t } = useT();
  const user = useSelector(sessionActor, selectUser);
  const actor = useActorRef(tradingBlockFlow, {
    input: { facts: blockFacts(user!), reopens: storedReopens() },
    inspect,
  });
  const locked = useSelector(actor, selectLocked);
  const modalOpen = useSelector(actor, selectModalOpen);
  const reopens = useSelector(actor, selectReopens);
  useEffect(() => {
    if (user) actor.send({ type: 'user.changed', facts: blockFacts(user) });
  }, [actor, user]);
  useEffect(() => storeReopens(reopens), [reopens]);
  if (!locked || !user) return null;
  const left = MAX_REOPENS - reopens;
  return (
    <>
      <div className="trading-lock" data-testid="trading-lock" onClick={() => actor.send({ type: 'block.click' })}>
        <div className="trading-lock__card" role="status" onClick={(e) => e.stopPropagation()}>
          <h2>{t('block.locked_title')}</h2>
          <p>{t('block.locked_body')}</p>
          <button type="button" className="button" onClick={() => actor.send({ type: 'sign.open' })}>
            {t('block.sign_button')}
          </button>
          {left > 0 && <p className="muted small">{t('block.reopens_left', { left })}</p>}
        </div>
      </div>
      {modalOpen && <SignModal actor={actor} user={user} />}
    </>
  );
}
