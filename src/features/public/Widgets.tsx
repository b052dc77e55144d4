import type { TabContent } from '../../../core/contract/public-site';
import { priceBoxProps } from '../../flows/public/public-data.connect';
import type { PriceLabelText } from '../../flows/public/price-label';
import { useFaqAccordion } from '../../flows/public/public-site.flow';
import { useT } from '../../i18n';

export function Faq({ items }: { items: TabContent['faq'] }) {
  const a = useFaqAccordion();
  if (items.length === 0) return null;
  return (
    <div className="site-faq" data-testid="site-faq">
      {items.map((q) => (
        <div key={q.id} className="site-faq__item">
          <h3>
            <button {...a.getQuestionProps(q.id)} data-testid={`faq-q-${q.id}`}>
              {q.question}
            </button>
          </h3>
          <p {...a.getAnswerProps(q.id)} data-testid={`faq-a-${q.id}`}>
            {q.answer}
          </p>
        </div>
      ))}
    </div>
  );
}

/**
 * The red label: approximate BTC and LTC prices from the rates call, no markup (spec README rule 2).
 * Drawn with the page, its size kept (public.css) while the rates come: the values fill it in
 * without moving what follows (issue 33 §3). Its test id once the values are in.
 */
export function PriceLabel({ label }: { label: PriceLabelText | null }) {
  const { t } = useT();
  return (
    <aside className="site-prices" {...priceBoxProps(label)} aria-label={t('site.prices_title')}>
      <strong>{t('site.prices_title')}</strong>
      {label?.coins.map((c) => (
        <span key={c.symbol} data-testid={`site-price-${c.symbol}`}>
          {t('site.prices_line', { symbol: c.symbol, price: c.price, spend: label.spend, amount: c.forNumber })}
        </span>
      ))}
      {label && <small>{t('site.prices_note', { at: label.at })}</small>}
    </aside>
  );
}
