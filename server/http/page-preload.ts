import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PageRender } from './frontend';

/**
 * Each page's lazy chunk as src/App.tsx imports it (`pages`: /{lang}/{page}); the server test
 * compares this table with App.tsx's, so a page added there and not here fails it.
 */
export const PAGE_MODULES: Readonly<Record<string, string>> = {
  login: 'src/features/login/LoginPage.tsx',
  autologin: 'src/features/login/AutologinPage.tsx',
  register: 'src/features/register/RegisterPage.tsx',
  trading: 'src/features/trading/TradingPage.tsx',
  contacts: 'src/features/contact/ContactPage.tsx',
  forgot: 'src/features/forgot/ForgotPage.tsx',
  reset: 'src/features/forgot/ResetPage.tsx',
  'not-me': 'src/features/security/NotMePage.tsx',
  'confirm-address': 'src/features/security/ConfirmAddressPage.tsx',
  legal: 'src/features/legal/LegalPage.tsx',
  '': 'src/features/public/PublicSite.tsx',
  about: 'src/features/public/PublicSite.tsx',
  accounts: 'src/features/public/PublicSite.tsx',
  faq: 'src/features/public/PublicSite.tsx',
};

/** every page's first calls' schemas (GET /api/me and /api/settings: src/api/contracts.ts firstContract), fetched at start beside those calls */
const FIRST_CONTRACTS = 'src/api/first-contracts.ts';
/** the Russian dictionary (src/i18n loadDict('ru')) */
const RUSSIAN_DICT = 'src/i18n/ru.ts';
/** a page chunk's own Russian texts, loaded with the dictionary (src/i18n withRussian) */
const isRussianTexts = (key: string) => key.endsWith('.ru.ts');

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface PagePreloads {
  /** module chunks, each as /assets/… */
  js: string[];
  css: string[];
}

/**
 * What the app's first render waits for on a page (main.tsx: the page's chunk, the first calls'
 * schemas and, in Russian, the dictionary) that index.html does not load yet: each chunk with its static imports and their
 * styles, without the entry's own (index.html has those).
 */
export function pagePreloads(manifest: Manifest, page: string, lang: string): PagePreloads {
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
  const own = new Set<string>();
  const closure = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) return;
    into.add(key);
    chunk.imports?.forEach((k) => closure(k, into));
  };
  if (entryKey) closure(entryKey, own);
  const wanted = new Set<string>();
  if (Object.hasOwn(PAGE_MODULES, page)) closure(PAGE_MODULES[page], wanted);
  closure(FIRST_CONTRACTS, wanted);
  if (lang === 'ru') {
    closure(RUSSIAN_DICT, wanted);
    for (const key of [...wanted]) manifest[key]?.dynamicImports?.filter(isRussianTexts).forEach((k) => closure(k, wanted));
  }
  const js: string[] = [];
  const css: string[] = [];
  for (const key of wanted) {
    if (own.has(key)) continue;
    const chunk = manifest[key];
    if (chunk.file.endsWith('.js')) js.push(`/${chunk.file}`);
    chunk.css?.forEach((f) => css.push(`/${f}`));
  }
  const entryCss = new Set(entryKey ? [...own].flatMap((k) => manifest[k].css ?? []).map((f) => `/${f}`) : []);
  return { js, css: [...new Set(css)].filter((f) => !entryCss.has(f)) };
}

/**
 * The links, as Vite writes the entry's (crossorigin: the module requests' own mode, so the browser
 * reuses them). The styles preloaded, not stylesheets: a stylesheet in the head would hold the
 * first paint of the pages whose HTML carries their text (the sign-in card, the public site); the
 * preload helper adds them as stylesheets when the page's chunk loads, from the cache.
 */
export function preloadLinks({ js, css }: PagePreloads): string {
  return [...js.map((f) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${f}">`), ...css.map((f) => `<link rel="preload" as="style" crossorigin fetchpriority="low" href="${f}">`)].join('\n    ');
}

/**
 * Every page's HTML names the chunks its first render needs (issue 33 §2: "preload what a page
 * needs and nothing else"): the browser fetches them beside the entry instead of after it, and the
 * entry's preload helper finds them there instead of adding each link itself (on the trading page
 * 30 links in the first long task: 160 ms of a 4×-slowed phone's main thread).
 * `distDir`'s manifest is read again when index.html changes (a rebuild under a running server).
 */
export function pagePreloadRenderer(render: PageRender, distDir: string, languages: readonly string[], defaultLanguage: string): PageRender {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  let builtFor = '';
  let manifest: Manifest | null = null;
  const links = new Map<string, string>();
  return (request, reply, indexHtml) => {
    const html = render(request, reply, indexHtml) ?? indexHtml;
    if (builtFor !== indexHtml) {
      builtFor = indexHtml;
      links.clear();
      manifest = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest) : null;
    }
    if (!manifest) return html;
    const [first = '', second = ''] = request.url.split('?')[0].split('/').slice(1);
    const lang = languages.includes(first) ? first : defaultLanguage;
    const page = languages.includes(first) ? second : '';
    // only the app's pages are remembered: an address's words never grow the map
    if (!Object.hasOwn(PAGE_MODULES, page)) return html;
    const key = `${lang}/${page}`;
    let tags = links.get(key);
    if (tags === undefined) {
      tags = preloadLinks(pagePreloads(manifest, page, lang));
      links.set(key, tags);
    }
    return tags ? html.replace('</head>', () => `  ${tags}\n  </head>`) : html;
  };
}
