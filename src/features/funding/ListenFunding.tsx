import { useParams } from 'react-router-dom';
import { isMethod } from '../../../core/methods';
import { useListenFunding } from '../../flows/funding/funding.hooks';
import { registerMessages, useT } from '../../i18n';
import { Spinner } from '../../ui/Spinner';
import { lazyView } from './lazy';
import { messages } from './messages';

registerMessages(messages);

/** Back from a wallet provider's page: the method deposit's status. */
const MethodReturn = lazyView(() => import('./methods/MethodReturn'));

/**
 * #/listen/funding/{proc}/{id}/{uid}: a processor's page (3-D Secure, a hosted page) came back.
 * The stored run listens for that attempt, then the funding page resumes it; a payment this tab
 * does not know shows the "in progress" alert instead. A wallet method (neteller, skrill, …)
 * shows its deposit's status instead.
 */
export default function ListenFunding() {
  const { proc = '', id = '', uid = '' } = useParams();
  if (isMethod(proc)) return <MethodReturn method={proc} id={id} />;
  return <ListenCard proc={proc} id={id} uid={uid} />;
}

function ListenCard({ proc, id, uid }: { proc: string; id: string; uid: string }) {
  const { t } = useT();
  useListenFunding(proc, id, uid);
  return (
    <section className="panel">
      <Spinner label={t('listen.resuming')} />
    </section>
  );
}
