/* The sandbox platform's embeddable trading page (a third party's own script, not the broker's app). */
/* global BrokerFormat */
'use strict';
(function () {
  var TEXTS = {
    en: {
      banner: 'Sandbox trading platform — prices are simulated',
      // the broker's words for the same figures (src/i18n balance.label, balance.in_trades, balance.available)
      balance: 'Balance',
      in_trades: 'In trades',
      available: 'Available',
      simulated: 'simulated',
      new_trade: 'New trade',
      amount: 'Amount',
      expiry: 'Expiry',
      payout: 'If you are right you get',
      up: 'Up',
      down: 'Down',
      open_trades: 'Open trades',
      no_open: 'No open trades.',
      results: 'Results',
      no_results: 'No results yet.',
      limits: 'From {min} to {max}',
      seconds: '{n} s',
      minutes: '{n} min',
      left: '{time} left',
      settling: 'settling…',
      opened: 'Trade opened: {symbol} {direction}, {amount}. It settles in {time}.',
      won: 'won',
      lost: 'lost',
      tie: 'tie, stake returned',
      settled: '{symbol} {direction}: {result} {profit}',
      open_at: 'open {open} · now {now}',
      closed_at: '{open} → {close}',
      amount_format: 'Enter the amount as a number, for example 25 or 25.50.',
      amount_range: 'The amount must be from {min} to {max}.',
      amount_funds: 'Not enough balance: {available} available.',
      // the trader's own limits (the broker's limits page; core/trading-limits.ts): trading.limit_{key}
      limit_stake_trade: 'This stake is over your stake limit per trade of {limit}. You can change your limits on the Limits page.',
      limit_stake_day: 'This trade would pass your 24-hour stake limit of {limit} ({used} staked). You can change your limits on the Limits page.',
      limit_loss_day: 'This trade could pass your 24-hour loss limit of {limit} ({used} lost or at stake). You can change your limits on the Limits page.',
      limit_loss_week: 'This trade could pass your 7-day loss limit of {limit} ({used} lost or at stake). You can change your limits on the Limits page.',
      limit_loss_month: 'This trade could pass your 30-day loss limit of {limit} ({used} lost or at stake). You can change your limits on the Limits page.',
      // a break or self-exclusion (the broker's trading.blocked, PlatformGateway.blockTrading)
      blocked: 'Trading is paused on this account until {until}.',
      // a country the broker no longer serves (trading.country_blocked, PlatformGateway.refuseTrading)
      country_blocked: 'Trading is not available to residents of your country. You can still withdraw your money.',
      // a new version of the broker's legal documents not accepted yet (legal.terms_outdated, issue 30 §5)
      terms_outdated: 'Please read and accept our updated terms before you trade: see the notice above the platform.',
      // the appropriateness questionnaire not passed nor its risk accepted (the broker's trading.appropriateness, issue 30 §6)
      appropriateness: 'Before your first trade, answer the short questionnaire about the risks of trading: see the notice above the platform.',
      sending: 'Opening the trade…',
      not_auth: 'You are signed out of the trading platform.',
      offline: 'The platform is not reachable. Retrying…',
      failed: 'The trade was not opened. Please try again.',
      chart: 'Price chart of {symbol} over the last 5 minutes (simulated)',
      less: 'Less',
      more: 'More',
      instruments: 'Instruments',
    },
    ru: {
      banner: 'Песочница торговой платформы — цены смоделированы',
      balance: 'Баланс',
      in_trades: 'В сделках',
      available: 'Доступно',
      simulated: 'модель',
      new_trade: 'Новая сделка',
      amount: 'Сумма',
      expiry: 'Срок',
      payout: 'Если прогноз верен, вы получите',
      up: 'Выше',
      down: 'Ниже',
      open_trades: 'Открытые сделки',
      no_open: 'Открытых сделок нет.',
      results: 'Результаты',
      no_results: 'Результатов пока нет.',
      limits: 'От {min} до {max}',
      seconds: '{n} с',
      minutes: '{n} мин',
      left: 'осталось {time}',
      settling: 'расчёт…',
      opened: 'Сделка открыта: {symbol} {direction}, {amount}. Расчёт через {time}.',
      won: 'выигрыш',
      lost: 'проигрыш',
      tie: 'ничья, ставка возвращена',
      settled: '{symbol} {direction}: {result} {profit}',
      open_at: 'открытие {open} · сейчас {now}',
      closed_at: '{open} → {close}',
      amount_format: 'Введите сумму числом, например 25 или 25.50.',
      amount_range: 'Сумма должна быть от {min} до {max}.',
      amount_funds: 'Недостаточно средств: доступно {available}.',
      limit_stake_trade: 'Ставка больше вашего лимита ставки на одну сделку — {limit}. Лимиты можно изменить на странице «Лимиты».',
      limit_stake_day: 'С этой сделкой будет превышен ваш лимит ставок за 24 часа — {limit} (уже поставлено {used}). Лимиты можно изменить на странице «Лимиты».',
      limit_loss_day: 'С этой сделкой может быть превышен ваш лимит убытка за 24 часа — {limit} (проиграно или в сделках {used}). Лимиты можно изменить на странице «Лимиты».',
      limit_loss_week: 'С этой сделкой может быть превышен ваш лимит убытка за 7 дней — {limit} (проиграно или в сделках {used}). Лимиты можно изменить на странице «Лимиты».',
      limit_loss_month: 'С этой сделкой может быть превышен ваш лимит убытка за 30 дней — {limit} (проиграно или в сделках {used}). Лимиты можно изменить на странице «Лимиты».',
      blocked: 'Торговля на этом счёте приостановлена до {until}.',
      country_blocked: 'Торговля недоступна резидентам вашей страны. Вывести деньги по-прежнему можно.',
      terms_outdated: 'Прочитайте и примите обновлённые условия, прежде чем торговать: см. сообщение над платформой.',
      appropriateness: 'Перед первой сделкой ответьте на короткий тест о рисках торговли: см. сообщение над платформой.',
      sending: 'Открываем сделку…',
      not_auth: 'Вы вышли из торговой платформы.',
      offline: 'Платформа недоступна. Пробуем снова…',
      failed: 'Сделка не открыта. Попробуйте ещё раз.',
      chart: 'График цены {symbol} за последние 5 минут (модель)',
      less: 'Меньше',
      more: 'Больше',
      instruments: 'Инструменты',
    },
  };
  var lang = new URLSearchParams(window.location.search).get('lang') === 'ru' ? 'ru' : 'en';
  var T = TEXTS[lang];
  function t(key, params) {
    var text = T[key] || TEXTS.en[key] || key;
    return text.replace(/\{(\w+)\}/g, function (whole, name) {
      return params && name in params ? String(params[name]) : whole;
    });
  }
  function $(id) {
    return document.getElementById(id);
  }
  function make(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  var SVG = 'http://www.w3.org/2000/svg';
  function svg(tag, attrs) {
    var node = document.createElementNS(SVG, tag);
    Object.keys(attrs).forEach(function (k) {
      node.setAttribute(k, String(attrs[k]));
    });
    return node;
  }

  document.documentElement.lang = lang;
  Array.prototype.forEach.call(document.querySelectorAll('[data-i18n]'), function (node) {
    node.textContent = t(node.getAttribute('data-i18n'));
  });
  $('minus').setAttribute('aria-label', t('less'));
  $('plus').setAttribute('aria-label', t('more'));
  $('instruments').setAttribute('aria-label', t('instruments'));

  // ---- money as integer cents (no floats for amounts)
  var AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;
  function toCents(text) {
    var parts = text.split('.');
    return Number(parts[0]) * 100 + Number(((parts[1] || '') + '00').slice(0, 2));
  }
  function fromCents(cents) {
    var sign = cents < 0 ? '-' : '';
    var abs = Math.abs(cents);
    var whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
    return sign + whole + '.' + String(abs % 100).padStart(2, '0');
  }
  // amounts are written by the broker's own formatter (core/format, served as format.js): the same text as in its header and history
  function money(text, currency) {
    return BrokerFormat.formatAmount(text, currency, lang);
  }
  function signed(text, currency) {
    return BrokerFormat.formatAmount(text, currency, lang, { plus: true });
  }
  function centsText(cents) {
    return String(Math.floor(cents / 100)) + '.' + String(cents % 100).padStart(2, '0');
  }
  function duration(seconds) {
    return seconds >= 60 ? t('minutes', { n: seconds / 60 }) : t('seconds', { n: seconds });
  }
  function clock(ms) {
    var total = Math.max(0, Math.ceil(ms / 1000));
    return Math.floor(total / 60) + ':' + String(total % 60).padStart(2, '0');
  }
  function newKey() {
    if (crypto && crypto.randomUUID) return crypto.randomUUID();
    var bytes = crypto.getRandomValues(new Uint8Array(16));
    return Array.prototype.map.call(bytes, function (b) { return b.toString(16).padStart(2, '0'); }).join('');
  }

  var page = {
    instruments: [],
    expiries: [],
    symbol: 'EURUSD',
    expiry: 60,
    offset: 0,
    state: null,
    points: [],
    prices: {},
    previousPrice: null,
    openIds: {},
    fresh: {},
    announced: {},
    lastBalance: null,
    stopped: false,
    busy: false,
  };

  function call(path, options) {
    var init = Object.assign({ credentials: 'same-origin', headers: { Accept: 'application/json' } }, options || {});
    return fetch(path, init).then(function (res) {
      if (res.status === 401) {
        notAuth();
        throw { notAuth: true };
      }
      return res.json().then(function (body) {
        if (!res.ok || body.success === false) throw body;
        return body;
      });
    });
  }

  /** The platform session is gone: say so, and tell the embedding page (same origin only). */
  function notAuth() {
    if (page.stopped) return;
    page.stopped = true;
    $('status').textContent = t('not_auth');
    if (window.parent !== window) window.parent.postMessage({ type: 'platform.not_auth' }, window.location.origin);
  }

  function instrument(symbol) {
    for (var i = 0; i < page.instruments.length; i++) if (page.instruments[i].symbol === symbol) return page.instruments[i];
    return null;
  }
  function pretty(symbol) {
    return symbol.length === 6 ? symbol.slice(0, 3) + '/' + symbol.slice(3) : symbol;
  }

  // ---- instruments and expiries
  function renderInstruments() {
    var box = $('instruments');
    box.textContent = '';
    page.instruments.forEach(function (ins) {
      var b = make('button', 'instrument');
      b.type = 'button';
      b.setAttribute('role', 'tab');
      b.setAttribute('aria-selected', String(ins.symbol === page.symbol));
      b.dataset.symbol = ins.symbol;
      b.appendChild(make('strong', '', pretty(ins.symbol)));
      b.appendChild(make('small', '', page.prices[ins.symbol] || '…'));
      b.addEventListener('click', function () {
        choose(ins.symbol);
      });
      box.appendChild(b);
    });
  }
  function renderExpiries() {
    var box = $('expiries');
    box.textContent = '';
    page.expiries.forEach(function (seconds) {
      var label = make('label');
      var input = make('input');
      input.type = 'radio';
      input.name = 'expiry';
      input.value = String(seconds);
      input.checked = seconds === page.expiry;
      input.addEventListener('change', function () {
        page.expiry = seconds;
        renderPayout();
      });
      label.appendChild(input);
      label.appendChild(make('span', '', duration(seconds)));
      box.appendChild(label);
    });
  }
  function choose(symbol) {
    page.symbol = symbol;
    page.previousPrice = null;
    var ins = instrument(symbol);
    $('symbol-name').textContent = pretty(symbol);
    $('symbol-full').textContent = ins ? ins.name : '';
    $('chart').setAttribute('aria-label', t('chart', { symbol: pretty(symbol) }));
    Array.prototype.forEach.call(document.querySelectorAll('.instrument'), function (b) {
      b.setAttribute('aria-selected', String(b.dataset.symbol === symbol));
    });
    renderPayout();
    loadChart();
  }

  // ---- the chart
  function loadChart() {
    var symbol = page.symbol;
    call('chart?symbol=' + encodeURIComponent(symbol) + '&seconds=300')
      .then(function (chart) {
        if (symbol !== page.symbol) return;
        page.points = chart.points;
        drawChart();
      })
      .catch(function () {});
  }
  function addPoint(time, price) {
    var last = page.points[page.points.length - 1];
    if (last && last[0] >= time) return;
    page.points.push([time, price]);
    if (page.points.length > 300) page.points.shift();
  }
  function drawChart() {
    var chart = $('chart');
    chart.textContent = '';
    var pts = page.points;
    if (pts.length < 2) return;
    var values = pts.map(function (p) { return Number(p[1]); });
    var open = page.state ? page.state.open.filter(function (tr) { return tr.symbol === page.symbol; }) : [];
    var all = values.concat(open.map(function (tr) { return Number(tr.openPrice); }));
    var min = Math.min.apply(null, all);
    var max = Math.max.apply(null, all);
    if (max === min) { max += 1; min -= 1; }
    var pad = (max - min) * 0.12;
    min -= pad;
    max += pad;
    var W = 600;
    var H = 260;
    var x = function (i) { return (i / (pts.length - 1)) * W; };
    var y = function (v) { return ((max - v) / (max - min)) * H; };
    var line = values.map(function (v, i) { return x(i).toFixed(1) + ',' + y(v).toFixed(1); }).join(' ');
    chart.appendChild(svg('polygon', { class: 'area', points: '0,' + H + ' ' + line + ' ' + W + ',' + H }));
    chart.appendChild(svg('polyline', { class: 'line', points: line }));
    open.forEach(function (tr) {
      var yy = y(Number(tr.openPrice)).toFixed(1);
      chart.appendChild(svg('line', { class: tr.direction === 'up' ? 'entry-up' : 'entry-down', x1: 0, x2: W, y1: yy, y2: yy }));
    });
    var ins = instrument(page.symbol);
    var decimals = ins ? ins.decimals : 5;
    $('chart-high').textContent = max.toFixed(decimals);
    $('chart-low').textContent = min.toFixed(decimals);
  }

  // ---- the ticket
  function amountCheck() {
    var s = page.state;
    var text = $('amount').value.trim().replace(',', '.');
    if (!AMOUNT.test(text)) return { error: t('amount_format') };
    var cents = toCents(text);
    if (!s) return { cents: cents, text: text };
    if (cents < toCents(s.minStake) || cents > toCents(s.maxStake)) {
      return { error: t('amount_range', { min: money(s.minStake, s.currency), max: money(s.maxStake, s.currency) }) };
    }
    if (cents > toCents(s.available)) return { error: t('amount_funds', { available: money(s.available, s.currency) }) };
    return { cents: cents, text: text };
  }
  function renderPayout() {
    var ins = instrument(page.symbol);
    var text = $('amount').value.trim().replace(',', '.');
    if (!ins || !AMOUNT.test(text)) {
      $('payout').textContent = '—';
      return;
    }
    var cents = toCents(text);
    var total = cents + Math.floor((cents * ins.payoutPercent) / 100);
    $('payout').textContent = (page.state ? money(centsText(total), page.state.currency) : fromCents(total)) + ' (+' + ins.payoutPercent + '%)';
  }
  function step(direction) {
    var text = $('amount').value.trim().replace(',', '.');
    var cents = AMOUNT.test(text) ? toCents(text) : 1000;
    var stepCents = cents >= 10000 ? 1000 : 500;
    cents = Math.max(100, cents + direction * stepCents);
    $('amount').value = fromCents(cents).replace(/\u202f/g, '').replace(/\.00$/, '');
    $('amount').removeAttribute('aria-invalid');
    $('ticket-error').textContent = '';
    renderPayout();
  }
  $('minus').addEventListener('click', function () { step(-1); });
  $('plus').addEventListener('click', function () { step(1); });
  $('amount').addEventListener('input', function () {
    $('amount').removeAttribute('aria-invalid');
    $('ticket-error').textContent = '';
    renderPayout();
  });

  var ERRORS = {
    'platform.amount': 'amount_format',
    'trading.limit_stake_trade': 'limit_stake_trade',
    'trading.limit_stake_day': 'limit_stake_day',
    'trading.limit_loss_day': 'limit_loss_day',
    'trading.limit_loss_week': 'limit_loss_week',
    'trading.limit_loss_month': 'limit_loss_month',
    'trading.blocked': 'blocked',
    'trading.country_blocked': 'country_blocked',
    'legal.terms_outdated': 'terms_outdated',
    'trading.appropriateness': 'appropriateness',
  };
  /** a refusal's params ({limit, used, currency}) written as the page writes money */
  function refusalParams(error) {
    var p = (error && error.params) || {};
    if (p.until) return { until: BrokerFormat.formatDateTime(p.until, Intl.DateTimeFormat().resolvedOptions().timeZone) };
    return p.currency ? { limit: money(p.limit, p.currency), used: money(p.used, p.currency) } : p;
  }
  $('ticket').addEventListener('submit', function (event) {
    event.preventDefault();
    if (page.busy || page.stopped) return;
    var direction = event.submitter && event.submitter.value === 'down' ? 'down' : 'up';
    var check = amountCheck();
    if (check.error) {
      $('amount').setAttribute('aria-invalid', 'true');
      $('ticket-error').textContent = check.error;
      $('amount').focus();
      return;
    }
    page.busy = true;
    $('up').disabled = true;
    $('down').disabled = true;
    $('ticket-error').textContent = '';
    $('status').textContent = t('sending');
    call('trades', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({ symbol: page.symbol, direction: direction, amount: check.text, expiry: page.expiry, key: newKey() }),
    })
      .then(function (answer) {
        var tr = answer.trade;
        $('status').textContent = t('opened', {
          symbol: pretty(tr.symbol),
          direction: t(tr.direction),
          amount: money(tr.amount, tr.currency),
          time: duration(page.expiry),
        });
        poll();
      })
      .catch(function (error) {
        if (error && error.notAuth) return;
        $('status').textContent = '';
        var key = error && ERRORS[error.error];
        $('ticket-error').textContent = key ? t(key, refusalParams(error)) : (error && error.message) || t('failed');
      })
      .then(function () {
        page.busy = false;
        $('up').disabled = false;
        $('down').disabled = false;
      });
  });

  // ---- trades
  function tradeItem(tr, now) {
    var li = make('li', 'trade');
    li.appendChild(make('span', 'dir dir--' + tr.direction, (tr.direction === 'up' ? '▲ ' : '▼ ') + t(tr.direction)));
    li.appendChild(make('span', '', pretty(tr.symbol) + ' · ' + money(tr.amount, tr.currency)));
    if (tr.status === 'open') {
      var left = tr.expiresAt - now;
      li.appendChild(make('span', 'left', left > 0 ? t('left', { time: clock(left) }) : t('settling')));
      var current = page.prices[tr.symbol];
      li.appendChild(make('span', 'meta', t('open_at', { open: tr.openPrice, now: current || '…' })));
      var bar = make('div', 'progress');
      var fill = make('span');
      var total = tr.expiresAt - tr.openedAt;
      fill.style.width = Math.min(100, Math.max(0, ((now - tr.openedAt) / total) * 100)).toFixed(1) + '%';
      bar.appendChild(fill);
      li.appendChild(bar);
    } else {
      var label = tr.status === 'won' ? t('won') : tr.status === 'lost' ? t('lost') : t('tie');
      li.appendChild(make('span', tr.status, signed(tr.profit, tr.currency)));
      li.appendChild(make('span', 'meta', label + ' · ' + t('closed_at', { open: tr.openPrice, close: tr.closePrice })));
      if (page.fresh[tr.id]) li.classList.add('fresh');
    }
    li.dataset.trade = tr.id;
    li.dataset.status = tr.status;
    return li;
  }
  function renderTrades() {
    var s = page.state;
    if (!s) return;
    var now = Date.now() + page.offset;
    var open = $('open');
    open.textContent = '';
    s.open.forEach(function (tr) { open.appendChild(tradeItem(tr, now)); });
    $('open-empty').hidden = s.open.length > 0;
    var recent = $('recent');
    recent.textContent = '';
    s.recent.forEach(function (tr) { recent.appendChild(tradeItem(tr, now)); });
    $('recent-empty').hidden = s.recent.length > 0;
  }

  function render(s) {
    var previous = page.state;
    page.state = s;
    page.offset = s.serverTime - Date.now();
    page.prices = s.prices;
    // Balance as the broker's header and accounts page count it: what is free plus the stakes of open trades
    $('balance').textContent = money(s.all, s.currency);
    $('available').textContent = money(s.available, s.currency);
    $('in-trades').textContent = money(s.inTrades, s.currency);
    $('currency').textContent = s.currency;
    $('amount-hint').textContent = t('limits', { min: money(s.minStake, s.currency), max: money(s.maxStake, s.currency) });
    Array.prototype.forEach.call(document.querySelectorAll('.instrument'), function (b) {
      b.querySelector('small').textContent = s.prices[b.dataset.symbol] || '…';
    });
    var price = s.prices[page.symbol];
    var priceNode = $('price');
    priceNode.textContent = price || '…';
    priceNode.classList.remove('rise', 'fall');
    if (page.previousPrice !== null && price !== page.previousPrice) priceNode.classList.add(Number(price) > Number(page.previousPrice) ? 'rise' : 'fall');
    page.previousPrice = price;
    if (price) addPoint(Math.floor(s.serverTime / 1000) * 1000, price);

    // trades that settled since the last poll are announced once
    var stillOpen = {};
    s.open.forEach(function (tr) { stillOpen[tr.id] = true; });
    page.fresh = {};
    s.recent.forEach(function (tr) {
      if (page.openIds[tr.id] && !stillOpen[tr.id] && !page.announced[tr.id]) {
        page.announced[tr.id] = true;
        page.fresh[tr.id] = true;
        var result = tr.status === 'won' ? t('won') : tr.status === 'lost' ? t('lost') : t('tie');
        $('status').textContent = t('settled', { symbol: pretty(tr.symbol), direction: t(tr.direction), result: result, profit: signed(tr.profit, tr.currency) });
      }
    });
    page.openIds = stillOpen;
    renderTrades();
    drawChart();
    if (!previous) renderPayout();

    // the embedding page keeps the broker in step with this balance (same origin only)
    var balance = s.available + '|' + s.all;
    if (balance !== page.lastBalance && window.parent !== window) {
      window.parent.postMessage({ type: 'platform.balance', available: s.available, all: s.all, currency: s.currency }, window.location.origin);
    }
    page.lastBalance = balance;
  }

  var polling = false;
  function poll() {
    if (page.stopped || polling) return;
    polling = true;
    call('state')
      .then(function (s) {
        if ($('status').textContent === t('offline')) $('status').textContent = '';
        render(s);
      })
      .catch(function (error) {
        if (!error || !error.notAuth) $('status').textContent = t('offline');
      })
      .then(function () {
        polling = false;
      });
  }

  call('instruments')
    .then(function (info) {
      page.instruments = info.instruments;
      page.expiries = info.expiries;
      if (page.expiries.indexOf(page.expiry) < 0) page.expiry = page.expiries[0];
      renderInstruments();
      renderExpiries();
      choose(page.symbol);
    })
    .catch(function () {
      $('status').textContent = t('offline');
    });
  /**
   * The embedding page is told how tall this page's content is (same origin only), so it can give
   * the frame that height: on a phone the Up/Down buttons are then reached by the page's own
   * scroll, never by a scroll inside the frame. Measured from the content, not the body (whose
   * minimum height is the frame's), so a taller frame never feeds back into a taller report.
   */
  var lastHeight = 0;
  function reportHeight() {
    if (window.parent === window) return;
    var status = $('status');
    var bottom = status.getBoundingClientRect().bottom + window.scrollY + parseFloat(getComputedStyle(status).marginBottom || '0');
    var height = Math.ceil(bottom);
    if (Math.abs(height - lastHeight) < 2) return;
    lastHeight = height;
    window.parent.postMessage({ type: 'platform.height', height: height }, window.location.origin);
  }
  if (typeof ResizeObserver === 'function') new ResizeObserver(reportHeight).observe(document.querySelector('.layout'));
  window.addEventListener('resize', reportHeight);
  window.addEventListener('load', reportHeight);
  reportHeight();

  poll();
  var timer = setInterval(function () {
    if (page.stopped) {
      clearInterval(timer);
      return;
    }
    poll();
  }, 1000);
})();
