// A bounded HTTP load generator, run as its own process so the server under test does not
// share its event loop. Usage: node load.mjs URL [seconds=5] [concurrency=16] [maxRequests=200000]
// Prints one JSON line: requests, errors, rps, p50/p90/p99 ms. Targets loopback only.
const [url, seconds = '5', concurrency = '16', maxRequests = '200000'] = process.argv.slice(2);
const target = new URL(url);
if (!['127.0.0.1', 'localhost', '[::1]'].includes(target.hostname)) throw new Error('load tests target loopback only');
const headers = process.env.LOAD_COOKIE ? { cookie: process.env.LOAD_COOKIE } : {};
const method = process.env.LOAD_METHOD ?? 'GET';
const body = process.env.LOAD_BODY;
const deadline = performance.now() + Number(seconds) * 1000;
const latencies = [];
let errors = 0;
let sent = 0;

async function worker() {
  while (performance.now() < deadline && sent < Number(maxRequests)) {
    sent += 1;
    const t0 = performance.now();
    try {
      const res = await fetch(url, { method, headers: { ...headers, ...(body && { 'content-type': 'application/json', 'x-csrf-token': process.env.LOAD_CSRF ?? '' }) }, body });
      await res.arrayBuffer();
      if (!res.ok) errors += 1;
    } catch {
      errors += 1;
    }
    latencies.push(performance.now() - t0);
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: Number(concurrency) }, worker));
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
console.log(JSON.stringify({ requests: latencies.length, errors, rps: latencies.length / elapsed, p50: pct(50), p90: pct(90), p99: pct(99) }));
