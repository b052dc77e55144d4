import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { TabId } from '../../../machines/funding/tabs';
import { selectSettings, selectUser, sessionActor, showAlert } from '../../flows/app';
import { fundingFlow, fundingInput } from '../../flows/funding';
import { selectDialog, selectFunding, selectFundingPhase } from '../../flows/funding-view';
import { inspect } from '../../flows/inspector';
import { registerMessages, useT } from '../../i18n';
import { SandboxBanner } from '../../ui/SandboxBanner';
import { Spinner } from '../../ui/Spinner';
import type { PageProps } from '../trading/pages';
import '../crypto';
import { AmountLine } from './AmountLine';
import { FundingActorContext } from './context';
import { messages } from './messages';
import './register-tabs';
import { fundingTabViews, type FundingTabId } from './tabs';
import './funding.css';

registerMessages(messages);

const isPhone = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 640px)').matches;

/** #/show/funding[/{add}[/{ng}]] (spec 001 §2-§4): the deposit tabs, the amount line, the tab's view. */
export default function FundingPage({ add = '', ng = '' }: PageProps) {
  const { t } = useT();
  const user = useSelector(sessionActor, selectUser);
  const settings = useSelector(sessionActor, selectSettings);
  if (!user || !settings) return <section className="panel"><Spinner label={t('funding.loading')} /></section>;
  return <Funding key={`${user.userId}/${user.current_accountId}/${add}/${ng}`} add={add} ng={ng} />;
}

function Funding({ add, ng }: { add: string; ng: string }) {
  const { t, lang } = useT();
  const user = useSelector(sessionActor, selectUser)!;
  const settings = useSelector(sessionActor, selectSettings)!;
  const input = useMemo(() => fundingInput(user, settings, lang, add, ng, isPhone()), []); // eslint-disable-line react-hooks/exhaustive-deps
  const actor = useActorRef(fundingFlow, { input, inspect });
  const phase = useSelector(actor, selectFundingPhase);
  const f = useSelector(actor, selectFunding);
  const dialog = useSelector(actor, selectDialog);

  // the add parameter's alert and the partner-risk popup go through the modal manager
  useEffect(() => {
    if (dialog === 'alert' && f.alert) showAlert({ title: f.alert.title, text: f.alert.text, variant: f.alert.variant });
    if (dialog === 'risk') showAlert({ title: { key: 'funding.risk.title' }, text: { key: 'funding.risk.text' }, variant: 'warning' });
    if (dialog !== 'none') actor.send({ type: 'alert.close' });
  }, [dialog, f.alert, actor]);

  const View = fundingTabViews[f.tab as FundingTabId];
  const cardTab = f.tab === 'card' || f.tab === 'jcb';
  return (
    <FundingActorContext.Provider value={actor}>
      <section className="panel funding">
        <h1>{t('funding.title')}</h1>
        {settings.sandbox && <SandboxBanner text={t('funding.sandbox')} />}
        {f.demo && (
          <div className="fund-demo" role="note">
            <strong>{t('funding.demo.title')}</strong> {t('funding.demo.warning')}
          </div>
        )}
        <div className="fund-tabs" role="tablist" aria-label={t('funding.tabs.label')}>
          {f.tabs.map((tab: TabId) => (
            <button
              key={tab}
              type="button"
              role="tab"
              id={`fund-tab-${tab}`}
              aria-selected={tab === f.tab}
              aria-controls="fund-panel"
              className={`fund-tab${tab === f.tab ? ' fund-tab--on' : ''}`}
              onClick={() => actor.send({ type: 'tab.select', tab })}
            >
              {t(`funding.tab.${tab}`)}
            </button>
          ))}
        </div>
        <div id="fund-panel" role="tabpanel" aria-labelledby={`fund-tab-${f.tab}`} className="fund-panel">
          {phase === 'loading' && <Spinner label={t('funding.loading')} />}
          {phase === 'loadFailed' && (
            <div role="alert">
              <p className="form-error">{t('funding.load_failed')}</p>
              <button type="button" className="button" onClick={() => actor.send({ type: 'options.retry' })}>{t('funding.retry')}</button>
            </div>
          )}
          {phase === 'ready' && (
            <div className={cardTab ? 'fund-grid' : undefined}>
              {cardTab && <AmountLine actor={actor} />}
              {View ? <View key={f.tab} tab={f.tab as FundingTabId} /> : <p className="fund-soon" role="status">{t('funding.coming_soon', { name: t(`funding.tab.${f.tab}`) })}</p>}
            </div>
          )}
        </div>
      </section>
    </FundingActorContext.Provider>
  );
}
