// `npm start`: build what is missing, then run the server (embedded PGlite under ./data,
// sandbox processors, chain and trading platform) in this one Node process. The server runs
// from one esbuild bundle (.build/server.mjs, rebuilt when a source changed): loading one file
// instead of transpiling every source at start is what keeps start-up within its budget.
import { pathToFileURL } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';
import { buildServerIfStale } from './build-server.mjs';

// local use: sandbox third parties and demo logins (sandbox mode is opt-in: SANDBOX=0 turns it
// off; with NODE_ENV=production it is not set here, and the server refuses SANDBOX=1 there
// unless ALLOW_SANDBOX_IN_PRODUCTION=1)
if (process.env.NODE_ENV !== 'production') process.env.SANDBOX ??= '1';
// what it is doing, line by line, until the URL: building the front end (with its progress, when
// stale), the server, preparing the database; the URL and the demo logins come only once the
// database is ready (server/main.ts)
buildIfStale();
console.log('Starting the server…');
const bundle = await buildServerIfStale();
await import(pathToFileURL(bundle).href);
