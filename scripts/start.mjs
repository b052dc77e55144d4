// `npm start`: build what is missing, then run the server (embedded PGlite under ./data,
// sandbox processors, chain and trading platform) in this one Node process.
import { register } from 'tsx/esm/api';
import { buildIfStale } from './build-if-stale.mjs';

buildIfStale();
register();
await import('../server/main.ts');
