import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { selectSettings, sessionActor } from '../../flows/app';
import { platformBalanceSeen } from '../../flows/balance-sync';
import { registerMessages, useT } from '../../i18n';
import { messages } from './messages';
import { TradingBlock } from './TradingBlock';
import './trading.css';

registerMessages(messages);

/**
 * #/home: the embedded trading platform (minimum height 700, spec 000 §9). Its messages (same
 * origin only): not-auth logs out; the balance it shows goes to the balance sync.
 */
export function HomeView() {
  const { t } = useT();
  const base = useSelector(sessionActor, (s) => selectSettings(s)?.platform ?? '/platform');
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin) return;
      const data = e.data as { type?: string; available?: unknown; all?: unknown } | null;
      if (data?.type === 'platform.not_auth') sessionActor.send({ type: 'platform.notAuth' });
      else if (data?.type === 'platform.balance') platformBalanceSeen(data);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  return (
    <section className="platform">
      <iframe className="platform__frame" title={t('home.platform_title')} src={`${base}/trade`} />
      <TradingBlock />
    </section>
  );
}
