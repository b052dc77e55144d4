import type { TabContent } from '../../../core/contract/public-site';
import { useFaqAccordion } from '../../flows/public/public-site.flow';

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
