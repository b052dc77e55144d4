import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadPage } from './App';
import { sessionActor, settingsKnown, startAppActors, toastActor } from './flows/shell/app.flow';
import { installErrorReporting } from './flows/shared/error-reporting';
import { enableInspection, inspectionRequested, setStepListener } from './flows/shared/inspector';
import { currentLang } from './flows/shell/navigation';
import { I18nProvider, isLang, loadDict } from './i18n';
import { SkipLink } from './ui/SkipLink';
import { installFocusIntent } from './ui/focus-intent';
import './ui/styles.css';
// the public pages' text is in their HTML (server/http/public-html.ts): styled from the first paint, not when their chunk comes (issue 33 §3)
import './features/public/public.css';

async function boot(): Promise<void> {
  const first = window.location.pathname.split('/')[1];
  if (!isLang(first)) {
    // unknown or missing language: keep the rest of the address under English
    const rest = first ? window.location.pathname : '/';
    window.location.replace(`/en${rest}${window.location.search}${window.location.hash}`);
    return;
  }
  installErrorReporting();
  installFocusIntent();
  if (inspectionRequested()) enableInspection();
  startAppActors();
  const stop = sessionActor.subscribe((s) => {
    const settings = s.context.settings;
    if (!settings) return;
    if (settings.inspect) enableInspection();
    // the funnel's reporter (issue 34 §4): its own chunk, after the settings allowed it
    if (settings.funnel) void import('./flows/shared/funnel-reporter').then((m) => m.startBrowserFunnel(currentLang, setStepListener, () => !!sessionActor.getSnapshot().context.user?.withdrawOnly));
    if (settings.toastMs) toastActor.send({ type: 'toast.configure', durationMs: settings.toastMs });
    stop.unsubscribe();
  });
  const lang = currentLang();
  document.documentElement.lang = lang;
  // the page's chunk with the dictionary: the first render draws the page itself, not a "Loading…" it
  // then moves (issue 33 §3); a chunk that failed to load is asked again by the render, as before
  // and the settings (at most 2 s), so what they switch on (the sign-in buttons, the demo link) is drawn with it
  const [dict] = await Promise.all([loadDict(lang), preloadPage(window.location.pathname).catch(() => undefined), settingsKnown(2000)]);
  const root = createRoot(document.getElementById('root')!);
  // the first render as a transition: React renders it in slices of a few milliseconds, yielding to
  // the browser between them, instead of one task that blocks a phone's main thread (issue 33 §1, TBT)
  startTransition(() => {
    root.render(
      <StrictMode>
        <I18nProvider lang={lang} dict={dict}>
          <SkipLink />
          <App />
        </I18nProvider>
      </StrictMode>,
    );
  });
}

void boot();
