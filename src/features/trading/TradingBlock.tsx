import type { SignatureRef } from '../../flows/trading/signature.connect';
import { useTradingBlock } from '../../flows/trading/trading-block.flow';
import { useT } from '../../i18n';
import { lazyPage } from '../../ui/lazyPage';
import { Modal } from '../../ui/Modal';

// the agreement's text, the pad and signature_pad load only for a trader under the block, not with
// every trading page; in one chunk, so nothing in the dialog moves as its parts arrive
const SignModalBody = lazyPage<{ signature: SignatureRef | undefined }>(() => import('./SignModalBody'), 'inline');

type TradingBlockApi = ReturnType<typeof useTradingBlock>;

function SignModal({ block }: { block: TradingBlockApi }) {
  const { t } = useT();
  return (
    // mandatory: no close button, Escape and the backdrop do not dismiss it; "Not now" does
    <Modal
      title={t('block.modal_title')}
      closeLabel={t('common.close')}
      mandatory
      footer={
        <button type="button" className="button button--ghost" onClick={block.close}>
          {t('block.cancel')}
        </button>
      }
    >
      <p>{t('block.modal_body')}</p>
      <SignModalBody signature={block.signature} />
    </Modal>
  );
}

/**
 * The trading block (spec 002 §4) over the embedded platform: while it holds, the platform
 * cannot be used, clicks on it reopen the sign-up modal (up to 10 times), and a saved drawn
 * signature unlocks it.
 */
export function TradingBlock() {
  const { t } = useT();
  const block = useTradingBlock();
  if (!block.locked) return null;
  const left = block.reopensLeft;
  return (
    <>
      <div {...block.getLockProps()} className="trading-lock" data-testid="trading-lock">
        <div {...block.getCardProps()} className="trading-lock__card">
          <h2>{t('block.locked_title')}</h2>
          <p>{t('block.locked_body')}</p>
          <button {...block.getSignProps()} className="button">
            {t('block.sign_button')}
          </button>
          {left > 0 && <p className="muted small">{t('block.reopens_left', { count: left })}</p>}
        </div>
      </div>
      {block.modalOpen && <SignModal block={block} />}
    </>
  );
}
