import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import type { CryptoRates } from '../../../core/contract/crypto';
import type { PublicRunlineEntry, PublicSiteInfo, PublicTab, TabContent } from '../../../core/contract/public-site';
import { isPublicTab } from '../../../core/public-site/tabs';
import { tabPath } from '../../../core/public-site/content';
import { faqAccordionMachine } from '../../../machines/faq-accordion/faq-accordion.machine';
import { siteMenuMachine } from '../../../machines/site-menu/site-menu.machine';
import { tabLoaderMachine } from '../../../machines/tab-loader/tab-loader.machine';
import { getPublicRunline, getPublicSite, getRates, getTab } from '../../api/public-site';
import { inspect } from '../shared/inspector';
import type { priceLabel as PriceLabelOf } from './price-label';
import { asTabContent } from './embedded-tab';
import {
  connectFaqAccordion,
  connectSiteMenu,
  connectTabLoader,
} from './public-site.connect';

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
    const parsed = asTabContent(JSON.parse(text));
    return parsed?.tab === tab ? parsed : null;
  } catch {
    return null;
  }
}

/** the document's title and description for a tab, and the canonical and hreflang links the server put there */
export function applyHead(content: TabContent, doc: Document = document): void {
  doc.title = content.title;
  for (const link of Array.from(doc.querySelectorAll<HTMLLinkElement>('link[rel="canonical"], link[rel="alternate"][hreflang]'))) {
    const url = new URL(link.href, doc.baseURI);
    const lang = link.rel === 'canonical' ? content.lang : link.hreflang === 'x-default' ? url.pathname.split('/')[1] : link.hreflang;
    url.pathname = tabPath(lang, content.tab);
    link.href = url.href;
  }
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
    lang,
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

/**
 * What the public pages read once: the company and marketing number, the ticker, the rates (each
 * may be missing), and the red label written from the rates in `lang` (null until the rates and
 * its formatter, a chunk loaded beside the rates' request, are in).
 */
export function usePublicData(lang: string) {
  const [site, setSite] = useState<PublicSiteInfo | null>(null);
  const [runline, setRunline] = useState<PublicRunlineEntry[] | null>(null);
  const [rates, setRates] = useState<CryptoRates | null>(null);
  const [label, setLabel] = useState<{ write: typeof PriceLabelOf } | null>(null);
  useEffect(() => {
    let live = true;
    getPublicSite().then((v) => live && setSite(v), () => {});
    getPublicRunline().then((v) => live && setRunline(v.entries), () => {});
    getRates().then((v) => live && setRates(v), () => {});
    import('./price-label').then((m) => live && setLabel({ write: m.priceLabel }), () => {});
    return () => {
      live = false;
    };
  }, []);
  const priceLabel = label ? label.write(rates, site?.marketingNumber ?? 10, lang) : null;
  return { site, runline, rates, priceLabel };
}
