import type { FunnelReport, FunnelStep } from '../../../core/contract/funnel';
import { FUNNEL_MAX_STEPS, type FunnelDevice } from '../../../core/funnel';
import { funnelSteps } from '../../../machines/inspection/funnel-steps';
import { sendFunnelSteps } from '../../api/funnel';
import type { setStepListener as SetStepListener } from './inspector';

/** how often the steps seen are sent */
export const FUNNEL_FLUSH_MS = 15_000;

export interface FunnelReporterDeps {
  lang: () => 'en' | 'ru';
  /** the viewport's class now */
  device: () => FunnelDevice;
  now: () => number;
  send: (report: FunnelReport) => Promise<unknown>;
  every: (ms: number, run: () => void) => () => void;
  onLeave: (run: () => void) => () => void;
  /** the tab's storage for the steps of a page that went before they were sent (the next page sends them) */
  stash: { save: (steps: FunnelStep[]) => void; take: () => FunnelStep[] };
  /** the inspector's hook (src/flows/shared/inspector.ts), passed in: this chunk imports nothing the first chunk holds, so the bundler splits nothing out of it */
  listen: typeof SetStepListener;
  /** nothing is reported now: a session that can only withdraw (a break: issue 30 §3) makes no call its page does not need */
  quiet: () => boolean;
}

/** a phone under 600 CSS px wide, a tablet under 1024, else a desktop */
export const deviceOf = (width: number): FunnelDevice => (width < 600 ? 'phone' : width < 1024 ? 'tablet' : 'desktop');

/**
 * Reports the transitions the app's machines take to the funnel (issue 34 §4): ids and how long
 * the source state was held, added up by the server per hour and segment — no context, no event
 * payload. Sent every FUNNEL_FLUSH_MS and at FUNNEL_MAX_STEPS at once. When the page goes
 * (pagehide) what is left is kept in the tab's storage and the next page sends it first: a
 * request started while a page unloads is not sure to leave, and after a sign-in (a new session,
 * a new CSRF token, then a full navigation) the old token would be refused. A tab closed loses at
 * most its last FUNNEL_FLUSH_MS. A report that fails is dropped: the funnel is a sample, never a
 * reason to retry or to slow the trader's page. Returns the stop.
 */
export function startFunnelReporting(deps: FunnelReporterDeps): () => void {
  let steps: FunnelStep[] = deps.stash.take();
  const flush = () => {
    if (deps.quiet()) steps = [];
    while (steps.length > 0) deps.send({ lang: deps.lang(), device: deps.device(), steps: steps.splice(0, FUNNEL_MAX_STEPS) }).catch(() => undefined);
  };
  flush();
  deps.listen(
    funnelSteps(deps.now, (step) => {
      steps.push(step);
      if (steps.length >= FUNNEL_MAX_STEPS) flush();
    }),
  );
  const stopTimer = deps.every(FUNNEL_FLUSH_MS, flush);
  const stopLeave = deps.onLeave(() => {
    deps.stash.save(steps.splice(0));
  });
  return () => {
    deps.listen(null);
    stopTimer();
    stopLeave();
    steps = [];
  };
}

const STASH_KEY = 'funnel.steps';

/** sessionStorage's copy (at most one report's worth; unreadable or full storage keeps nothing) */
const sessionStash: FunnelReporterDeps['stash'] = {
  save: (steps) => {
    try {
      if (steps.length > 0) sessionStorage.setItem(STASH_KEY, JSON.stringify(steps.slice(-FUNNEL_MAX_STEPS)));
    } catch {
      // private mode or full: these steps are not counted
    }
  },
  take: () => {
    try {
      const kept = sessionStorage.getItem(STASH_KEY);
      sessionStorage.removeItem(STASH_KEY);
      const steps: unknown = kept ? JSON.parse(kept) : [];
      return Array.isArray(steps) ? (steps as FunnelStep[]).slice(0, FUNNEL_MAX_STEPS) : [];
    } catch {
      return [];
    }
  },
};

/** Whether the browser asks not to be tracked (Global Privacy Control or Do Not Track): then nothing is reported. */
export const privacyAsked = (nav: { globalPrivacyControl?: boolean; doNotTrack?: string | null }): boolean => nav.globalPrivacyControl === true || nav.doNotTrack === '1';

/** The reporter on this page's clock, viewport, timers and pagehide (src/main.tsx starts it when the settings allow). */
export function startBrowserFunnel(lang: () => 'en' | 'ru', listen: typeof SetStepListener, quiet: () => boolean): () => void {
  if (privacyAsked(navigator as never)) return () => {};
  return startFunnelReporting({
    lang,
    device: () => deviceOf(window.innerWidth),
    now: () => Date.now(),
    send: sendFunnelSteps,
    stash: sessionStash,
    listen,
    quiet,
    every: (ms, run) => {
      const id = window.setInterval(run, ms);
      return () => window.clearInterval(id);
    },
    onLeave: (run) => {
      const leave = () => run();
      window.addEventListener('pagehide', leave);
      return () => window.removeEventListener('pagehide', leave);
    },
  });
}
