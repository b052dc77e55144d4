import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { LANGUAGES, useT, type Lang } from '../i18n';
import { CoveragePage, CoverageTable } from './CoveragePage';
import { LivePage } from './LivePage';
import { MachineList } from './MachineList';
import { MachinePage } from './MachinePage';
import { hrefs, useRoute } from './route';
import { useServices } from './services';

/** the Spec coverage page (its 205 rules' texts in two languages) loads when first opened, as its own chunk */
const SpecPage = lazy(() => import('./SpecPage').then((m) => ({ default: m.SpecPage })));

function Home() {
  const { t } = useT();
  return (
    <section className="x-page" aria-labelledby="home-title">
      <h1 id="home-title">{t('explorer.tagline')}</h1>
      <p>{t('explorer.home.intro')}</p>
      <p className="x-muted">{t('explorer.home.how_live')}</p>
      <h2>{t('explorer.coverage.title')}</h2>
      <CoverageTable />
    </section>
  );
}

/** The explorer: header, the machine list and search, and the page the hash route picks. */
export function ExplorerApp({ onLang }: { onLang: (lang: Lang) => void }) {
  const { t, lang } = useT();
  const { live } = useServices();
  const route = useRoute();
  const [query, setQuery] = useState('');
  const title = t('explorer.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
  const running = useSelector(live, (s) => s.context.order.filter((k) => !s.context.actors[k].ended).length);
  const nav = [
    { href: hrefs.home, label: t('explorer.nav.machines'), current: route.name === 'home' || route.name === 'machine' },
    { href: hrefs.live, label: t('explorer.nav.live'), current: route.name === 'live', count: running },
    { href: hrefs.coverage, label: t('explorer.nav.coverage'), current: route.name === 'coverage' || route.name === 'spec' },
  ];
  return (
    <div className="x-app">
      <header className="x-top">
        <a className="x-brand" href={hrefs.home}>
          {t('explorer.title')}
        </a>
        <nav className="x-nav" aria-label={t('explorer.title')}>
          {nav.map((n) => (
            <a key={n.href} href={n.href} aria-current={n.current ? 'page' : undefined}>
              {n.label}
              {n.count ? <span className="x-pill" data-testid="live-count">{n.count}</span> : null}
            </a>
          ))}
        </nav>
        <label className="x-lang">
          <span className="x-visually-hidden">{t('lang.label')}</span>
          <select value={lang} onChange={(e) => onLang(e.target.value as Lang)} aria-label={t('lang.label')}>
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t(`lang.${l}`)}
              </option>
            ))}
          </select>
        </label>
      </header>
      <div className="x-body">
        <aside className={route.name === 'home' ? 'x-side' : 'x-side x-side--secondary'} aria-label={t('explorer.menu')}>
          <MachineList query={query} onQuery={setQuery} current={route.name === 'machine' ? route.id : undefined} mode={route.name === 'machine' ? route.mode : undefined} />
        </aside>
        <main className="x-main">
          {route.name === 'machine' ? (
            <MachinePage key={route.id} id={route.id} mode={route.mode} target={route.target} />
          ) : route.name === 'live' ? (
            <LivePage shared={route.shared} />
          ) : route.name === 'coverage' ? (
            <CoveragePage />
          ) : route.name === 'spec' ? (
            <Suspense fallback={<p className="x-muted" role="status">{t('explorer.page_loading')}</p>}>
              <SpecPage />
            </Suspense>
          ) : (
            <Home />
          )}
        </main>
      </div>
    </div>
  );
}
