import { lazy, Suspense, type MouseEvent } from 'react';
import type { PublicTab, TabContent } from '../../../core/contract/public-site';
import { PUBLIC_TABS } from '../../../core/public-site/tabs';
import { tabPath } from '../../../core/public-site/content';
import { useSessionBasics } from '../../flows/shell/app.flow';
import { tabOfPath, usePublicData, useSiteMenu, useTabLoader } from '../../flows/public/public-site.flow';
import { LANGUAGES, registerMessages, useT } from '../../i18n';
import { mainProps } from '../../ui/SkipLink';
import { Spinner } from '../../ui/Spinner';
import { messages } from './messages';
import { Faq, PriceLabel } from './Widgets';
import { VisitorGiftEntry } from '../offers/gift-entry';
import { VisitorChat } from '../chat-launcher/VisitorChat';
import './public.css';

registerMessages(messages);

// the media widgets load after the text (their own chunk): the landing page's first JavaScript stays small
const Slider = lazy(() => import('./MediaWidgets').then((m) => ({ default: m.Slider })));
const VideoPopup = lazy(() => import('./MediaWidgets').then((m) => ({ default: m.VideoPopup })));
const ZoomBlock = lazy(() => import('./MediaWidgets').then((m) => ({ default: m.ZoomBlock })));
const Runline = lazy(() => import('./MediaWidgets').then((m) => ({ default: m.Runline })));

/** a plain left click: the tab loader takes it; anything else (new tab, ctrl) is the browser's */
const plainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

function TabBody({ content, data }: { content: TabContent; data: ReturnType<typeof usePublicData> }) {
  const widgets = new Set(content.widgets);
  return (
    <article className="site-tab" data-testid={`site-tab-${content.tab}`}>
      <h1>{content.heading}</h1>
      <p className="site-lead">{content.lead}</p>
      {widgets.has('prices') && <PriceLabel label={data.priceLabel} />}
      {/* the media widgets' place is kept while their chunk loads (public.css): the text under them stays put */}
      <div className={`site-media${widgets.has('slider') ? ' site-media--slider' : ''}`}>
        <Suspense fallback={null}>
          {widgets.has('runline') && <Runline entries={data.runline} />}
          {widgets.has('video') && <VideoPopup />}
          {widgets.has('slider') && <Slider />}
        </Suspense>
      </div>
      {content.sections.map((s) => (
        <section key={s.heading} className="site-section">
          <h2>{s.heading}</h2>
          {s.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
      <Faq items={content.faq} />
      <Suspense fallback={null}>{widgets.has('zoom') && <ZoomBlock />}</Suspense>
    </article>
  );
}

/**
 * The public site: /{lang}/ and /{lang}/{tab} (about, accounts, faq), each tab's text
 * from /api/tb/{tab} (the first one from the page itself), links between tabs through the async
 * tab loader (no reload, the address pushed), the widgets, and the ways in.
 */
export default function PublicSite() {
  const { t, text, lang } = useT();
  const { signedIn } = useSessionBasics();
  const loader = useTabLoader(lang, tabOfPath(window.location.pathname) ?? 'home');
  const menu = useSiteMenu();
  const data = usePublicData(lang);
  const open = (tab: PublicTab) => (e: MouseEvent) => {
    if (!plainClick(e)) return;
    e.preventDefault();
    menu.onClose();
    loader.onOpen(tab);
  };
  return (
    <div className="site" data-testid="public-site" onKeyDown={(e) => e.key === 'Escape' && menu.onClose()}>
      <header className="site-header">
        <a className="site-brand" href={tabPath(lang, 'home')} onClick={open('home')}>
          {data.site?.company.name ?? t('app.name')}
        </a>
        <VisitorChat />
        <button className="site-menu-toggle" {...menu.getToggleProps()} data-testid="site-menu-toggle">
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">{text(menu.toggleLabel)}</span>
        </button>
        <nav {...menu.getNavProps()} className={`site-nav${menu.isOpen ? ' site-nav--open' : ''}`} aria-label={t('site.nav_label')} data-testid="site-nav">
          {PUBLIC_TABS.map((tab) => (
            <a key={tab} {...loader.getLinkProps(tab)} onClick={open(tab)} data-testid={`site-link-${tab}`}>
              {t(`site.tab_${tab}`)}
            </a>
          ))}
          <a href={`/${lang}/contacts`} data-testid="site-link-contacts">
            {t('site.contacts')}
          </a>
          {signedIn ? (
            <a className="button button--small" href={`/${lang}/trading`} data-testid="site-to-trading">
              {t('site.to_trading')}
            </a>
          ) : (
            <>
              <a href={`/${lang}/login`} data-testid="site-login">
                {t('site.login')}
              </a>
              <a className="button button--small" href={`/${lang}/register`} data-testid="site-register">
                {t('site.register')}
              </a>
            </>
          )}
          <span className="site-langs" aria-label={t('site.language')}>
            {LANGUAGES.map((l) => (
              <a key={l} {...loader.getLanguageProps(l)} data-testid={`site-lang-${l}`}>
                {l.toUpperCase()}
              </a>
            ))}
          </span>
        </nav>
      </header>
      <main {...mainProps()} className={`site-main${loader.isLoading ? ' site-main--loading' : ''}`} {...loader.getMainProps()}>
        {loader.isFailed && (
          <div className="offline" {...loader.getProblemProps()} data-testid="site-load-failed">
            {text(loader.error)}{' '}
            <button type="button" className="button button--small" onClick={loader.onRetry}>
              {t('site.retry')}
            </button>
          </div>
        )}
        {loader.content ? <TabBody content={loader.content} data={data} /> : !loader.isFailed && <Spinner label={t('site.loading')} />}
      </main>
      {/* the gift popup (15 s, 1-day cookie) belongs to the engagement issue: it mounts here */}
      <div id="site-gift-slot" data-slot="gift"><VisitorGiftEntry lang={lang} /></div>
      {data.site && (
        <footer className="site-footer">
          <p data-testid="site-company">{t('site.company_contacts', { name: data.site.company.name, email: data.site.company.email, phone: data.site.company.phone })}</p>
        </footer>
      )}
    </div>
  );
}
