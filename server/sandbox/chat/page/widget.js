/* The sandbox chat provider's embeddable widget (a third party's own script, not the broker's app). */
'use strict';
(function () {
  var TEXTS = {
    en: {
      banner: 'Sandbox chat — replies are automated, no real host reads them',
      label: 'Your message',
      placeholder: 'Write a message…',
      send: 'Send',
      empty: 'Say hello — the sandbox host answers at once.',
      failed: 'The message was not sent. Check the connection and try again.',
      ended: 'The chat session ended. Close and reopen the chat.',
      too_long: 'A message can be at most 2000 characters.',
    },
    ru: {
      banner: 'Чат-песочница — ответы автоматические, живой ведущий их не читает',
      label: 'Ваше сообщение',
      placeholder: 'Напишите сообщение…',
      send: 'Отправить',
      empty: 'Поздоровайтесь — ведущий песочницы ответит сразу.',
      failed: 'Сообщение не отправлено. Проверьте соединение и попробуйте ещё раз.',
      ended: 'Сеанс чата завершён. Закройте и снова откройте чат.',
      too_long: 'Сообщение может быть не длиннее 2000 символов.',
    },
  };
  var POLL_MS = 10000;
  var params = new URLSearchParams(location.hash.slice(1));
  var lang = params.get('lang') === 'ru' ? 'ru' : 'en';
  var T = TEXTS[lang];
  document.documentElement.lang = lang;
  document.querySelectorAll('[data-i18n]').forEach(function (el) { el.textContent = T[el.getAttribute('data-i18n')]; });
  document.querySelectorAll('[data-i18n-placeholder]').forEach(function (el) { el.setAttribute('placeholder', T[el.getAttribute('data-i18n-placeholder')]); });

  var headers = { 'content-type': 'application/json', 'accept-language': lang };
  var token = params.get('token');
  if (token) headers['x-chat-token'] = token;
  else {
    var guest = '';
    try { guest = localStorage.getItem('sandbox-chat.guest') || ''; } catch { /* private mode */ }
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(guest)) {
      var bytes = new Uint8Array(18);
      crypto.getRandomValues(bytes);
      guest = Array.prototype.map.call(bytes, function (b) { return ('0' + b.toString(16)).slice(-2); }).join('');
      try { localStorage.setItem('sandbox-chat.guest', guest); } catch { /* private mode */ }
    }
    headers['x-chat-guest'] = guest;
  }

  var list = document.getElementById('messages');
  var status = document.getElementById('status');
  var form = document.getElementById('composer');
  var input = document.getElementById('body');
  var send = document.getElementById('send');
  var timeFmt = new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit' });
  var lastId = '';

  function render(messages) {
    var newest = messages.length ? messages[messages.length - 1].id : '';
    if (newest === lastId && list.childElementCount) return;
    lastId = newest;
    list.textContent = '';
    if (!messages.length) {
      var empty = document.createElement('li');
      empty.className = 'empty';
      empty.textContent = T.empty;
      list.appendChild(empty);
      return;
    }
    messages.forEach(function (m) {
      var li = document.createElement('li');
      li.className = 'msg msg--' + (m.author === 'guest' ? 'guest' : 'host');
      li.textContent = m.body;
      var time = document.createElement('time');
      time.dateTime = new Date(m.createdAt).toISOString();
      time.textContent = timeFmt.format(m.createdAt);
      li.appendChild(time);
      list.appendChild(li);
    });
    list.scrollTop = list.scrollHeight;
  }

  function answer(res) {
    if (res.status === 401) { status.textContent = T.ended; throw new Error('ended'); }
    if (!res.ok) throw new Error('status ' + res.status);
    return res.json();
  }

  function load() {
    return fetch('messages', { headers: headers, credentials: 'omit' })
      .then(answer)
      .then(function (body) { render(body.messages); })
      .catch(function () { /* the next poll tries again */ });
  }

  form.addEventListener('submit', function (e) {
    e.preventDefault();
    var text = input.value.trim();
    if (!text) { input.focus(); return; }
    if (text.length > 2000) { status.textContent = T.too_long; return; }
    send.disabled = true;
    status.textContent = '';
    fetch('messages', { method: 'POST', headers: headers, credentials: 'omit', body: JSON.stringify({ body: text }) })
      .then(answer)
      .then(function (body) { input.value = ''; render(body.messages); })
      .catch(function (err) { if (err.message !== 'ended') status.textContent = T.failed; })
      .then(function () { send.disabled = false; input.focus(); });
  });
  input.addEventListener('keydown', function (e) {
    if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); form.requestSubmit(); }
  });

  load();
  setInterval(function () { if (!document.hidden) load(); }, POLL_MS);
})();
