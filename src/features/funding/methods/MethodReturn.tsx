import { useMethodReturn } from '../../../flows/funding/method-deposit.flow';
import { registerMessages } from '../../../i18n';
import { MethodResult } from './MethodResult';
import { messages } from './messages';

registerMessages(messages);

/** #/listen/funding/{method}/{id}/{ref}: back from a wallet provider's page, the deposit's status until paid or failed. */
export default function MethodReturn({ method, id }: { method: string; id: string }) {
  const d = useMethodReturn(method, id);
  return (
    <section className="panel">
      <MethodResult d={d} onBack={d.onBack} />
    </section>
  );
}
