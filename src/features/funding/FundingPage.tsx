import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { selectSettings, selectUser, sessionActor } from '../../flows/shell/app.flow';
import { fundingPageKey } from '../../flows/funding/funding.flow';
import { showFundingPopup, useFunding } from '../../flows/funding/funding.hooks';
import { registerMessages, useT } from '../../i18n';
import { SandboxBanner } from '../../ui/SandboxBanner';
import { Spinner } from '../../ui/Spinner';
import { useTabs } from '../../ui/useTabs';
import type { PageProps } from '../../app/page';
import { AmountLine } from './AmountLine';
import { FundingActorContext } from './context';
import { lazyView } from './lazy';
import { lazyPage } from '../../ui/lazyPage';
import { messages } from './messages';
import { fundingTabViews } from './tabs';
import './funding.css';

registerMessages(messages);
// a deposit limit's refusal, in the trader's language (after the page: see limits/messages.ts)
void import('./limits/messages').then((m) => registerMessages(m.messages));

/** the quick top-up above the card form (it shows itself only when the server offers it) */
const QuickTopUp = lazyView(() => import('./quick/QuickTopUp'));
// what stops a deposit now (issue 30 §4): its own chunk, read beside the page's first load
const CashierLocks = lazyPage(() => import('../cashier-locks/CashierLocks'), 'none');

/** #/show/funding[/{add}[/{ng}]] (spec 001 §2-§4): the deposit tabs, the amount line, the tab's view. */
export default function FundingPage({ add = '', ng = '' }: PageProps) {
  const { t } = useT();
  const user = useSelector(sessionActor, selectUser);
  const settings = useSelector(sessionActor, selectSettings);
  if (!user || !settings) return <section className="panel"><Spinner label={t('funding.loading')} /></section>;
  return <Funding key={fundingPageKey(user, add, ng)} add={add} ng={ng} />;
}

function Funding({ add, ng }: { add: string; ng: string }) {
  const { t, text, lang } = useT();
  const settings = useSelector(sessionActor, selectSettings)!;
  const { actor, ...f } = useFunding({ add, ng, lang });

  // the add parameter's alert and the partner-risk popup go through the modal manager
  const { popup, onPopupShown } = f;
  useEffect(() => {
    if (!popup) return;
    showFundingPopup(popup);
    onPopupShown();
  }, [popup, onPopupShown]);

  const View = fundingTabViews[f.tab];
  // the WAI-ARIA tabs pattern: one Tab stop for the row, arrows, Home and End (src/ui/useTabs.ts)
  const tabs = useTabs({
    ids: f.tabs.map((tab) => tab.id),
    selected: f.tab,
    onSelect: (id) => f.tabs.find((tab) => tab.id === id)?.onSelect(),
    disabled: (id) => f.tabs.find((tab) => tab.id === id)?.disabled ?? false,
    label: t('funding.tabs.label'),
    prefix: 'fund',
  });
  return (
    <FundingActorContext.Provider value={actor}>
      <section className="panel funding">
        <h1>{t('funding.title')}</h1>
        {settings.sandbox && <SandboxBanner text={t('funding.sandbox')} />}
        <CashierLocks action="deposit" />
        {f.isDemo && (
          <div className="fund-demo" role="note">
            <strong>{t('funding.demo.title')}</strong> {t('funding.demo.warning')}
          </div>
        )}
        <div className="fund-tabs" {...tabs.getListProps()}>
          {f.tabs.map((tab) => (
            <button key={tab.id} className={`fund-tab${tab.selected ? ' fund-tab--on' : ''}`} {...tabs.getTabProps(tab.id)}>
              {text(tab.label)}
            </button>
          ))}
        </div>
        <div className="fund-panel" {...tabs.getPanelProps()}>
          {f.isLoading && <Spinner label={t('funding.loading')} />}
          {f.isLoadFailed && (
            <div role="alert">
              <p className="form-error">{t('funding.load_failed')}</p>
              <button type="button" className="button" onClick={f.onRetry}>{t('funding.retry')}</button>
            </div>
          )}
          {f.isReady && f.isCardTab && <QuickTopUp />}
          {f.isReady && (
            <div className={f.hasAmountLine ? 'fund-grid' : undefined}>
              {f.hasAmountLine && f.amountLine && <AmountLine line={f.amountLine} />}
              <View key={f.tab} tab={f.tab} />
            </div>
          )}
        </div>
      </section>
    </FundingActorContext.Provider>
  );
}
