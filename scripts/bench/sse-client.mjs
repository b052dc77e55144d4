// A worker thread of scripts/bench/sse.ts: opens its share of the event streams on raw sockets
// and timestamps, per stream, the arrival of the awaited event. Several such workers read their
// sockets in parallel, so the client's own work does not stand in for the server's fan-out.
// Times are absolute (performance.timeOrigin + performance.now()): comparable across threads.
import { connect } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

// messages (types in scripts/bench/sse.ts): from the parent { type: 'arm', users: number[] | 'all' },
// { type: 'collect', deadline }, { type: 'close' }; to it { type: 'open' }, { type: 'error', message },
// { type: 'times', expected, times }

const EVENT = Buffer.from('"type":"user.updated"');
const CONNECTED = Buffer.from(': connected');
const now = () => performance.timeOrigin + performance.now();

/** @type {{ port: number, streams: Array<{ user: number, cookie: string }>, opening: number }} */
const { port, streams: specs, opening } = workerData;
const port$ = parentPort;
/** @type {Array<{ socket: import('node:net').Socket, user: number, target: boolean, arrived: number }>} */
const streams = [];

/** opens one stream; resolves once the server's first bytes (`: connected`) arrived */
function open(user, cookie) {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const stream = { socket, user, target: false, arrived: 0 };
    let isOpen = false;
    const timer = setTimeout(() => socket.destroy(new Error('stream did not open within 20 s')), 20_000);
    socket.on('connect', () => socket.write(`GET /api/events HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\naccept: text/event-stream\r\ncookie: ${cookie}\r\n\r\n`));
    socket.on('data', (chunk) => {
      if (isOpen) {
        if (stream.target && stream.arrived === 0 && chunk.includes(EVENT)) stream.arrived = now();
        return;
      }
      if (!chunk.toString('latin1', 0, 12).startsWith('HTTP/1.1 200')) {
        socket.destroy(new Error(`GET /api/events: ${chunk.toString('latin1', 0, 60)}`));
        return;
      }
      if (chunk.includes(CONNECTED)) {
        isOpen = true;
        clearTimeout(timer);
        streams.push(stream);
        resolve();
      }
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      if (!isOpen) reject(error);
    });
  });
}

async function openAll() {
  let next = 0;
  const worker = async () => {
    while (next < specs.length) {
      const { user, cookie } = specs[next];
      next += 1;
      await open(user, cookie);
    }
  };
  await Promise.all(Array.from({ length: Math.min(opening, specs.length) }, worker));
}

port$.on('message', async (message) => {
  if (message.type === 'arm') {
    for (const s of streams) {
      s.arrived = 0;
      s.target = message.users === 'all' || message.users.includes(s.user);
    }
  } else if (message.type === 'collect') {
    const targets = streams.filter((s) => s.target);
    while (now() < message.deadline && targets.some((s) => s.arrived === 0)) await new Promise((r) => setTimeout(r, 10));
    for (const s of targets) s.target = false;
    port$.postMessage({ type: 'times', expected: targets.length, times: targets.flatMap((s) => (s.arrived === 0 ? [] : [s.arrived])) });
  } else {
    for (const s of streams) s.socket.destroy();
    port$.close();
  }
});

openAll().then(
  () => port$.postMessage({ type: 'open' }),
  (error) => port$.postMessage({ type: 'error', message: String(error) }),
);
