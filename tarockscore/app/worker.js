// The engine of the page: Python (Pyodide) running tarockscore in a Web Worker, so that the page
// stays responsive. Every number comes from the library; this script only carries forms in and
// HTML out, keeps the ledger file in the browser's storage (IndexedDB) and lets one tab change
// it at a time (the browser's lock: Python's file lock does nothing here).
import { loadPyodide } from "./pyodide/pyodide.mjs";

const HOME = "/home/pyodide";
const LEDGER = HOME + "/evening.toml";
const DB = "tarockscore";
const STORE = "ledger";
const KEY = "evening";
const DRAFT = "draft";
const LOCK = "tarockscore-evening";

let py = null;
let api = null;

let opened = null; // the database, opened once (a draft is kept at every keystroke)
function database() {
  if (!opened) {
    opened = new Promise((ok, fail) => {
      const open = indexedDB.open(DB, 1);
      open.onupgradeneeded = () => open.result.createObjectStore(STORE);
      open.onsuccess = () => {
        open.result.onclose = () => (opened = null); // closed by the browser (storage cleared): opened anew
        ok(open.result);
      };
      open.onerror = () => fail(open.error);
    });
    opened.catch(() => (opened = null)); // opened anew when next asked
  }
  return opened;
}

async function stored() {
  const db = await database();
  return new Promise((ok, fail) => {
    const read = db.transaction(STORE).objectStore(STORE).get(KEY);
    read.onsuccess = () => ok(read.result);
    read.onerror = () => fail(read.error);
  });
}

async function store(bytes) {
  const db = await database();
  return new Promise((ok, fail) => {
    // "strict": the transaction completes only once the bytes are on the phone's disk
    const write = db.transaction(STORE, "readwrite", { durability: "strict" });
    write.objectStore(STORE).put(bytes, KEY);
    write.oncomplete = () => ok();
    write.onerror = () => fail(write.error);
    write.onabort = () => fail(write.error);
  });
}

// The hand half entered (its form's answers, the sheet it was made on among them), kept beside the
// ledger so that a browser closed in the middle of a hand loses nothing; null: none.
async function draft() {
  const db = await database();
  return new Promise((ok, fail) => {
    const read = db.transaction(STORE).objectStore(STORE).get(DRAFT);
    read.onsuccess = () => ok(read.result === undefined ? null : read.result);
    read.onerror = () => fail(read.error);
  });
}

async function keepDraft(answers) {
  const db = await database();
  return new Promise((ok, fail) => {
    const write = db.transaction(STORE, "readwrite");
    const drafts = write.objectStore(STORE);
    if (answers) drafts.put(answers, DRAFT);
    else drafts.delete(DRAFT);
    write.oncomplete = () => ok(null);
    write.onerror = () => fail(write.error);
    write.onabort = () => fail(write.error);
  });
}

// The ledger as the browser's storage holds it, into Python's file system (another tab may have
// changed it since this one last read it). No change takes an evening out of the storage: where it
// holds none but this page does, the storage was cleared under the open page (the browser short of
// space, the site's data cleared), and the evening the page holds is stored again. ``read``: false
// where only that is wanted (an answer given: the form stays on the sheet it was made on).
async function restore(read = true) {
  const bytes = await stored();
  if (bytes) {
    if (read) py.FS.writeFile(LEDGER, bytes);
  } else if (py.FS.analyzePath(LEDGER).exists) {
    await store(py.FS.readFile(LEDGER));
  }
}

// A change under the browser's lock: the ledger read back from storage first, saved after, and
// only then answered (so the page says "recorded" only of a hand that is kept).
function changing(run) {
  return navigator.locks.request(LOCK, async () => {
    await restore();
    const reply = JSON.parse(run());
    if (reply.ok) {
      await store(py.FS.readFile(LEDGER));
    }
    return reply;
  });
}

const form = (data) => py.toPy(data || {});

// The app's Python function `name` called: a refusal of the library, or a fault, comes back as the
// notice the page shows (thrown, its HTML as `failed`), never as a traceback.
function call(name, ...args) {
  const reply = JSON.parse(api.answer(name, ...args));
  if (reply.failed !== undefined) throw Object.assign(new Error("failed"), { failed: reply.failed });
  return reply.value;
}

// Pyodide's memory just after the package's import, kept in the browser's cache under this build's
// name (`app build` writes it; the service worker drops the caches of other builds): a later visit
// starts from it instead of starting Python and compiling the package again.
const BUILD = "tarockscore-BUILD";
const ENGINE = BUILD + "-engine";
const INDEX = new URL("./pyodide/", import.meta.url).href;

// The cache that keeps the engine (none where the page is not served securely).
function engineCache() {
  return self.caches ? caches.open(ENGINE) : Promise.reject(new Error("no cache storage"));
}

// Pyodide started from the kept memory, read while Pyodide's files load. Pyodide sizes the memory
// for it, but this build's memory is the interpreter's own: grown before the kept one is copied in.
function fromKept(kept) {
  const interpreter = import("./pyodide/pyodide.asm.mjs");
  const createPyodideModule = async (settings) => {
    settings.preRun.push((module) => module.growMemory(settings.INITIAL_MEMORY));
    return (await interpreter).default(settings);
  };
  return loadPyodide({ indexURL: INDEX, _loadSnapshot: kept.arrayBuffer(), createPyodideModule });
}

// Python started anew, the package imported, and that state kept for the next visit (the copy is
// written while the page goes on).
async function fresh(zip) {
  const engine = await loadPyodide({ indexURL: INDEX, _makeSnapshot: true });
  engine.unpackArchive(await zip, "zip", { extractDir: "/site" });
  engine.runPython("import sys; sys.path.insert(0, '/site'); import tarockscore.app");
  try {
    const memory = engine.makeMemorySnapshot();
    engineCache()
      .then((cache) => cache.put("memory", new Response(memory)))
      .catch(() => {});
  } catch (error) {
    console.warn("the engine is not kept:", error);
  }
  return engine;
}

async function start(language) {
  const zip = fetch(new URL("./tarockscore.zip", import.meta.url)).then((r) => r.arrayBuffer());
  const memory = await engineCache()
    .then((cache) => cache.match("memory"))
    .catch(() => null);
  let kept = false;
  if (memory) {
    try {
      py = await fromKept(memory);
      py.unpackArchive(await zip, "zip", { extractDir: "/site" }); // the files a later import reads
      api = py.pyimport("tarockscore.app");
      kept = true;
    } catch (error) {
      console.warn("the kept engine did not start; starting anew:", error);
      await caches.delete(ENGINE).catch(() => {});
    }
  }
  if (!kept) {
    py = await fresh(zip);
    api = py.pyimport("tarockscore.app");
  }
  api.speak(language);
  await restore();
  return { html: call("page"), kept };
}

const OPS = {
  start: (m) => start(m.language),
  page: async () => {
    await restore(); // the ledger as stored: another tab may have changed it meanwhile
    return { html: call("page") };
  },
  start_page: () => ({ html: call("start_page") }),
  fields: (m) => ({ html: call("fields", form(m.form)) }),
  preview: (m) => JSON.parse(call("preview", form(m.form))),
  replacing: (m) => ({ html: call("replacing", String(m.number), form(m.hand)) }),
  explaining: (m) => ({ html: call("explaining", String(m.number)) }),
  deleting: async (m) => {
    await restore(); // the hand named as the sheet stores it now: another tab may have changed it
    return { html: call("deleting", String(m.number)) };
  },
  dealing: async (m) => {
    await restore(); // the hand named as the sheet stores it now: another tab may have changed it
    return { html: call("dealing", String(m.number), String(m.dealer)) };
  },
  keep: async (m) => {
    await restore(); // the ledger as stored: another tab may have changed it meanwhile
    return JSON.parse(call("keep", form(m.form)));
  },
  resume: async (m) => {
    await restore(); // the ledger as stored: another tab may have changed it while this one reloaded
    return JSON.parse(call("resume", form(m.form)));
  },
  change: (m) => changing(() => call("change", m.what, form(m.form), form(m.hand))),
  radl: (m) => changing(() => call("radl", m.what, form(m.form), form(m.hand))),
  begin: (m) => changing(() => call("begin", form(m.form))),
  open: (m) =>
    changing(() => {
      py.FS.writeFile(HOME + "/opened.toml", new Uint8Array(m.bytes));
      return call("open_ledger", m.name);
    }),
  draft: () => draft(),
  keep_draft: async (m) => {
    await restore(false); // an answer given is a tap that keeps the evening, the storage cleared or not
    return keepDraft(m.form || null);
  },
  export: async () => {
    await restore();
    return { bytes: py.FS.readFile(LEDGER), name: call("export_name") };
  },
};

// One message at a time, in the order sent.
let queue = Promise.resolve();
self.onmessage = (event) => {
  const message = event.data;
  queue = queue.then(async () => {
    try {
      const result = await OPS[message.op](message);
      self.postMessage({ id: message.id, result });
    } catch (error) {
      const said = String(error && error.message ? error.message : error);
      self.postMessage({ id: message.id, error: said, failed: error && error.failed });
    }
  });
};
