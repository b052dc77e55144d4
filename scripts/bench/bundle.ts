import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export function readManifest(root = process.cwd()): Manifest {
  return JSON.parse(readFileSync(join(root, 'dist', '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** Every JS file a chunk needs before it runs: itself and its static imports, recursively. */
export function chunkClosure(manifest: Manifest, keys: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`no chunk ${key} in the manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return [...files].filter((f) => f.endsWith('.js'));
}

/**
 * A file as production serves it: dist/ is built with source maps (npm start, the explorer's
 * isolation check), the production build (npm run build) without them, so each file's last line
 * `//# sourceMappingURL=…` is not counted (about 40 bytes a file, 0.7 kB on the login page).
 */
export function servedText(path: string): Buffer {
  const text = readFileSync(path);
  const at = text.lastIndexOf('\n//# sourceMappingURL=');
  const lineEnd = at < 0 ? -1 : text.indexOf('\n', at + 1);
  const last = at >= 0 && (lineEnd < 0 || lineEnd === text.length - 1);
  return last ? text.subarray(0, at) : text;
}

export function gzipBytes(files: string[], root = process.cwd()): number {
  return files.reduce((sum, f) => sum + gzipSync(servedText(join(root, 'dist', f)), { level: 9 }).length, 0);
}

/** The JS each page loads: the entry plus the page's lazy chunk, with their imports. */
export const PAGES: Record<string, string[]> = {
  login: ['index.html', 'src/features/login/LoginPage.tsx'],
  /** the public site's landing page and its tabs */
  landing: ['index.html', 'src/features/public/PublicSite.tsx'],
  trading: ['index.html', 'src/features/trading/TradingPage.tsx'],
  /** the trading shell with the funding page and its card tab */
  funding: ['index.html', 'src/features/trading/TradingPage.tsx', 'src/features/funding/FundingPage.tsx', 'src/features/funding/CardTab.tsx'],
};

/** what the browser parses: the files' own bytes, minified, before any compression */
export function parsedBytes(files: string[], root = process.cwd()): number {
  return files.reduce((sum, f) => sum + servedText(join(root, 'dist', f)).length, 0);
}

/** `bytes`: gzip (what the budget holds); `parsed`: what the browser parses; `files`: how many requests */
export function pageJsGzip(page: keyof typeof PAGES, root = process.cwd()): { bytes: number; parsed: number; files: string[] } {
  const files = chunkClosure(readManifest(root), PAGES[page]);
  return { bytes: gzipBytes(files, root), parsed: parsedBytes(files, root), files };
}
