// `npm run dev`: the API server (with the sandbox third parties: SANDBOX=1 unless set) plus Vite with hot reload.
// Open the Vite URL it prints; API, platform and logout calls are proxied to the server.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const children = [
  spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit', env: { ...(process.env.NODE_ENV !== 'production' && { SANDBOX: '1' }), ...process.env, PORT: port } }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env: { ...process.env, API_TARGET: `http://127.0.0.1:${port}` } }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
