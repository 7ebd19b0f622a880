// The page: shows what the engine (worker.js) renders and hands it every form. No scoring here.
const main = document.getElementById("main");
const allWords = JSON.parse(document.getElementById("words").textContent);
const language = navigator.language || "en";
const words = allWords[language.toLowerCase().startsWith("de") ? "de" : "en"];
document.documentElement.lang = language.toLowerCase().startsWith("de") ? "de" : "en";
document.getElementById("loading").textContent = words.loading;

const worker = new Worker("worker.js", { type: "module" });
const waiting = new Map();
let sent = 0;
worker.onmessage = (event) => {
  const { id, result, error, failed } = event.data;
  const { ok, fail } = waiting.get(id);
  waiting.delete(id);
  if (error !== undefined) fail(Object.assign(new Error(error), { failed }));
  else ok(result);
};

function ask(op, args = {}) {
  return new Promise((ok, fail) => {
    sent += 1;
    waiting.set(sent, { ok, fail });
    worker.postMessage({ id: sent, op, ...args });
  });
}

// A page shown from its top, where it says what was done and the form is: a correction or a Radl
// is tapped below the sheet, screens down a phone, where nothing would seem to have happened.
function show(html) {
  main.innerHTML = html;
  window.scrollTo(0, 0);
}

// What the engine could not do, above the page as it is (the answers in its form kept), shown from
// the top: the library's refusal or a fault as the engine says it, with the way back to the sheet.
function failed(error) {
  document.getElementById("failed")?.remove();
  if (error.failed) main.insertAdjacentHTML("afterbegin", error.failed);
  else {
    main.insertAdjacentHTML("afterbegin", '<div class="notice refused" role="alert"></div>');
    main.firstElementChild.textContent = `${words.failed} ${error.message}`;
  }
  window.scrollTo(0, 0);
}

function values(form) {
  const out = {};
  for (const [key, value] of new FormData(form)) {
    if (typeof value === "string") out[key] = value;
  }
  return out;
}

// The hand being entered is kept as it is answered (the form's values, the sheet it was made on
// among them): in this tab's sessionStorage, so that a reload brings back this tab's own answers,
// and in the browser's storage beside the evening (the engine keeps it in the order the page asks),
// so that a browser closed in the middle of a hand loses nothing: a tab with no answers of its own
// (the browser opened again, a new tab) takes the hand half entered from there.
const DRAFT = "tarockscore-app-draft";
function keepDraft() {
  const form = document.getElementById("hand-form");
  const answers = form ? values(form) : null;
  try {
    if (answers) sessionStorage.setItem(DRAFT, JSON.stringify(answers));
    else sessionStorage.removeItem(DRAFT);
  } catch (error) {
    /* no storage: kept beside the evening alone */
  }
  ask("keep_draft", { form: answers }).catch(() => {}); // no storage: nothing kept
}
function dropDraft() {
  try {
    sessionStorage.removeItem(DRAFT);
  } catch (error) {
    /* no storage */
  }
  ask("keep_draft", { form: null }).catch(() => {});
}
async function readDraft() {
  try {
    const own = JSON.parse(sessionStorage.getItem(DRAFT) || "null");
    if (own) return own;
  } catch (error) {
    /* no storage: the one kept beside the evening */
  }
  return ask("draft").catch(() => null);
}

// A change's reply shown: a hand refused keeps its answers in the form (and in the tab); a change
// made, or a form of the evening shown afresh, leaves no answers given. A new evening or a file
// refused leaves the evening, and the hand half entered on it, as they were.
function showChanged(reply) {
  show(reply.html);
  if (reply.kept) keepDraft();
  else if (reply.ok || document.getElementById("hand-form")) dropDraft();
}

let shown = null; // the answers whose arithmetic is shown, recorded as they are
let turn = Promise.resolve(); // the taps at work, one after the other
let asked = 0; // the form's changes sent to the engine

// A tap's work, done once the taps before it are done: none is lost. A tap on something the page
// no longer shows by then (a second tap on Record, the hand recorded) changes nothing.
function once(tapped, work) {
  turn = turn.then(() => tapped.isConnected && work()).catch(failed);
}

document.addEventListener("submit", (event) => {
  const form = event.target;
  event.preventDefault();
  once(form, async () => {
    if (form.id === "start") {
      if (form.dataset.confirm && !confirm(form.dataset.confirm)) return;
      const answers = values(form);
      // the file picked; else the one kept, ticked, from the form refused before (none unticked)
      const file = document.getElementById("f-profile_file").files[0];
      if (file) Object.assign(answers, { profile_file: await file.text(), profile_name: file.name });
      showChanged(await ask("begin", { form: answers }));
    } else if (form.id === "hand-form") {
      shown = values(form);
      const reply = await ask("preview", { form: shown });
      const box = document.getElementById("preview");
      box.innerHTML = reply.html;
      // a refusal's reasons beside their fields, the answers given since kept
      if (reply.fields) reconcile(document.getElementById("fields"), reply.fields, shown, values(form));
      if (reply.ok) {
        box.insertAdjacentHTML(
          "beforeend",
          '<div class="actions"><button type="button" id="record" class="primary"></button>' +
            '<button type="button" id="edit"></button></div>',
        );
        document.getElementById("record").textContent = reply.record;
        document.getElementById("edit").textContent = reply.edit;
      }
      box.hidden = false;
      box.scrollIntoView({ block: "nearest" });
    } else if (form.dataset.change === "replace") {
      // the hand to replace, carrying the next hand's answers so far (kept as its form's, for a reload)
      const hand = document.getElementById("hand-form");
      show((await ask("replacing", { number: form.elements.number.value, hand: hand && values(hand) })).html);
      keepDraft();
    } else if (form.dataset.change === "deleting") {
      // the hand chosen named by its line, beside the button that deletes it: nothing else moves
      const { html } = await ask("deleting", { number: form.elements.delete.value });
      document.getElementById("deleting").outerHTML = html;
      document.getElementById("deleting").scrollIntoView({ block: "nearest" });
    } else if (form.dataset.change === "dealing") {
      // the hand chosen with its deal now and as corrected, beside the button that corrects it
      const { html } = await ask("dealing", { number: form.elements.deal.value, dealer: form.elements.dealer.value });
      document.getElementById("dealing").outerHTML = html;
      document.getElementById("dealing").scrollIntoView({ block: "nearest" });
    } else if (form.dataset.change === "radl" || form.dataset.change === "strike") {
      // a Radl set or struck: the next hand's answers so far stay in its form
      const hand = document.getElementById("hand-form");
      const answers = hand ? values(hand) : null;
      showChanged(await ask("radl", { what: form.dataset.change, form: values(form), hand: answers }));
    } else if (form.dataset.change) {
      // a hand taken back or deleted: the next hand's answers so far stay in its form
      const hand = document.getElementById("hand-form");
      const answers = hand ? values(hand) : null;
      showChanged(await ask("change", { what: form.dataset.change, form: values(form), hand: answers }));
    }
  });
});

document.addEventListener("input", (event) => {
  if (!event.target.closest("#hand-form")) return;
  // a field's reason goes as it is answered anew, while typing, not when the next tap leaves the
  // field: the fields below never move up under the finger; so does its line in the notice, and
  // the notice with its last line (the refusal's box below the form with it)
  const field = event.target.closest("[data-key]");
  field?.querySelector(".error")?.remove();
  const line = field && document.querySelector(`.notice li[data-key="${CSS.escape(field.dataset.key)}"]`);
  if (line && line.parentNode.childElementCount === 1) {
    const notice = line.closest(".notice");
    const box = notice.parentNode;
    notice.remove();
    if (box.id === "preview" && !box.childElementCount) box.hidden = true;
  } else line?.remove();
  keepDraft();
});

document.addEventListener("change", (event) => {
  const field = event.target;
  if (field.id === "f-ledger" && field.files[0]) {
    once(field, async () => {
      const form = field.form;
      if (form.dataset.confirm && !confirm(form.dataset.confirm)) return;
      const bytes = await field.files[0].arrayBuffer();
      showChanged(await ask("open", { bytes, name: field.files[0].name }));
    });
    return;
  }
  if (field.id === "f-profile") {
    // the title chosen, whole, below the choice (the option's words, as the engine wrote them)
    document.getElementById("profile-title").textContent = field.selectedOptions[0].textContent;
    return;
  }
  const form = field.closest("#hand-form");
  if (!form) return;
  keepDraft();
  document.getElementById("preview").hidden = true;
  const mine = ++asked;
  const sentValues = values(form);
  form.dataset.asking = "1";
  ask("fields", { form: sentValues }).then((reply) => {
    // a later change has asked again, or the form is gone (a correction, a hand recorded): the
    // answer is for a form no longer shown and must not be drawn into the one that took its place
    if (mine !== asked || !form.isConnected) return;
    delete form.dataset.asking;
    const focused = document.activeElement && document.activeElement.id;
    if (reconcile(document.getElementById("fields"), reply.html, sentValues, values(form))) keepDraft();
    if (focused && document.getElementById(focused) && document.activeElement.id !== focused) {
      document.getElementById(focused).focus();
    }
  }, failed);
});

// The fields the engine sent, put in place so that a tap or typing under way is not lost: a field of
// the same shape (data-sig) stays the very node it is, brought to the engine's answers where the
// player has changed nothing since they were sent; only a field whose shape changed is replaced,
// and a choice checked or text typed in it since is carried into the new one.
// Card points the answers take away (a revoke tapped: it decides the hand) are kept aside, and
// come back as typed when the answers bring their field back (the revoke taken back).
export function reconcile(box, html, sentValues, now) {
  const fresh = document.createElement("div");
  fresh.innerHTML = html;
  const before = new Map();
  for (const node of box.querySelectorAll(":scope > [data-key]")) before.set(node.dataset.key, node);
  const aside = (box.aside ??= new Map());
  let restored = false;
  const changed = (name) => now[name] !== sentValues[name];
  const out = [...fresh.querySelectorAll(":scope > [data-key]")].map((node) => {
    const old = before.get(node.dataset.key);
    const kept = aside.get(node.dataset.key);
    aside.delete(node.dataset.key);
    const typed = node.querySelector("input[type=text]:not([value=''])"); // the engine's own answer
    if (!old && kept && kept.dataset.sig === node.dataset.sig && !typed) {
      kept.querySelector("legend").replaceWith(node.querySelector("legend"));
      for (const error of kept.querySelectorAll(".error")) error.remove();
      restored = true;
      return kept;
    }
    if (!old) return node;
    const [keep, give] = old.dataset.sig === node.dataset.sig ? [old, node] : [node, old];
    if (keep === old) {
      // the words and the reason beside the field as the engine gives them
      keep.querySelector("legend").replaceWith(give.querySelector("legend"));
      for (const error of keep.querySelectorAll(".error")) error.remove();
      for (const error of give.querySelectorAll(".error")) keep.append(error);
      if (keep.matches("details") && keep.querySelector(".error")) keep.open = true; // "Renonce…" seen
      if (give.hasAttribute("aria-describedby")) {
        keep.setAttribute("aria-describedby", give.getAttribute("aria-describedby"));
      } else keep.removeAttribute("aria-describedby");
    }
    // in each input: the player's answer where changed since sent, else the engine's
    const from = (name) => (changed(name) ? old : node);
    for (const input of keep.querySelectorAll("input")) {
      const source = from(input.name);
      if (source === keep) continue;
      if (input.type === "radio") {
        // the choice the source holds, where this field offers it
        const on = source.querySelector(`input[type=radio][name="${CSS.escape(input.name)}"]:checked`);
        if (on && on.value === input.value) input.checked = true;
        else if (source === node && !on) input.checked = false;
      } else {
        const match = source.querySelector(`input[name="${CSS.escape(input.name)}"]`);
        if (match && match.value !== input.value) input.value = match.value;
      }
    }
    return keep;
  });
  let cursor = box.firstElementChild;
  for (const node of out) {
    if (node === cursor) {
      cursor = cursor.nextElementSibling;
      continue;
    }
    box.insertBefore(node, cursor);
  }
  while (cursor) {
    const next = cursor.nextElementSibling;
    if (cursor.classList.contains("points")) aside.set(cursor.dataset.key, cursor);
    cursor.remove();
    cursor = next;
  }
  return restored;
}

// A hand's line on the sheet shows its explanation above the page; the form below keeps its answers.
const EXPLAIN = "#explain-";
function closeExplanation() {
  const open = document.getElementById("explanation");
  if (!open) return;
  const row = document.querySelector(`#sheet tbody[data-hand="${open.dataset.number}"]`);
  open.remove();
  if (row) row.scrollIntoView({ block: "center" });
}

document.addEventListener("click", (event) => {
  const link = event.target.closest(`a[href^="${EXPLAIN}"]`);
  if (link) {
    event.preventDefault();
    once(link, async () => {
      const { html } = await ask("explaining", { number: link.getAttribute("href").slice(EXPLAIN.length) });
      document.getElementById("explanation")?.remove();
      main.insertAdjacentHTML("afterbegin", html);
      window.scrollTo(0, 0);
    });
    return;
  }
  const id = event.target.id;
  if (id === "close-explanation") closeExplanation();
  if (id === "record") {
    // the arithmetic shown, also where it is being worked out again: recorded once it is done
    once(document.getElementById("preview"), async () => {
      const started = performance.now();
      const reply = await ask("change", { what: "hand", form: shown });
      document.body.dataset.recordMs = String(Math.round(performance.now() - started));
      showChanged(reply);
    });
  } else if (id === "keep") {
    // the hand being replaced left as it is: the next hand's form, with its answers
    once(event.target, async () => {
      showChanged(await ask("keep", { form: values(document.getElementById("hand-form")) }));
    });
  } else if (id === "edit") {
    document.getElementById("preview").hidden = true;
  } else if (id === "back") {
    once(event.target, async () => resumed((await ask("page")).html));
  } else if (id === "new-evening") {
    once(event.target, async () => show((await ask("start_page")).html));
  } else if (id === "export") {
    once(event.target, exportLedger);
  }
});

async function exportLedger() {
  const { bytes, name } = await ask("export");
  const file = new File([bytes], name, { type: "application/toml" });
  if (navigator.canShare && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title: name });
      return;
    } catch (error) {
      if (error.name === "AbortError") return;
    }
  }
  const link = document.createElement("a");
  link.href = URL.createObjectURL(file);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

// The evening's page shown, the hand half entered back in its form (a reload, the start page left),
// on the sheet its answers were given on.
async function resumed(html) {
  const draft = html.includes('id="hand-form"') ? await readDraft() : null;
  if (!draft) return show(html);
  const reply = await ask("resume", { form: draft }); // shown once, with the answers: no empty form first
  show(reply.html);
  if (!reply.kept) dropDraft();
}

// The engine is asked to start at once; the storage question is asked while it starts. Over plain
// http the browser gives the page no lock between tabs and no offline copy: it says so and stops.
async function begin() {
  if (!window.isSecureContext || !navigator.locks) {
    document.getElementById("loading").textContent = words.insecure;
    return;
  }
  const started = ask("start", { language });
  const persisted = navigator.storage && navigator.storage.persist ? await navigator.storage.persist() : false;
  if (!persisted) {
    const note = document.getElementById("storage");
    note.textContent = words.not_persisted;
    note.hidden = false;
  }
  try {
    const { html, kept } = await started;
    await resumed(html);
    document.body.dataset.ready = kept ? "kept" : "new"; // started from the kept engine, or anew
  } catch (error) {
    failed(error);
    return;
  }
  // Registered once the engine runs: its files are then in the HTTP cache, not fetched twice.
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("sw.js");
}

begin();
