import { useVisitorGift } from '../../flows/offers/visitor-gift.flow';
import { registerMessages, useT } from '../../i18n';
import { Modal } from '../../ui/Modal';
import { formatNumber } from '../../../core/format';
import { messages } from './messages';

registerMessages(messages);

/** what a demo account opens with (server/domain/register/register.ts DEMO_VIRTUAL_MONEY) */
const DEMO_MONEY = 10_000;

/** The visitor gift popup (001 §6): what registering really gives, a demo account; 15 s after arrival, once a day; a modal in view. */
export default function VisitorGift({ lang }: { lang: string }) {
  const { t } = useT();
  const gift = useVisitorGift();
  if (!gift.isShown) return null;
  const amount = formatNumber(String(DEMO_MONEY), lang);
  return (
    <Modal
      title={t('gift.title')}
      closeLabel={t('gift.close')}
      onClose={gift.onClose}
      testId="site-gift"
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={gift.onClose} data-testid="site-gift-close">
            {t('gift.close')}
          </button>
          <a className="button" href={`/${lang}/register`} onClick={gift.onClose} data-testid="site-gift-demo">
            {t('gift.open_demo')}
          </a>
        </>
      }
    >
      <p>{t('gift.text', { amount })}</p>
    </Modal>
  );
}
