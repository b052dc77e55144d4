import { useEffect, useRef } from 'react';
import { Navigate, useLocation, useParams, useRoutes } from 'react-router-dom';
import { literal } from '../../../core/message';
import { showAlert, showToast } from '../../flows/shell/app.flow';
import { useLocationHash } from '../../flows/shell/hash.hooks';
import { statusProps } from '../../flows/shared/props';
import { useT } from '../../i18n';
import { HomeView } from './HomeView';
import { routeTitleKey } from './route-title';
import { usePageMeta } from '../../ui/usePageMeta';
import { listenPages, showPages, swPages } from '../../app/routes';

/**
 * An unknown hash route goes to #/home on the same page (/{lang}/trading): the routes match the
 * hash path, so a relative target would put that path (/show/x) in the address instead.
 */
function Unknown() {
  useEffect(() => showToast({ key: 'page.unknown' }), []);
  return <Navigate to={{ pathname: window.location.pathname, search: window.location.search, hash: '/home' }} replace />;
}

function Show() {
  const { page = '', add, ng } = useParams();
  const View = showPages[page];
  return View ? <View add={add} ng={ng} /> : <Unknown />;
}

function Sw() {
  const { page = '' } = useParams();
  const View = swPages[page];
  return View ? <View /> : <Unknown />;
}

function Listen() {
  const { t } = useT();
  const { page = '', proc = '' } = useParams();
  const View = listenPages[page];
  if (View) return <View />;
  return (
    <section className="panel" {...statusProps()}>
      <h1>{t('listen.title')}</h1>
      <p>{t('listen.body', { proc })}</p>
    </section>
  );
}

/**
 * Spec 001 §2's callback states listen-orange, listen-concept and listen-union, each with two
 * params (id, uid): the processor's page came back. They are the generic
 * #/listen/funding/{proc}/{id}/{uid}. UnionPay has no processor in this product, so a return
 * under it finds no payment and shows the "payment in progress" alert, as any payment this tab
 * does not know (never a success; the server's /api/unionpay/listen answers found: false too).
 */
export const LISTEN_ALIASES: Readonly<Record<string, string>> = { 'listen-orange': 'orange', 'listen-concept': 'concept', 'listen-union': 'unionpay' };

function ListenAlias({ proc }: { proc: string }) {
  const { id = '', uid = '' } = useParams();
  const hash = `/listen/funding/${proc}/${encodeURIComponent(id)}/${encodeURIComponent(uid)}`;
  return <Navigate to={{ pathname: window.location.pathname, search: window.location.search, hash }} replace />;
}

/** A `message` query parameter on home is shown in an Error alert (spec 000 §2). */
function Home() {
  const { search } = useLocation();
  const hashQuery = window.location.hash.split('?')[1] ?? '';
  const message = new URLSearchParams(search).get('message') ?? new URLSearchParams(hashQuery).get('message');
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!message || shown.current === message) return;
    shown.current = message;
    showAlert({ variant: 'error', title: { key: 'error.title' }, text: literal(message.slice(0, 500)) });
  }, [message]);
  return <HomeView />;
}

/** The hash routes of the trading page (spec 000 §2); /home is the default for any unknown route. */
export function HashRoutes() {
  // re-rendered by the router's own navigations; the hash itself is read from the window: one set
  // while the trading page was still loading (before the router listened) must not be missed
  const routerLocation = useLocation();
  const hash = useLocationHash();
  const location = { ...routerLocation, hash };
  const pathname = (hash.replace(/^#/, '').split('?')[0] || '/home').replace(/\/+$/, '') || '/home';
  usePageMeta(routeTitleKey(pathname), 'description.trading');
  return useRoutes(
    [
      { path: '/home', element: <Home /> },
      { path: '/show/:page', element: <Show /> },
      { path: '/show/:page/:add', element: <Show /> },
      { path: '/show/:page/:add/:ng', element: <Show /> },
      { path: '/sw/:page', element: <Sw /> },
      { path: '/listen/:page/:proc/:id/:uid', element: <Listen /> },
      ...Object.entries(LISTEN_ALIASES).map(([state, proc]) => ({ path: `/${state}/:id/:uid`, element: <ListenAlias proc={proc} /> })),
      { path: '*', element: <Unknown /> },
    ],
    // the nested views see the real search and hash, with the hash path as their pathname
    { ...location, pathname },
  );
}
