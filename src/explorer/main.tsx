import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { machines } from '../../machines/index';
import { messages } from '../features/explorer/messages';
import { isLang, loadDict, registerMessages, type Lang } from '../i18n';
import { buildCatalog, loadPurposes } from './catalog';
import { loadCoverage, loadDiagram } from './loaders';
import { LANG_KEY, Root } from './Root';
import { createServices, startServices } from './services';
import './explorer.css';

registerMessages(messages);

const params = new URLSearchParams(window.location.search);
/** `?layout=browser` lays diagrams out here with elkjs instead of using the build's layouts (to compare) */
const inBrowser = params.get('layout') === 'browser';

function firstLang(): Lang {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LANG_KEY);
  } catch {
    // no storage: English unless asked
  }
  const asked = params.get('lang') ?? stored ?? undefined;
  return isLang(asked) ? asked : 'en';
}

/**
 * The test models (machines/models.ts: inputs, events and actor outcomes of every machine) are a
 * chunk of their own, fetched beside the language's texts: the first render waits for both, as it
 * waited for the texts alone, and the first chunk holds the machines only (issue 33 is to load each
 * machine with its diagram).
 */
const lang = firstLang();
void Promise.all([loadDict(lang), import('../../machines/models')]).then(async ([dict, { models }]) => {
  const catalog = buildCatalog(machines, models);
  const services = createServices({
    catalog,
    loadDiagram: (id) => loadDiagram(catalog.find((e) => e.id === id), id, { inBrowser }),
    loadCoverage,
    // the API client comes with the funnel's first read, not in the explorer's first chunk
    loadFunnel: (input) => import('./funnel-load').then((m) => m.loadFunnel(input)),
    shareSession: (file) => import('./live-share-api').then((m) => m.shareSession(file)),
    loadSharedSession: (id) => import('./live-share-api').then((m) => m.loadSharedSession(id)),
  });
  startServices(services);
  await loadPurposes(catalog, lang);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Root services={services} initial={{ lang, dict }} />
    </StrictMode>,
  );
});
