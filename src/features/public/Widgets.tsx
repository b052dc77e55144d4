import type { CryptoRates } from '../../../core/contract/crypto';
import type { PublicRunlineEntry, TabContent } from '../../../core/contract/public-site';
import { useFaqAccordion } from '../../flows/public-site';
import { priceLabel, runlineItems } from '../../flows/public-site-view';
import { useT } from '../../i18n';

/** The red label: approximate BTC and LTC prices from the rates call, no markup (spec README rule 2). */
export function PriceLabel({ rates, marketingNumber }: { rates: CryptoRates | null; marketingNumber: number }) {
  const { t, lang } = useT();
  const label = priceLabel(rates, marketingNumber, lang);
  if (!label) return null;
  return (
    <aside className="site-prices" data-testid="site-prices" aria-label={t('site.prices_title')}>
      <strong>{t('site.prices_title')}</strong>
      {label.coins.map((c) => (
        <span key={c.symbol} data-testid={`site-price-${c.symbol}`}>
          {t('site.prices_line', { symbol: c.symbol, price: c.price, spend: label.spend, amount: c.forNumber })}
        </span>
      ))}
      <small>{t('site.prices_note', { at: label.at })}</small>
    </aside>
  );
}

/** The ticker of real settled trades; hidden when there are none. */
export function Runline({ entries }: { entries: PublicRunlineEntry[] | null }) {
  const { t, text } = useT();
  const items = runlineItems(entries);
  if (items.length === 0) return null;
  return (
    <section className="site-runline" data-testid="site-runline" aria-label={t('site.runline_label')}>
      <div className="site-runline__track">
        {items.map((item) => (
          <span key={item.key}>{text(item.text)}</span>
        ))}
      </div>
      <small>{t('site.runline_note')}</small>
    </section>
  );
}

export function Faq({ items }: { items: TabContent['faq'] }) {
  const a = useFaqAccordion();
  if (items.length === 0) return null;
  return (
    <div className="site-faq" data-testid="site-faq">
      {items.map((q) => (
        <div key={q.id} className="site-faq__item">
          <h3>
            <button type="button" aria-expanded={a.isOpen(q.id)} aria-controls={`faq-${q.id}`} onClick={() => a.onToggle(q.id)} data-testid={`faq-q-${q.id}`}>
              {q.question}
            </button>
          </h3>
          <p id={`faq-${q.id}`} hidden={!a.isOpen(q.id)} data-testid={`faq-a-${q.id}`}>
            {q.answer}
          </p>
        </div>
      ))}
    </div>
  );
}
