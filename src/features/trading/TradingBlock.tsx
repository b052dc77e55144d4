import { useId, useState } from 'react';
import { useTradingBlock } from '../../flows/trading-block';
import { useT } from '../../i18n';
import { Modal } from '../../ui/Modal';

type TradingBlockApi = ReturnType<typeof useTradingBlock>;

function SignModal({ block }: { block: TradingBlockApi }) {
  const { t, text } = useT();
  const nameId = useId();
  const [name, setName] = useState('');
  const [agree, setAgree] = useState(false);
  const { signing, error, registeredName: registered } = block;
  return (
    <Modal
      title={t('block.modal_title')}
      closeLabel={t('common.close')}
      onClose={block.close}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={block.close} disabled={signing}>
            {t('block.cancel')}
          </button>
          <button type="submit" form="trading-sign" className="button" disabled={signing} data-testid="sign-submit">
            {t(block.submitLabel)}
          </button>
        </>
      }
    >
      <form
        id="trading-sign"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          block.sign(name, agree);
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
              block.edit();
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
              block.edit();
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
  const block = useTradingBlock();
  if (!block.locked) return null;
  const left = block.reopensLeft;
  return (
    <>
      <div className="trading-lock" data-testid="trading-lock" onClick={block.click}>
        <div className="trading-lock__card" role="status" onClick={(e) => e.stopPropagation()}>
          <h2>{t('block.locked_title')}</h2>
          <p>{t('block.locked_body')}</p>
          <button type="button" className="button" onClick={block.open}>
            {t('block.sign_button')}
          </button>
          {left > 0 && <p className="muted small">{t('block.reopens_left', { left })}</p>}
        </div>
      </div>
      {block.modalOpen && <SignModal block={block} />}
    </>
  );
}
