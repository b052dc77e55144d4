import type { Offer } from '../../../core/contract/offers';
import { formatAmount } from '../../flows/shared/money';
import { useTimedOffer } from '../../flows/offers/timed-offer.flow';
import { registerMessages, useT } from '../../i18n';
import { messages } from './messages';

registerMessages(messages);

/** A timed offer (dynamic modal timed_offer): its terms, the server's deadline, accept or decline. */
export default function OfferDialog(props: Record<string, unknown> & { onClose: () => void }) {
  const { onClose } = props;
  const { t, text, lang } = useT();
  // the props src/flows/offers/offers-load.ts opened the modal with
  const o = useTimedOffer(props.offer as Offer, Number(props.offsetMs) || 0);
  const params = { value: formatAmount(o.terms.value, o.terms.currency, lang), max: formatAmount(o.terms.maxBonusValue, o.terms.currency, lang), multiplier: o.terms.turnoverMultiplier };
  return (
    <div className="offer" data-testid="offer" data-kind={o.kind} data-expires-at={o.expiresAt}>
      <p data-testid="offer-terms">{o.kind === 'giveaway' ? t('offers.giveaway.terms', params) : t(`offers.${o.kind}.terms`, { ...params, count: o.terms.codeHours })}</p>
      {o.isOpen && (
        <>
          <p data-testid="offer-deadline">{t('offers.deadline', { deadline: o.deadline, remaining: o.remaining })}</p>
          {o.error && (
            <p className="error" role="alert">
              {text(o.error)}
            </p>
          )}
          <div className="actions">
            <button type="button" className="button button--ghost" disabled={o.isBusy} onClick={o.onIgnore} data-testid="offer-ignore">
              {t('offers.ignore')}
            </button>
            <button type="button" className="button" disabled={o.isBusy} onClick={o.onAccept} data-testid="offer-accept" data-autofocus>
              {o.isBusy ? t('offers.working') : t('offers.accept')}
            </button>
          </div>
        </>
      )}
      {o.isAccepted && (
        <p role="status" data-testid="offer-accepted">
          {o.kind === 'limited'
            ? t('offers.limited.accepted', { code: o.promoCode ?? '', until: o.validUntil ?? '' })
            : o.kind === 'risk_free'
              ? t('offers.risk_free.accepted', { ...params, until: o.validUntil ?? '' })
              : t('offers.giveaway.accepted', params)}
        </p>
      )}
      {o.isIgnored && <p role="status" data-testid="offer-ignored">{t('offers.ignored')}</p>}
      {o.isExpired && <p role="status" data-testid="offer-expired">{t('offers.expired')}</p>}
      {!o.isOpen && (
        <div className="actions">
          <button type="button" className="button" onClick={onClose} data-testid="offer-close">
            {t('common.close')}
          </button>
        </div>
      )}
    </div>
  );
}
