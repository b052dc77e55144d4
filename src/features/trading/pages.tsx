import type { ComponentType } from 'react';
import { useT } from '../../i18n';
import { AccountsEntry, SecurityEntry, ValidateEntry, WithdrawalEntry } from '../withdrawal/entries';
import { InvoicePageView } from '../crypto/pages';
import { HistoryEntry, ReportsEntry } from '../reports/entries';
import { FundingEntry, ListenFundingEntry } from '../funding';

export interface PageProps {
  add?: string;
  ng?: string;
}

function Pending({ title }: { title: 'page.funding.title' | 'page.personal.title' }) {
  const { t } = useT();
  return (
    <section className="panel">
      <h1>{t(title)}</h1>
      <p>{t('page.pending')}</p>
    </section>
  );
}

/**
 * Named pages of #/show/{page} (spec 000 §2: funding and personal). Each area replaces its
 * entry when it lands; an unknown name goes home.
 */
export const showPages: Record<string, ComponentType<PageProps>> = {
  funding: FundingEntry,
  personal: () => <Pending title="page.personal.title" />,
  withdrawal: WithdrawalEntry,
  security: SecurityEntry,
  accounts: AccountsEntry,
  invoice: InvoicePageView,
  history: HistoryEntry,
  reports: ReportsEntry,
};

/** Named fragments of #/sw/{page} (e.g. validate, from the validation issue). */
export const swPages: Record<string, ComponentType<PageProps>> = {
  validate: ValidateEntry,
};

/** Pages of #/listen/{page}/{proc}/{id}/{uid}: a processor's page came back (issue 3: funding). */
export const listenPages: Record<string, ComponentType> = { funding: ListenFundingEntry };
