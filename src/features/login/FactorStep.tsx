import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { loginFlow } from '../../flows/login';
import { selectSettings, sessionActor } from '../../flows/app';
import { selectFactorChild } from '../../flows/two-factor-view';
import { useT } from '../../i18n';
import { Spinner } from '../../ui/Spinner';

// the code entry loads only when an account asks for it: the login page stays small
const CodeEntry = lazy(() => import('../two-factor/CodeEntry').then((m) => ({ default: m.CodeEntry })));

/** Sign-in, second step (spec 001 §4): the code of the account's second factor. */
export function FactorStep({ login }: { login: ActorRefFrom<typeof loginFlow> }) {
  const { t } = useT();
  const entry = useSelector(login, selectFactorChild);
  const email = useSelector(login, (s) => s.context.email);
  const sandbox = useSelector(sessionActor, (s) => selectSettings(s)?.sandbox ?? false);
  if (!entry) return null;
  return (
    <section aria-labelledby="factor-title" className="factor-step">
      <h2 id="factor-title">{t('login.factor_title')}</h2>
      <Suspense fallback={<Spinner label={t('common.loading')} />}>
        <CodeEntry entry={entry} onCancel={() => login.send({ type: 'factor.cancel' })} sandboxEmail={sandbox ? email : undefined} />
      </Suspense>
    </section>
  );
}
