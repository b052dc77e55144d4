/**
 * The sandbox platform's embeddable trading page (GET /platform/trade), framed by the
 * broker's #/home view. No inline script or style: its CSP allows only its own files.
 */
export const TRADE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  "frame-ancestors 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

export const TRADE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox trading platform</title>
<link rel="stylesheet" href="trade.css">
</head>
<body>
<main>
  <p class="banner" role="note">Sandbox trading platform — prices are simulated</p>
  <dl>
    <dt>Balance</dt><dd id="balance" aria-live="polite">…</dd>
    <dt>EUR/USD (simulated)</dt><dd id="price">…</dd>
  </dl>
  <p id="status" role="status"></p>
</main>
<script src="trade.js"></script>
</body>
</html>
`;

export const TRADE_CSS = `body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:1rem;color:#1b1f24;background:#f6f8fa}
.banner{background:#fff4ce;border:1px solid #e0c060;padding:.5rem .75rem;border-radius:4px;font-weight:600}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{color:#57606a}dd{margin:0;font-variant-numeric:tabular-nums}
`;

export const TRADE_JS = `'use strict';
(function () {
  var balance = document.getElementById('balance');
  var price = document.getElementById('price');
  var status = document.getElementById('status');
  function notAuth() {
    status.textContent = 'Not signed in to the trading platform.';
    if (window.parent !== window) window.parent.postMessage({ type: 'platform.not_auth' }, window.location.origin);
  }
  function load() {
    fetch('userInfo', { credentials: 'same-origin', headers: { Accept: 'application/json' } })
      .then(function (res) {
        if (res.status === 401) { notAuth(); return null; }
        if (!res.ok) throw new Error('HTTP ' + res.status);
        return res.json();
      })
      .then(function (info) {
        if (info) { balance.textContent = info.available + ' ' + info.currency; status.textContent = ''; }
      })
      .catch(function () { status.textContent = 'The platform is not reachable. Retrying…'; });
  }
  var p = 1.08;
  function tick() {
    p = Math.max(0.5, p + (Math.random() - 0.5) * 0.0004);
    price.textContent = p.toFixed(5);
  }
  load();
  tick();
  setInterval(tick, 1000);
  setInterval(load, 30000);
})();
`;
