import { lazy, Suspense } from 'react';
import type { EntryRef } from '../../flows/two-factor/two-factor.types';
import { useT } from '../../i18n';
import { Spinner } from '../../ui/Spinner';

// the code entry loads only when an account asks for it: the login page stays small
const CodeEntry = lazy(() => import('../two-factor/CodeEntry').then((m) => ({ default: m.CodeEntry })));

interface FactorStepProps {
  factorEntry: EntryRef | undefined;
  cancelFactor: () => void;
  sandboxEmail?: string;
  getFactorProps: () => { 'aria-labelledby': string };
  getFactorTitleProps: () => { id: string };
}

/** Sign-in, second step (spec 001 §4): the code of the account's second factor. */
export function FactorStep({ factorEntry, cancelFactor, sandboxEmail, getFactorProps, getFactorTitleProps }: FactorStepProps) {
  const { t } = useT();
  if (!factorEntry) return null;
  return (
    <section {...getFactorProps()} className="factor-step">
      <h2 {...getFactorTitleProps()}>{t('login.factor_title')}</h2>
      <Suspense fallback={<Spinner label={t('common.loading')} />}>
        <CodeEntry entry={factorEntry} onCancel={cancelFactor} sandboxEmail={sandboxEmail} />
      </Suspense>
    </section>
  );
}
