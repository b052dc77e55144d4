// The sandbox's framed pages (the trading platform's trade.js, trade.css and format.js; the chat
// widget's widget.js and widget.css) minified in the production build (npm run build): the
// checkout keeps them readable and `npm start` serves them as they are. Classic scripts: esbuild
// keeps their top-level names (format.js's BrokerFormat is read by trade.js), renames the rest.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { transform } from 'esbuild';

/** The folders of the production build whose scripts and styles are minified (RUNTIME_FILES copies them there). */
export const PAGE_DIRS = ['server/sandbox/platform/page', 'server/sandbox/chat/page'];

/** Minifies every .js and .css file in `dir` in place; returns [file, bytes before, bytes after] for each. */
export async function minifyPages(dir) {
  const sizes = [];
  for (const name of readdirSync(dir).filter((n) => /\.(js|css)$/.test(n)).sort()) {
    const file = join(dir, name);
    const source = readFileSync(file, 'utf8');
    const { code } = await transform(source, { loader: name.endsWith('.css') ? 'css' : 'js', minify: true, target: 'es2020', legalComments: 'none' });
    writeFileSync(file, code);
    sizes.push([name, Buffer.byteLength(source), Buffer.byteLength(code)]);
  }
  return sizes;
}
