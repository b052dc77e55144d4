import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { selectSettings, sessionActor } from '../../flows/app';
import { useT } from '../../i18n';

/** #/home: the embedded trading platform (minimum height 700, spec 000 §9). */
export function HomeView() {
  const { t } = useT();
  const base = useSelector(sessionActor, (s) => selectSettings(s)?.platform ?? '/platform');
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin) return;
      if ((e.data as { type?: string } | null)?.type === 'platform.not_auth') sessionActor.send({ type: 'platform.notAuth' });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  return (
    <section className="platform">
      <iframe className="platform__frame" title={t('home.platform_title')} src={`${base}/trade`} />
    </section>
  );
}
