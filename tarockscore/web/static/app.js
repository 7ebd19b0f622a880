// tarockscore serve: the table page's outbox and live form, and the board's live updates.
// Plain JavaScript, no library. The page works without it: the forms post as they are.
// A page on a LAN address over plain HTTP is no secure context: no service worker and no
// crypto.randomUUID, so request keys come from crypto.getRandomValues and the outbox lives in
// localStorage.
"use strict";

(function () {
  var body = document.body;
  var texts = {};
  var textNode = document.getElementById("texts");
  if (textNode) { texts = JSON.parse(textNode.textContent); }
  function t(key) { return texts[key] || key; }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function newKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }
  function formData(form) {
    var out = {};
    new FormData(form).forEach(function (v, k) { out[k] = String(v); });
    return out;
  }
  function encode(data) {
    return Object.keys(data).map(function (k) {
      return encodeURIComponent(k) + "=" + encodeURIComponent(data[k]);
    }).join("&");
  }
  function post(url, data) {
    return fetch(url, {
      method: "POST", credentials: "same-origin",
      headers: { "Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: encode(data)
    });
  }
  function langQuery() { return body.dataset.lang ? "?lang=" + encodeURIComponent(body.dataset.lang) : ""; }

  // -- the board ---------------------------------------------------------------------------
  if (body.dataset.board) {
    var board = document.getElementById("board");
    var live = document.getElementById("live");
    var refresh = function () {
      fetch("/board?part=1" + (body.dataset.lang ? "&lang=" + encodeURIComponent(body.dataset.lang) : ""))
        .then(function (r) { return r.ok ? r.text() : null; })
        .then(function (html) { if (html !== null) { board.innerHTML = html; } })
        .catch(function () {});
    };
    var polling = null;
    var poll = function () {
      if (polling === null) { live.textContent = t("polling"); polling = setInterval(refresh, 5000); }
    };
    if (window.EventSource) {
      var source = new EventSource("/events");
      source.addEventListener("change", function () { live.textContent = t("live"); refresh(); });
      source.onerror = function () { poll(); };
      source.onopen = function () {
        if (polling !== null) { clearInterval(polling); polling = null; }
        live.textContent = t("live");
      };
    } else { poll(); }
    return;
  }

  // -- the table page ----------------------------------------------------------------------
  var table = body.dataset.table;
  if (!table) { return; }
  var form = document.getElementById("hand-form");
  var fields = document.getElementById("fields");
  var notice = document.getElementById("notice");
  var outboxView = document.getElementById("outbox");
  var sheet = document.getElementById("sheet");
  var STORE = "tarockscore-outbox";

  function load() {
    try { return JSON.parse(localStorage.getItem(STORE) || "[]"); } catch (e) { return []; }
  }
  function save(items) { localStorage.setItem(STORE, JSON.stringify(items)); }
  function mine(items) { return items.filter(function (i) { return i.table === table; }); }

  function showNotice(kind, lines) {
    var box = el("div", "notice " + kind);
    box.setAttribute("role", "status");
    var list = el("ul");
    lines.forEach(function (line) { list.appendChild(el("li", "", line)); });
    box.appendChild(list);
    notice.innerHTML = "";
    notice.appendChild(box);
    return box;
  }
  function problemsOf(answer) {
    return (answer.problems || []).map(function (p) { return p.message; });
  }
  function setVersion(version) {
    if (!version) { return; }
    body.dataset.version = version;
    if (form) { form.elements.expected.value = version; }
  }
  function refreshSheet() {
    return fetch(location.pathname + "?part=sheet" + (body.dataset.lang ? "&lang=" + encodeURIComponent(body.dataset.lang) : ""))
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) { if (html !== null && sheet) { sheet.innerHTML = html; } })
      .catch(function () {});
  }
  function refreshFields(answers) {
    if (!form) { return Promise.resolve(); }
    var data = answers || formData(form);
    var sent = JSON.stringify(data);
    fields.dataset.busy = "1";
    return post(location.pathname + "/fields" + langQuery(), data).then(function (r) {
      return r.ok ? r.text() : null;
    }).then(function (html) {
      if (html === null) { delete fields.dataset.busy; return; }
      if (!answers && JSON.stringify(formData(form)) !== sent) {
        return refreshFields();  // changed again while asked: ask with what is there now
      }
      var focused = document.activeElement && document.activeElement.name;
      fields.innerHTML = html;
      delete fields.dataset.busy;
      if (focused && form.elements[focused] && form.elements[focused].focus) { form.elements[focused].focus(); }
    }).catch(function () { delete fields.dataset.busy; });
  }

  function renderOutbox() {
    var items = mine(load());
    outboxView.innerHTML = "";
    var waiting = items.filter(function (i) { return !i.refused; });
    if (waiting.length) {
      var line = (waiting.length === 1 ? t("one_waiting") : t("many_waiting")).replace("{count}", waiting.length);
      outboxView.appendChild(el("p", "waiting", line));
    }
    items.filter(function (i) { return i.refused; }).forEach(function (item) {
      var box = el("div", "notice refused");
      box.appendChild(el("p", "", t("not_recorded")));
      var list = el("ul");
      item.refused.forEach(function (line) { list.appendChild(el("li", "", line)); });
      box.appendChild(list);
      var again = el("button", "", t("enter_again"));
      again.type = "button";
      again.addEventListener("click", function () { drop(item.id); enterAgain(item); });
      var dismiss = el("button", "", t("dismiss"));
      dismiss.type = "button";
      dismiss.addEventListener("click", function () { drop(item.id); });
      box.appendChild(again);
      box.appendChild(dismiss);
      outboxView.appendChild(box);
    });
  }
  function drop(id) {
    save(load().filter(function (i) { return i.id !== id; }));
    renderOutbox();
  }
  function enterAgain(item) {
    var answers = {};
    Object.keys(item.fields).forEach(function (k) {
      if (["code", "expected", "request", "action"].indexOf(k) < 0) { answers[k] = item.fields[k]; }
    });
    refreshFields(answers);
  }

  var sending = false;
  function flush() {
    if (sending) { return; }
    var items = mine(load()).filter(function (i) { return !i.refused; });
    if (!items.length) { renderOutbox(); return; }
    sending = true;
    var item = items[0];
    post(item.url, item.fields).then(function (r) {
      return r.json().then(function (answer) { return { status: r.status, answer: answer }; },
                           function () { return { status: r.status, answer: {} }; });
    }).then(function (res) {
      sending = false;
      var all = load();
      if (res.status === 200) {
        all = all.filter(function (i) { return i.id !== item.id; });
        // a hand entered while this one waited was entered on top of it: it goes on from here
        all.forEach(function (i) {
          if (i.table === table && i.after === item.id) { i.fields.expected = res.answer.version; }
        });
        save(all);
        setVersion(res.answer.version);
        showNotice("ok", [res.answer.said]);
        refreshSheet();
        if (form && form.elements.number) {  // a hand replaced: back to the next hand
          location.assign(location.pathname + location.search.replace(/([?&])replace=\d+&?/, "$1"));
          return;
        }
        refreshFields({});
        var heading = form && form.querySelector("h2");
        if (heading) { heading.textContent = t("hand").replace("{number}", res.answer.sheet.hands.length + 1); }
      } else if (res.status === 409 || res.status === 422) {
        var reasons = problemsOf(res.answer);
        all.forEach(function (i) {
          if (i.id === item.id) { i.refused = reasons; }
          else if (i.table === table && i.after === item.id && !i.refused) { i.refused = [t("after_refused")]; }
        });
        save(all);
        setVersion(res.answer.version);
        refreshSheet();
      } else if (res.status === 403 || res.status === 429) {
        all.forEach(function (i) { if (i.id === item.id) { i.refused = problemsOf(res.answer); } });
        save(all);
      } else {
        renderOutbox();
        return; // the server could not answer now: the hand stays and is sent again
      }
      renderOutbox();
      flush();
    }).catch(function () {
      sending = false;
      renderOutbox();
    });
  }

  function queue(fields) {
    var all = load();
    var before = mine(all).filter(function (i) { return !i.refused; });
    var item = {
      id: newKey(), table: table, url: location.pathname + "/hand" + langQuery(),
      fields: fields, after: before.length ? before[before.length - 1].id : null
    };
    item.fields.request = item.id;
    item.fields.action = "record";
    all.push(item);
    save(all);
    renderOutbox();
    flush();
  }

  if (form) {
    fields.addEventListener("change", function () { refreshFields(); });
    var preview = el("section", "preview");
    preview.id = "preview";
    preview.hidden = true;
    form.parentNode.insertBefore(preview, form.nextSibling);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var data = formData(form);
      data.action = "preview";
      post(form.getAttribute("action"), data).catch(function () {
        // no network: the hand is kept here, and checked by the server when it is sent
        showNotice("stale", [t("offline")]);
        queue(data);
        return null;
      }).then(function (r) {
        if (r === null) { return null; }
        return r.json().then(function (answer) { return { status: r.status, answer: answer }; },
                             function () { return { status: r.status, answer: {} }; });
      }).then(function (res) {
        if (res === null) { return; }
        if (res.status !== 200) {
          showNotice(res.status === 409 ? "stale" : "refused", problemsOf(res.answer));
          return;
        }
        notice.innerHTML = "";
        preview.innerHTML = res.answer.html;
        var record = el("button", "primary", t("record").replace("{number}", res.answer.number));
        record.type = "button";
        record.id = "record";
        var change = el("button", "", t("change"));
        change.type = "button";
        record.addEventListener("click", function () {
          preview.hidden = true;
          form.hidden = false;
          queue(data);
        });
        change.addEventListener("click", function () { preview.hidden = true; form.hidden = false; });
        preview.appendChild(record);
        preview.appendChild(change);
        preview.hidden = false;
        form.hidden = true;
      });
    });
  }

  // A sheet changed elsewhere (another phone, the command line): say so, keep what is typed.
  if (window.EventSource) {
    var source = new EventSource("/events");
    source.addEventListener("change", function () {
      if (mine(load()).some(function (i) { return !i.refused; })) { return; }
      fetch(location.pathname, { headers: { "Accept": "application/json" } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (answer) {
          if (!answer || !form || answer.version === form.elements.expected.value) { return; }
          refreshSheet();
          var box = showNotice("stale", [t("changed")]);
          var use = el("button", "", t("use_new"));
          use.type = "button";
          use.addEventListener("click", function () {
            setVersion(answer.version);
            notice.innerHTML = "";
            refreshFields();
            var heading = form.querySelector("h2");
            if (heading && answer.sheet) { heading.textContent = t("hand").replace("{number}", answer.sheet.hands.length + 1); }
          });
          box.appendChild(use);
        }).catch(function () {});
    });
  }

  window.addEventListener("online", flush);
  setInterval(flush, 5000);
  renderOutbox();
  flush();
})();
