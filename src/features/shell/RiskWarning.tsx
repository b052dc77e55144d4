import { lazy, Suspense } from 'react';
import { formatDate } from '../../../core/format-dates';
import { useRiskFigure } from '../../flows/shell/app.flow';
import { useT } from '../../i18n';

/**
 * The risk warning on every page, public and signed in (issue 30 §5), in the page's language: the
 * general sentence, and our own figure (the share of our retail traders' accounts that lost money
 * over the last 12 months, computed daily from the ledger: core/risk-warning.ts) with its day.
 * Before the first computation, or when no account traded, only the general sentence: never an
 * invented number. A line in the page's flow, not an overlay: it never covers the ticket.
 */
export function RiskWarning() {
  return (
    <>
      <RiskLine figure={useRiskFigure()} />
      <Suspense fallback={null}>
        <LegalLinks />
      </Suspense>
    </>
  );
}

// the legal documents under the warning (issue 30 §5): a small chunk of their own, after the page
const LegalLinks = lazy(() => import('../legal/LegalLinks'));

/** The line itself, for a figure (or none). */
export function RiskLine({ figure }: { figure: { percent: number; day: string } | null }) {
  const { t } = useT();
  return (
    <footer className="risk-line" data-testid="risk-warning">
      <p>
        {t('risk.warning')}
        {figure && ` ${t('risk.figure', { percent: String(figure.percent), day: formatDate(`${figure.day}T00:00:00Z`, 'UTC') })}`}
      </p>
    </footer>
  );
}
