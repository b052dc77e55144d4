// `npm run budget`: the bundle budget check CI runs (a subset of `npm run bench`, no server needed).
import { buildIfStale } from './build-if-stale.mjs';
import { BUDGETS } from './bench/budgets';
import { pageJsGzip } from './bench/bundle';

buildIfStale();
let failed = false;
for (const [page, limit] of Object.entries(BUDGETS.pageJsGzip)) {
  const { bytes, parsed, files } = pageJsGzip(page as 'login');
  const ok = bytes <= limit;
  failed ||= !ok;
  console.log(`${ok ? 'ok  ' : 'OVER'} ${page} page JavaScript: ${(bytes / 1000).toFixed(1)} kB gzip (budget ${+(limit / 1000).toFixed(1)} kB), ${(parsed / 1000).toFixed(1)} kB parsed, ${files.length} files`);
}
process.exit(failed ? 1 : 0);
