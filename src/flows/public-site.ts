import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import type { CryptoRates } from '../../core/contract/crypto';
import { isPublicTab, TabContent, type PublicRunlineEntry, type PublicSiteInfo, type PublicTab } from '../../core/contract/public-site';
import { tabPath } from '../../core/public-site/content';
import { faqAccordionMachine } from '../../machines/faq-accordion/faq-accordion.machine';
import { imageSliderMachine } from '../../machines/image-slider/image-slider.machine';
import { siteMenuMachine } from '../../machines/site-menu/site-menu.machine';
import { tabLoaderMachine } from '../../machines/tab-loader/tab-loader.machine';
import { videoPopupMachine } from '../../machines/video-popup/video-popup.machine';
import { zoomBlockMachine } from '../../machines/zoom-block/zoom-block.machine';
import { getPublicRunline, getPublicSite, getRates, getTab } from '../api/public-site';
import { inspect } from './inspector';
import {
  connectFaqAccordion,
  connectImageSlider,
  connectSiteMenu,
  connectTabLoader,
  connectVideoPopup,
  connectZoomBlock,
} from './public-site-view';

/** the public tab of an address: `/{lang}/` is home, `/{lang}/{tab}` a tab; anything else null */
export function tabOfPath(pathname: string): PublicTab | null {
  const name = pathname.split('/')[2] ?? '';
  if (name === '') return 'home';
  return isPublicTab(name) && name !== 'home' ? name : null;
}

/** the tab's content the server put into the page (the static HTML's JSON twin), if it is this tab's */
export function initialTab(tab: PublicTab, doc: Document = document): TabContent | null {
  const text = doc.getElementById('public-tab')?.textContent;
  if (!text) return null;
  try {
    const parsed = TabContent.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.tab === tab ? parsed.data : null;
  } catch {
    return null;
  }
}

/** the document's title and description for a tab */
export function applyHead(content: TabContent, doc: Document = document): void {
  doc.title = content.title;
  let meta = doc.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = 'description';
    doc.head.appendChild(meta);
  }
  meta.content = content.description;
}

export const tabLoaderFlow = tabLoaderMachine.provide({
    actors: { loadTab: fromPromise(({ input }) => getTab(input.tab, input.lang)) },
    actions: {
      pushUrl: ({ context }) => window.history.pushState({ tab: context.tab }, '', tabPath(context.lang, context.tab)),
      showTab: ({ context }) => {
        if (context.content) applyHead(context.content);
        window.scrollTo?.(0, 0);
      },
    },
  });

/** The async tab loader of the public site: back and forward load the address's tab. */
export function useTabLoader(lang: string, tab: PublicTab) {
  const actor = useActorRef(tabLoaderFlow, { input: { lang, tab, initial: initialTab(tab) }, inspect });
  useEffect(() => {
    const onPop = () => {
      const next = tabOfPath(window.location.pathname);
      if (next) actor.send({ type: 'tab.popstate', tab: next });
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [actor]);
  return connectTabLoader(
    useSelector(actor, (s) => s),
    actor.send,
  );
}

export function useSiteMenu() {
  const actor = useActorRef(siteMenuMachine, { inspect });
  return connectSiteMenu(
    useSelector(actor, (s) => s),
    actor.send,
  );
}

export function useFaqAccordion() {
  const actor = useActorRef(faqAccordionMachine, { inspect });
  return connectFaqAccordion(
    useSelector(actor, (s) => s),
    actor.send,
  );
}

const reducedMotionQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-reduced-motion: reduce)') : null);

/** The slider, told when the visitor's reduced-motion preference changes. */
export function useImageSlider(count: number) {
  const actor = useActorRef(imageSliderMachine, { input: { count, reducedMotion: reducedMotionQuery()?.matches ?? false }, inspect });
  useEffect(() => {
    const query = reducedMotionQuery();
    if (!query) return;
    const onChange = () => actor.send({ type: 'motion.change', reduced: query.matches });
    query.addEventListener?.('change', onChange);
    return () => query.removeEventListener?.('change', onChange);
  }, [actor]);
  return connectImageSlider(
    useSelector(actor, (s) => s),
    actor.send,
  );
}

export function useVideoPopup() {
  const actor = useActorRef(videoPopupMachine, { inspect });
  return connectVideoPopup(
    useSelector(actor, (s) => s),
    actor.send,
  );
}

/** The zoom block: an IntersectionObserver on the element tells the machine. */
export function useZoomBlock() {
  const actor = useActorRef(zoomBlockMachine, { inspect });
  const [el, attach] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) actor.send({ type: entry.isIntersecting ? 'zoom.enter' : 'zoom.leave' });
    }, { threshold: 0.4 });
    observer.observe(el);
    return () => observer.disconnect();
  }, [actor, el]);
  return { attach, ...connectZoomBlock(useSelector(actor, (s) => s), actor.send) };
}

/** What the public pages read once: the company and marketing number, the ticker, the rates (each may be missing). */
export function usePublicData() {
  const [site, setSite] = useState<PublicSiteInfo | null>(null);
  const [runline, setRunline] = useState<PublicRunlineEntry[] | null>(null);
  const [rates, setRates] = useState<CryptoRates | null>(null);
  useEffect(() => {
    let live = true;
    getPublicSite().then((v) => live && setSite(v), () => {});
    getPublicRunline().then((v) => live && setRunline(v.entries), () => {});
    getRates().then((v) => live && setRates(v), () => {});
    return () => {
      live = false;
    };
  }, []);
  return { site, runline, rates };
}
