import { lazy, Suspense } from 'react';
import type { PublicTab } from '../core/contract/public-site';
import type { AppPage } from '../core/site-pages';
import { useModalAsked, useServerStarting, useSessionBasics } from './flows/shell/app.flow';
import { useT } from './i18n';
import { ToastHost } from './features/shell/ToastHost';
import { SandboxBanner } from './ui/SandboxBanner';
import { RiskWarning } from './features/shell/RiskWarning';
import { Spinner } from './ui/Spinner';
import { usePageMeta } from './ui/usePageMeta';
import { preloadable } from './ui/preloadable';

const LoginPage = preloadable(() => import('./features/login/LoginPage'));
const AutologinPage = preloadable(() => import('./features/login/AutologinPage'));
const RegisterPage = preloadable(() => import('./features/register/RegisterPage'));
const TradingPage = preloadable(() => import('./features/trading/TradingPage'));
const ForgotPage = preloadable(() => import('./features/forgot/ForgotPage'));
const ResetPage = preloadable(() => import('./features/forgot/ResetPage'));
// the new-device email's "this wasn't me" (issue 31 §3)
const NotMePage = preloadable(() => import('./features/security/NotMePage'));
// the address book's emailed confirmation (issue 31 §6)
const ConfirmAddressPage = preloadable(() => import('./features/security/ConfirmAddressPage'));
const ContactPage = preloadable(() => import('./features/contact/ContactPage'));
// an unknown address (the server answered 404 with the same text): its own small chunk
const NotFoundPage = preloadable(() => import('./features/shell/NotFoundPage'));
// the public site: /{lang}/ and its tabs, a chunk of its own (no trading shell)
const PublicSite = preloadable(() => import('./features/public/PublicSite'));
// the legal documents' public pages (/{lang}/legal/{slug}): a chunk of their own, each text another
const LegalPage = preloadable(() => import('./features/legal/LegalPage'));
// the dialog host loads with the first modal: the login page stays under its budget
const ModalHost = lazy(() => import('./features/shell/ModalHost'));

function Modals() {
  const asked = useModalAsked();
  return asked ? (
    <Suspense fallback={null}>
      <ModalHost />
    </Suspense>
  ) : null;
}

/** the server cannot be reached, or (GET /readyz says so) it is still starting: the session flow decides which */
function Unavailable() {
  const { t } = useT();
  const session = useSessionBasics();
  const starting = useServerStarting();
  if (starting) {
    return (
      <div className="offline" role="status">
        {t('session.starting')}
      </div>
    );
  }
  if (!session.unavailable) return null;
  return (
    <div className="offline" role="alert">
      {t('session.unavailable')}{' '}
      <button type="button" className="button button--small" onClick={session.retry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/**
 * The pages /{lang}/login, /{lang}/register, /{lang}/autologin and /{lang}/trading (spec 000 §2), and
 * /{lang}/contacts (001 §5), signed out or in; /{lang}/forgot and /{lang}/reset (forgot password, 001 §1-2);
 * /{lang}/not-me (a new-device email's "this wasn't me", issue 31 §3); /{lang}/confirm-address (the address book's link, §6);
 * the public site at /{lang}/ (the landing page) and /{lang}/about, /accounts, /faq; the legal documents
 * at /{lang}/legal/{slug}.
 * Moving between pages is a full navigation, so the top level needs no router: react-router
 * lives in the trading page (its hash routes), which keeps the login page small.
 */
const pages = { login: LoginPage, autologin: AutologinPage, register: RegisterPage, trading: TradingPage, contacts: ContactPage, forgot: ForgotPage, reset: ResetPage, 'not-me': NotMePage, 'confirm-address': ConfirmAddressPage, legal: LegalPage, '': PublicSite, about: PublicSite, accounts: PublicSite, faq: PublicSite } as const satisfies Record<AppPage | '' | Exclude<PublicTab, 'home'>, unknown>;

/** the address's page chunk (and its styles), which main.tsx loads before the first render: the page is in the first paint */
export function preloadPage(pathname: string): Promise<void> {
  const Page = pages[(pathname.split('/')[2] ?? '') as keyof typeof pages];
  return (Page ?? NotFoundPage).preload();
}

/** the title and description of the pages that do not set their own (the public site, contacts, forgot and trading do) */
const META: Partial<Record<keyof typeof pages, [string, string]>> = {
  login: ['title.login', 'description.login'],
  register: ['title.register', 'description.register'],
  autologin: ['title.autologin', 'description.login'],
};

function PageMeta({ name }: { name: keyof typeof pages }) {
  const [title, description] = META[name] ?? [null, null];
  usePageMeta(title, description);
  return null;
}

export function App() {
  const { t } = useT();
  const { sandboxBanner } = useSessionBasics();
  const name = window.location.pathname.split('/')[2] ?? '';
  const Page = pages[name as keyof typeof pages];
  return (
    <>
      {sandboxBanner && <SandboxBanner text={t('app.sandbox')} />}
      <Unavailable />
      <Suspense fallback={<main className="centered"><Spinner label={t('common.loading')} /></main>}>
        {Page ? (
          <>
            <PageMeta name={name as keyof typeof pages} />
            <Page />
          </>
        ) : (
          <NotFoundPage />
        )}
      </Suspense>
      <RiskWarning />
      <Modals />
      <ToastHost />
    </>
  );
}
