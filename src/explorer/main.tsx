import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { machines } from '../../machines/index';
import { models } from '../../machines/models';
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

const catalog = buildCatalog(machines, models);
const services = createServices({
  catalog,
  loadDiagram: (id) => loadDiagram(catalog.find((e) => e.id === id), id, { inBrowser }),
  loadCoverage,
});
startServices(services);

const lang = firstLang();
void Promise.all([loadDict(lang), loadPurposes(catalog, lang)]).then(([dict]) =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Root services={services} initial={{ lang, dict }} />
    </StrictMode>,
  ),
);
