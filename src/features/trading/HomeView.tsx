import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
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
  const { t, lang } = useT();
  const base = useSelector(sessionActor, (s) => selectSettings(s)?.platform ?? '/platform');
  // the platform page's content height: the frame is at least that tall, so nothing in it needs
  // a scroll of its own (on a phone the Up/Down buttons are reached by the page's scroll)
  const [contentHeight, setContentHeight] = useState(0);
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin) return;
      const data = e.data as { type?: string; available?: unknown; all?: unknown } | null;
      if (data?.type === 'platform.not_auth') sessionActor.send({ type: 'platform.notAuth' });
      else if (data?.type === 'platform.balance') platformBalanceSeen(data);
      else if (data?.type === 'platform.height' && typeof (data as { height?: unknown }).height === 'number') {
        setContentHeight(Math.min(Math.max(0, Math.ceil((data as { height: number }).height)), 20_000));
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  return (
    <section className="platform">
      <iframe
        className="platform__frame"
        title={t('home.platform_title')}
        src={`${base}/trade?lang=${lang}`}
        style={contentHeight > 0 ? { minHeight: `max(700px, ${contentHeight + 2}px)` } : undefined}
      />
      <TradingBlock />
    </section>
  );
}
