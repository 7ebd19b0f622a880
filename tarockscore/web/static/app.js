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

  // A Radl's count is a box of one line, where Enter sends nothing without script (in the form
  // of the next hand it would show that hand's arithmetic): with script, Enter presses its button.
  // The app (`app build`) loads this script as table.js for this alone: its page is neither a
  // board nor a table page of the server's, so the rest stops below.
  document.addEventListener("keydown", function (event) {
    var box = event.target;
    if (event.key !== "Enter" || !box.matches || !box.matches("#radl textarea")) { return; }
    event.preventDefault();
    box.closest("label").nextElementSibling.click();
  });

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
  // The page follows the sheet: after every change (from this phone, another one or the command
  // line) the heading, the deal, the sheet and the corrections are asked of the server again.
  // An answer given is never lost to a redraw: a field the server sends again in the same shape
  // is kept as it is, with what the player has given in it.
  var table = body.dataset.table;
  if (!table) { return; }
  // A page answered to a form post (a take-back refused because the sheet moved) stands at the
  // post's address: the page's own address takes its place, so that the form, the outbox and a
  // reload go to the table's page, not to the address of the correction.
  var address = body.dataset.address;
  if (address && address.split("?")[0] !== location.pathname && window.history && history.replaceState) {
    history.replaceState(null, "", address);
  }
  var form = document.getElementById("hand-form");
  var fields = document.getElementById("fields");
  var head = document.getElementById("hand-head");
  var notice = document.getElementById("notice");
  var outboxView = document.getElementById("outbox");
  var sheet = document.getElementById("sheet");
  var corrections = document.getElementById("corrections");
  var status = document.getElementById("status");
  // Without script the corrections' buttons send the form of the next hand, so that its answers go
  // with them; the script keeps those answers itself (its draft) and sends each correction's own form.
  function ownForms() {
    Array.prototype.forEach.call(corrections.querySelectorAll("[form]"), function (e) {
      e.removeAttribute("form");
      if (e.tagName === "BUTTON") {
        ["formaction", "name", "value"].forEach(function (a) { e.removeAttribute(a); });
      }
    });
  }
  ownForms();
  // a correction sent, or a hand's line tapped for its explanation, without network would leave
  // the page for the browser's own "no internet"
  function offline(event) {
    if (navigator.onLine) { return; }
    event.preventDefault();
    event.stopImmediatePropagation();
    showNotice("stale offline", [t("no_network")]).scrollIntoView();
  }
  corrections.addEventListener("submit", offline);
  sheet.addEventListener("click", function (event) { if (event.target.closest("a")) { offline(event); } });
  var STORE = "tarockscore-outbox";
  var replacing = !!(form && form.elements.number);
  var pristine = fields ? fields.innerHTML : "";  // the fields of a hand not answered yet
  var touched = false;  // an answer given in the form since it was last cleared

  function load() {
    try { return JSON.parse(localStorage.getItem(STORE) || "[]"); } catch (e) { return []; }
  }

  // The hand being entered is kept in this tab's sessionStorage as it is answered, so a reload
  // (a tap on the address bar, a phone that dropped the tab in the background) loses nothing.
  var DRAFT = "tarockscore-draft";
  function draftKey() { return DRAFT + ":" + table + ":" + (replacing ? form.elements.number.value : "next"); }
  function keepDraft() {
    if (!form) { return; }
    try {
      sessionStorage.setItem(draftKey(), JSON.stringify({
        expected: form.elements.expected.value, answers: answersOf(formData(form))
      }));
    } catch (e) { /* no storage: nothing kept */ }
  }
  function dropDraft() {
    try { sessionStorage.removeItem(draftKey()); } catch (e) { /* no storage */ }
  }
  function readDraft() {
    try { return JSON.parse(sessionStorage.getItem(draftKey()) || "null"); } catch (e) { return null; }
  }
  // a correction made from this page on the sheet ``expected``: the next hand half entered on that
  // sheet goes on on the sheet the correction leaves (this page's own change, no sheet moved elsewhere)
  function markCorrected(expected) {
    var key = DRAFT + ":" + table + ":next";
    try {
      var next = JSON.parse(sessionStorage.getItem(key) || "null");
      if (next) { next.corrected = expected; sessionStorage.setItem(key, JSON.stringify(next)); }
    } catch (e) { /* no storage: nothing kept */ }
  }
  function save(items) { localStorage.setItem(STORE, JSON.stringify(items)); }
  function mine(items) { return items.filter(function (i) { return i.table === table; }); }
  function waiting() { return mine(load()).filter(function (i) { return !i.refused; }); }

  // a refusal's reasons under what it left as it was (lead: a line above the list; keys: the
  // field each line is about, whose answer takes it away)
  function showNotice(kind, lines, lead, keys) {
    var box = el("div", "notice " + kind);
    box.setAttribute("role", "status");
    if (lead) { box.appendChild(el("p", "lead", lead)); }
    var list = el("ul");
    lines.forEach(function (line, i) {
      var item = list.appendChild(el("li", "", line));
      if (keys && keys[i]) { item.dataset.key = keys[i]; }
    });
    box.appendChild(list);
    notice.innerHTML = "";
    notice.appendChild(box);
    return box;
  }
  // a reason about a field of the form: beside it without the hand file's key it begins with
  // ("card_points: …") nor the label that heads the field, in the notice with the field named as
  // its label names it
  function fieldOf(p) {
    return p.where && fields ? fields.querySelector("[data-key=\"" + CSS.escape(p.where) + "\"]") : null;
  }
  function labelOf(p) {
    var box = fieldOf(p), legend = box && box.querySelector("legend");
    return legend ? legend.textContent : "";
  }
  // after a question asked as a sentence, or a label with a colon of its own, the reason goes in
  // brackets: "Valat: every trick to (…)", never a second colon (as the server says it)
  function bracketed(label) { return /\?$/.test(label) || label.indexOf(": ") >= 0; }
  function besideOf(p) {
    var label = labelOf(p), m = p.message;
    var prefixes = [p.where, label].filter(Boolean).map(function (w) { return w + ": "; });
    for (var i = 0; i < prefixes.length; i++) {
      if (m.indexOf(prefixes[i]) === 0) { return m.slice(prefixes[i].length); }
    }
    var shape = t("bracketed").replace("{question}", label).split("{reason}");
    if (label && bracketed(label) && shape.length === 2 && m.length > shape[0].length + shape[1].length &&
        m.indexOf(shape[0]) === 0 && m.slice(m.length - shape[1].length) === shape[1]) {
      return m.slice(shape[0].length, m.length - shape[1].length);
    }
    return m;
  }
  function problemsOf(answer) {
    return (answer.problems || []).map(function (p) {
      var label = labelOf(p);
      if (!label || !p.where || p.message.indexOf(p.where + ": ") !== 0) { return p.message; }
      var plain = besideOf(p);
      if (!bracketed(label)) { return label + ": " + plain; }
      return t("bracketed").replace("{question}", label).replace("{reason}", plain);
    });
  }
  function keysOf(answer) {
    return (answer.problems || []).map(function (p) { return p.where; });
  }
  function answersOf(data) {
    var out = {};
    Object.keys(data).forEach(function (k) {
      if (["code", "expected", "request", "action", "lang"].indexOf(k) < 0) { out[k] = data[k]; }
    });
    return out;
  }
  function setVersion(version) {
    if (version && form) { form.elements.expected.value = version; }
  }

  // -- the parts that follow the sheet ------------------------------------------------------
  function pageQuery(extra) {
    var query = new URLSearchParams(location.search);
    // a change done: no hand is being replaced, or asked about to be deleted, any more
    ["done", "hand", "part", "expected"].concat(extra.done ? ["replace", "delete"] : []).forEach(function (k) { query.delete(k); });
    Object.keys(extra).forEach(function (k) { query.set(k, extra[k]); });
    return location.pathname + "?" + query.toString();
  }
  function fetchLive(extra) {
    return fetch(pageQuery(Object.assign({ part: "live" }, extra)), { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .catch(function () { return null; });
  }
  // the sheet, the corrections and the line under the heading always; the form's heading and
  // version when it follows (a closed evening's form goes, and comes back when it is opened again)
  function applyLive(live, follow) {
    if (!live) { return; }
    body.dataset.version = live.version;
    body.dataset.closed = live.closed ? "1" : "";
    status.textContent = live.status;
    status.hidden = !live.status;
    sheet.innerHTML = live.sheet;
    // each panel (the corrections, the Radl) stays open; a question about a hand (Take back hand 3)
    // only while it is about the same hand, so that its second tap never takes back another
    var open = {};
    var panel = function (d) { return d.className + ":" + d.querySelector("summary").textContent; };
    Array.prototype.forEach.call(corrections.querySelectorAll("details"), function (d) { open[panel(d)] = d.open; });
    // a Radl's count being typed stays in its box, the cursor in it
    var counts = {};
    Array.prototype.forEach.call(corrections.querySelectorAll("textarea"), function (b) { counts[b.name] = b.value; });
    var typing = corrections.contains(document.activeElement) && document.activeElement.name;
    corrections.innerHTML = live.corrections;
    ownForms();
    Array.prototype.forEach.call(corrections.querySelectorAll("details"), function (d) { if (open[panel(d)]) { d.open = true; } });
    Array.prototype.forEach.call(corrections.querySelectorAll("textarea"), function (b) {
      if (b.name in counts) { b.value = counts[b.name]; }
      if (b.name === typing) { b.focus(); }
    });
    if (live.notice) { notice.innerHTML = live.notice; }
    if (!form) { return; }
    // no next hand (the evening closed): the form goes, a hand half entered in it too, its answers
    // kept for when it comes back; the arithmetic shown keeps its place
    form.hidden = live.number === null || !preview.hidden;
    shut = live.number === null;
    if (follow && !form.hidden) {
      setVersion(live.version);
      head.innerHTML = live.head;
    }
    renderOutbox();
  }

  // -- the fields ---------------------------------------------------------------------------
  function checkedValue(node) {
    var on = node.querySelector("input[type=radio]:checked:not(:disabled)"); // not one the rules fix
    return on ? on.value : null;
  }
  // the fields the server sent, keeping each field of the same shape as it is
  // card points the answers take away (a revoke tapped: it decides the hand), kept aside to come
  // back as typed when the answers bring their field back (the revoke taken back), as in the app
  var aside = {};
  function reconcile(html, whole) {
    var fresh = document.createElement("div");
    fresh.innerHTML = html;
    var now = {};
    Array.prototype.forEach.call(fields.querySelectorAll("[data-key]"), function (n) { now[n.dataset.key] = n; });
    var out = Array.prototype.map.call(fresh.querySelectorAll("[data-key]"), function (node) {
      var old = whole ? null : now[node.dataset.key];
      var kept = whole ? null : aside[node.dataset.key];
      delete aside[node.dataset.key];
      var typed = node.querySelector("input[type=text]:not([value=''])"); // the server's own answer
      if (!old && kept && kept.dataset.sig === node.dataset.sig && !typed) {
        kept.querySelector("legend").textContent = node.querySelector("legend").textContent;
        Array.prototype.forEach.call(kept.querySelectorAll(".error"), function (e) { e.remove(); });
        return kept;
      }
      if (old && old.dataset.sig === node.dataset.sig) {
        old.querySelector("legend").textContent = node.querySelector("legend").textContent;
        // a word the server says beside the field (an answer of the one who now sits out, dropped)
        var said = node.querySelector(".error");
        if (said && !old.querySelector(".error")) { old.appendChild(said); }
        return old;
      }
      var given = old ? checkedValue(old) : null;
      if (given !== null) {
        var same = node.querySelector("input[type=radio][value=\"" + CSS.escape(given) + "\"]");
        if (same) { same.checked = true; }
      }
      return node;
    });
    // the box being typed in keeps the cursor where it was: a field moved in the page loses it,
    // and the digits typed next would go nowhere
    var typing = document.activeElement;
    var caret = typing && typing.type === "text" ? [typing.selectionStart, typing.selectionEnd] : null;
    // the fields drawn anew go first, so that the fields kept are not moved
    Array.prototype.slice.call(fields.children).forEach(function (child) {
      if (out.indexOf(child) >= 0) { return; }
      if (child.classList.contains("points") && child.dataset.key) { aside[child.dataset.key] = child; }
      fields.removeChild(child);
    });
    var cursor = fields.firstElementChild;
    out.forEach(function (node) {
      if (node === cursor) { cursor = cursor.nextElementSibling; return; }
      fields.insertBefore(node, cursor);
    });
    if (typing && typing !== document.activeElement && fields.contains(typing)) {
      typing.focus();
      if (caret) { typing.setSelectionRange(caret[0], caret[1]); }
    }
  }
  var asking = null;
  var askAgain = false;
  // ask the flow again with the answers given (whole: with these answers, every field anew)
  function refreshFields(answers) {
    if (!form) { return Promise.resolve(); }
    if (asking && !answers) { askAgain = true; return asking; }
    var whole = !!answers;
    var sent = answers ? Object.assign({}, answers) : formData(form);
    if (replacing) { sent.number = form.elements.number.value; }
    fields.dataset.busy = "1";
    asking = post(location.pathname + "/fields" + langQuery(), sent).then(function (r) {
      return r.ok ? r.text() : null;
    }).then(function (html) {
      if (html !== null) { reconcile(html, whole); }
    }).catch(function () {}).then(function () {
      asking = null;
      if (askAgain || (!whole && JSON.stringify(formData(form)) !== JSON.stringify(sent))) {
        askAgain = false;
        return refreshFields();
      }
      delete fields.dataset.busy;
      if (touched) { keepDraft(); }
    });
    return asking;
  }
  function markErrors(problems) {
    Array.prototype.forEach.call(fields.querySelectorAll(".error"), function (e) { e.remove(); });
    (problems || []).forEach(function (p) {
      var box = fieldOf(p);
      if (box) { box.appendChild(el("span", "error", besideOf(p))); box.open = true; }
    });
  }
  // the form made ready for the next hand (its heading moves on when the sheet has it)
  function clearForm(offline) {
    if (!form) { return; }
    dropDraft();
    if (replacing) { return; }
    fields.innerHTML = pristine;
    touched = false;
    if (offline) { nextHeading(); }
  }
  // the form headed by the next number, its deal unknown until the sheet has the hand before it
  function nextHeading() {
    var heading = head.querySelector("h2");
    var number = parseInt(heading.dataset.number, 10) + 1;
    heading.dataset.number = number;
    heading.textContent = t("hand").replace("{number}", number);
    Array.prototype.forEach.call(head.querySelectorAll("p"), function (p) { p.remove(); });
  }

  // -- the outbox ---------------------------------------------------------------------------
  var shut = false;  // no next hand (the evening closed): a hand refused has no form to go back into
  function renderOutbox() {
    var items = mine(load());
    outboxView.innerHTML = "";
    var unseen = items.filter(function (i) { return !i.refused && i.stage === "preview"; });
    var sending = items.filter(function (i) { return !i.refused && i.stage !== "preview"; });
    [[unseen, "one_unseen", "many_unseen"], [sending, "one_waiting", "many_waiting"]].forEach(function (kind) {
      if (!kind[0].length) { return; }
      var line = t(kind[0].length === 1 ? kind[1] : kind[2]).replace("{count}", kind[0].length);
      outboxView.appendChild(el("p", "waiting", line));
    });
    items.filter(function (i) { return i.refused; }).forEach(function (item) {
      var box = el("div", "notice refused");
      box.appendChild(el("p", "", t("not_recorded")));
      var list = el("ul");
      item.refused.forEach(function (line) { list.appendChild(el("li", "", line)); });
      box.appendChild(list);
      if (form && !shut) {
        var again = el("button", "", t("enter_again"));
        again.type = "button";
        again.addEventListener("click", function () { drop(item.id); enterAgain(item); });
        box.appendChild(again);
      }
      var dismiss = el("button", "", t("dismiss"));
      dismiss.type = "button";
      dismiss.addEventListener("click", function () { drop(item.id); });
      box.appendChild(dismiss);
      outboxView.appendChild(box);
    });
  }
  function drop(id) {
    save(load().filter(function (i) { return i.id !== id; }));
    renderOutbox();
  }
  function update(id, change) {
    var all = load();
    all.forEach(function (i) { if (i.id === id) { change(i); } });
    save(all);
    renderOutbox();
  }
  // a hand not recorded comes back into the form, entered on the sheet as it is now
  function enterAgain(item) {
    if (!form) { return; }
    fetchLive({}).then(function (live) {
      applyLive(live, true);
      touched = true;
      return refreshFields(answersOf(item.fields));
    });
  }

  var sending = false;
  var showing = null;  // the waiting hand whose arithmetic is shown
  function flush() {
    if (sending) { return; }
    var items = waiting();
    renderOutbox();
    if (!items.length) { return; }
    var item = items[0];
    if (item.stage === "preview") {  // entered without network: its arithmetic first
      if (showing === null && form) {
        showing = item.id;
        show(Object.assign({}, item.fields, { action: "preview" }), item);
      }
      return;
    }
    sending = true;
    post(item.url, item.fields).then(function (r) {
      return r.json().then(function (answer) { return { status: r.status, answer: answer }; },
                           function () { return { status: r.status, answer: {} }; });
    }).then(function (res) {
      sending = false;
      var all = load();
      var answer = res.answer;
      var already = res.status === 409 && answer.error === "already_on_sheet";
      if (res.status === 200 || already) {
        all = all.filter(function (i) { return i.id !== item.id; });
        // a hand entered while this one waited was entered on top of it: it goes on from here
        all.forEach(function (i) {
          if (i.table === table && i.after === item.id) { i.fields.expected = answer.version; }
        });
        save(all);
        var done = { done: already ? "already" : item.fields.number ? "replaced" : "recorded", hand: answer.number };
        if (already || item.fields.number) { done.expected = item.fields.expected; }  // the sheet it was entered on
        if (item.fields.number) {  // a hand replaced: the table's page says so
          if (!already) { markCorrected(item.fields.expected); }
          location.assign(pageQuery(done));
          return;
        }
        var follow = form && form.elements.expected.value === item.fields.expected;
        fetchLive(done).then(function (live) {
          applyLive(live, follow);
          if (follow) { refreshFields(); }
        });
      } else if (res.status === 409 || res.status === 422) {
        var reasons = problemsOf(answer);
        all.forEach(function (i) {
          if (i.id === item.id) { i.refused = reasons; }
          else if (i.table === table && i.after === item.id && !i.refused) { i.refused = [t("after_refused")]; }
        });
        save(all);
        // the form it left, emptied on a sheet since moved, follows the sheet: its notice is old news
        var follow = form && !touched && form.elements.expected.value === item.fields.expected;
        fetchLive({}).then(function (live) {
          applyLive(live, follow);
          if (follow) { notice.innerHTML = ""; refreshFields(); }
        });
      } else if (res.status >= 400 && res.status < 500 && res.status !== 408) {
        // refused for good (no code, no such page, a form too large): said, never sent again
        all.forEach(function (i) { if (i.id === item.id) { i.refused = problemsOf(answer); } });
        save(all);
      } else {  // the server could not answer now (its disk full): the hand stays and is sent again
        if (answer.problems) { showNotice("stale", problemsOf(answer)); }
        moveOn(item);
        return;
      }
      renderOutbox();
      flush();
    }).catch(function () {
      sending = false;
      moveOn(item);
    });
  }
  // a hand that waits to be sent (no network as Record was tapped, or no answer from the server):
  // the form under the hand's own number moves on, and the page shows that the hand waits
  var waited = null;  // the hand whose wait was shown (once: it is sent again every few seconds)
  function moveOn(item) {
    var heading = form && !replacing && head.querySelector("h2");
    if (heading && parseInt(heading.dataset.number, 10) === item.number) { nextHeading(); }
    renderOutbox();
    if (waited !== item.id) { waited = item.id; waits(); }
  }
  // what says a hand waits, shown where the thumb is: the form emptied under it
  function waits() { outboxView.scrollIntoView(); }

  function queue(data, stage, number) {
    var all = load();
    var before = waiting();
    var item = {
      id: newKey(), table: table, url: location.pathname + "/hand" + langQuery(), stage: stage, number: number,
      fields: data, after: before.length ? before[before.length - 1].id : null
    };
    item.fields.request = item.id;
    item.fields.action = "record";
    all.push(item);
    save(all);
    renderOutbox();
    return item;
  }

  // -- the arithmetic, then Record ----------------------------------------------------------
  var preview = null;
  function show(data, item) {
    post(form.getAttribute("action"), data).then(function (r) {
      return r.json().then(function (answer) { return { status: r.status, answer: answer }; },
                           function () { return { status: r.status, answer: {} }; });
    }).then(function (res) {
      // the network is back: the hand waits no more
      Array.prototype.forEach.call(notice.querySelectorAll(".offline"), function (n) { n.remove(); });
      if (res.status !== 200) {
        // the sheet moved under the hand: already there (nothing to enter again), else changed
        var already = res.status === 409 && res.answer.error === "already_on_sheet";
        var there = { done: "already", hand: res.answer.number, expected: data.expected };
        if (already && (replacing || (item && item.fields.number))) {
          location.assign(pageQuery(there));
          return;
        }
        if (item) {
          showing = null;
          if (already) {
            var follow = form.elements.expected.value === item.fields.expected;
            drop(item.id);
            fetchLive(there).then(function (live) {
              applyLive(live, follow);
              if (follow) { refreshFields(); }
            });
            return;
          }
          update(item.id, function (i) { i.refused = problemsOf(res.answer); });
          return;
        }
        if (already) {
          clearForm(false);
          fetchLive(there).then(function (live) {
            applyLive(live, true);
            refreshFields();
          });
          return;
        }
        var stale = res.status === 409;
        // said where the thumb is: the notice heads the page, the button is far below it on a phone
        showNotice(stale ? "stale" : "refused", problemsOf(res.answer), stale ? "" : t("unchanged"), keysOf(res.answer))
          .scrollIntoView();
        markErrors(res.answer.problems);
        if (res.status === 409) {  // the answers stay, to be shown again on the sheet as it is now
          fetchLive({}).then(function (live) { applyLive(live, true); refreshFields(); });
        }
        return;
      }
      if (!item) { notice.innerHTML = ""; markErrors([]); }
      preview.innerHTML = res.answer.html;
      // a hand replaced is confirmed with Replace, as its heading says
      var said = t(replacing ? "replace" : "record");
      var record = el("button", "primary", said.replace("{number}", res.answer.number));
      record.type = "button";
      record.id = "record";
      var change = el("button", "", t("change"));
      change.type = "button";
      record.addEventListener("click", function () {
        preview.hidden = true;
        form.hidden = false;
        if (item) {
          showing = null;
          update(item.id, function (i) { i.stage = "record"; });
        } else {
          queue(data, "record", res.answer.number);
          clearForm(false);
        }
        flush();
        window.scrollTo(0, 0);  // what became of the hand is said at the page's top, above the next form
      });
      change.addEventListener("click", function () {
        preview.hidden = true;
        form.hidden = false;
        if (item) {
          showing = null;
          drop(item.id);
          touched = true;
          refreshFields(answersOf(item.fields));
        }
      });
      preview.appendChild(record);
      preview.appendChild(change);
      preview.hidden = false;
      form.hidden = true;
      preview.scrollIntoView();
    }, function () {
      // no network: the hand waits here, and its arithmetic is shown when the network is back
      if (item) { showing = null; return; }
      var offline = replacing ? t("offline_replace").replace(/\{number\}/g, form.elements.number.value) : t("offline");
      showNotice("stale offline", [offline]);
      queue(data, "preview");
      clearForm(true);
      waits();
    });
  }

  if (form) {
    // a field's reason goes as soon as it is answered anew: while typing, not when the field is
    // left, which is the next tap, so that the fields below never move up under the finger; so
    // does its line in the notice above, and the notice with its last line
    function answered(event) {
      var box = event.target.closest("[data-key]");
      var error = box && box.querySelector(".error");
      if (error) { error.remove(); }
      var line = box && notice.querySelector("li[data-key=\"" + CSS.escape(box.dataset.key) + "\"]");
      if (line) {
        var list = line.parentNode;
        line.remove();
        if (!list.children.length) { list.closest(".notice").remove(); }
      }
    }
    fields.addEventListener("input", answered);
    fields.addEventListener("input", keepDraft);
    fields.addEventListener("change", function (event) {
      touched = true;
      answered(event);
      refreshFields();
    });
    preview = el("section", "preview");
    preview.id = "preview";
    preview.hidden = true;
    form.parentNode.insertBefore(preview, form.nextSibling);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var data = formData(form);
      data.action = "preview";
      show(data, null);
    });
  }

  // A sheet changed elsewhere (another phone, the command line): the page follows it; a hand
  // being entered keeps its answers, and is told the sheet moved under it.
  function sheetMoved(live) {
    var box = showNotice("stale", [t("changed")]);
    var use = el("button", "", t("use_new"));
    use.type = "button";
    use.addEventListener("click", function () {
      notice.innerHTML = "";
      applyLive(live, true);
      refreshFields();
    });
    box.appendChild(use);
  }
  function followSheet() {
    if (waiting().some(function (i) { return i.stage !== "preview"; })) { return; }  // the outbox follows
    fetchLive({}).then(function (live) {
      // a sheet closed or opened again on the laptop (its file made read-only), or its round closed
      // at the desk (its code writes no more: the line under the heading says so), keeps its version
      if (!live || (live.version === body.dataset.version && live.closed === !!body.dataset.closed &&
                    live.status === status.textContent)) { return; }
      // a page opened with the code on a closed evening has no form: opened again, it gets one
      if (!form && live.number !== null) { location.reload(); return; }
      // what this phone's last change did is old news once the sheet has moved on from elsewhere
      Array.prototype.forEach.call(notice.querySelectorAll(".notice.ok, .notice.info"), function (n) { n.remove(); });
      // a hand being replaced holds its answers as the sheet had it: never moved on without a word
      var busy = form && (touched || replacing || !preview.hidden);
      applyLive(live, form && !busy);
      if (form && !busy) { refreshFields(); return; }
      if (!form || live.number === null || live.version === form.elements.expected.value) { return; }
      sheetMoved(live);
    });
  }

  // A reload in the middle of a hand: its answers come back, on the sheet they were given on;
  // if that sheet has moved since, the page says so, as it does while a hand is being entered.
  // A take-back, a delete, a deal corrected or a hand replaced from this page, the next hand half
  // entered: its answers were given on the sheet the correction was made on, and go on on the
  // sheet it left (no sheet moved elsewhere).
  if (form && !replacing) {
    corrections.addEventListener("submit", function (event) {
      var sent = event.target;
      if (sent.method === "post" && sent.elements.expected) { markCorrected(sent.elements.expected.value); }
    });
  }
  var draft = form && readDraft();
  var ownCorrection = /[?&]done=(undone|deleted|dealt|replaced|radl)(&|$)/.test(location.search);
  if (draft && draft.corrected === draft.expected && ownCorrection) {
    draft.expected = form.elements.expected.value;
  }
  // what a change did is said once: the address keeps the page, not the news, so that a reload on
  // a sheet moved on since does not say it again
  if (/[?&]done=/.test(location.search) && window.history && history.replaceState) {
    history.replaceState(null, "", pageQuery({}) + location.hash);
  }
  if (draft && Object.keys(draft.answers).length) {
    touched = true;
    var now = form.elements.expected.value;
    form.elements.expected.value = draft.expected;
    refreshFields(draft.answers).then(function () {
      if (draft.expected !== now) {
        fetchLive({}).then(function (live) { if (live) { sheetMoved(live); } });
      }
    });
  }
  // the sheet's changes as they come; asked anew when the network is back, since a phone that left
  // the Wi-Fi may keep a stream whose connection died without a word
  var source = null;
  function listen() {
    if (!window.EventSource) { return; }
    if (source) { source.close(); }
    source = new EventSource("/events");
    source.addEventListener("change", followSheet);
  }
  listen();

  window.addEventListener("online", function () { listen(); followSheet(); flush(); });
  setInterval(flush, 5000);
  renderOutbox();
  flush();
})();
