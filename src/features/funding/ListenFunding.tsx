import { useParams } from 'react-router-dom';
import { useListenFunding } from '../../flows/funding-hooks';
import { registerMessages, useT } from '../../i18n';
import { Spinner } from '../../ui/Spinner';
import { messages } from './messages';

registerMessages(messages);

/**
 * #/listen/funding/{proc}/{id}/{uid}: a processor's page (3-D Secure, a hosted page) came back.
 * The stored run listens for that attempt, then the funding page resumes it; a payment this tab
 * does not know shows the "in progress" alert instead.
 */
export default function ListenFunding() {
  const { t } = useT();
  const { proc = '', id = '', uid = '' } = useParams();
  useListenFunding(proc, id, uid);
  return (
    <section className="panel">
      <Spinner label={t('listen.resuming')} />
    </section>
  );
}
