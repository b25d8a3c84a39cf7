// The board's other answerer (api.js asks it): when the network fails, and for a game whose
// offline moves the server does not have yet, the engine in worker.js answers, with the same
// views and refusals. Each game's record (its start and moves) is kept in the cache, so that a
// page opened offline plays on: the server's record while online, the engine's once offline.

import { say, setView, syncLanguageLinks } from "../actions.js";
import { ApiError, goOffline } from "../api.js";
import { state } from "../state.js";

const PAGES = "paciencia-pages";
const recordKey = (id) => `/offline/record/${id}`;
const OFFLINE_ID = "offline-";

let manifest = null;
let worker = null;
let booted = null;
let asked = 0;
const answers = new Map();
const loaded = new Set(); // the games the worker holds
const pending = new Set(); // the games with moves the server does not have
const catalogs = new Set();

function call(op, args) {
  return new Promise((resolve, reject) => {
    const n = ++asked;
    answers.set(n, { resolve, reject });
    worker.postMessage({ n, op, args });
  });
}

/** The worker, and Pyodide in it: started the first time it is needed. */
function boot() {
  if (!booted) {
    worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    worker.onmessage = (ev) => {
      const { n, ok, value } = ev.data;
      const waiting = answers.get(n);
      answers.delete(n);
      if (waiting) (ok ? waiting.resolve : waiting.reject)(value);
    };
    booted = call("boot", { pyodide: manifest.pyodide, engine: manifest.engine });
  }
  return booted;
}

async function kept(key) {
  const found = await (await caches.open(PAGES)).match(key);
  return found ? found.json() : null;
}

async function keep(key, data) {
  const body = JSON.stringify(data);
  await (await caches.open(PAGES)).put(key, new Response(body, { headers: { "content-type": "application/json" } }));
}

async function keepRecord(record) {
  if (record.tokens.length > record.base) pending.add(record.id);
  else pending.delete(record.id);
  await keep(recordKey(record.id), record);
}

/** The server's record of a game (online), kept. */
async function fetchRecord(id) {
  const res = await fetch(`/api/games/${encodeURIComponent(id)}/record`, { credentials: "same-origin", cache: "no-store" });
  if (!res.ok) return null;
  const record = { ...(await res.json()), base: 0 };
  record.base = record.tokens.length;
  const old = await kept(recordKey(id));
  if (old && old.tokens.length > old.base) return old; // offline moves not sent yet: they stay
  await keepRecord(record);
  return record;
}

/** Keeps the shown game's record current while the server answers: a move's answer adds its
 * token (the view names it), anything else fetches the record again. */
function follow() {
  let last = null;
  const update = async (view) => {
    if (!view || view.id.startsWith(OFFLINE_ID) || pending.has(view.id) || !navigator.onLine) return;
    const record = last && last.id === view.id ? last : await kept(recordKey(view.id));
    if (record && record.tokens.length === view.version) last = record;
    else if (record && view.last && record.tokens.length + 1 === view.version) {
      record.tokens.push(view.last);
      record.base = record.tokens.length;
      if (record.started === null && view.moves) record.started = Date.now() / 1000 - view.elapsed;
      if (view.status !== "playing") record.ended = record.ended || Date.now() / 1000;
      record.closed = view.closed;
      last = record;
      await keepRecord(record);
    } else last = await fetchRecord(view.id).catch(() => null);
  };
  let queue = Promise.resolve();
  const later = (view) => (queue = queue.then(() => update(view)).catch(() => undefined));
  later(state.view);
  document.addEventListener("paciencia:view", (ev) => later(ev.detail));
}

const gameOf = (url) => {
  const found = url.match(/^\/api\/games\/([^/?]+)/);
  return found ? decodeURIComponent(found[1]) : null;
};

/** A game's record into the worker, from the cache. */
async function load(id) {
  if (!id || loaded.has(id)) return;
  const record = await kept(recordKey(id));
  if (record) {
    await call("load", { record });
    loaded.add(id);
  }
}

/** One request answered by the engine: ``{status, body}`` as the server would answer it. */
export async function ask(method, url, body, lang = state.lang) {
  await boot();
  if (!catalogs.has(lang)) {
    await call("words", { locale: lang, url: `${manifest.words}${lang}.mo` });
    catalogs.add(lang);
  }
  await load(gameOf(url));
  if (body && body.replay) await load(body.replay);
  const { status, body: data, record } = await call("request", { method, url, body, lang });
  if (record) {
    loaded.add(record.id);
    await keepRecord(record);
    if (method === "POST" && url.startsWith("/api/games?")) for (const r of await call("records")) await keepRecord(r);
  }
  return { status, body: data };
}

async function run(method, url, body) {
  const { status, body: data } = await ask(method, url, body);
  if (status >= 400) throw new ApiError(status, data);
  return data;
}

/** api.js's question: answer this request here? Before the network (``failed`` false): only a
 * game played offline whose moves the server lacks; after it failed: every request. */
function answer(method, url, body, failed) {
  const id = gameOf(url);
  const ours = id && (id.startsWith(OFFLINE_ID) || pending.has(id));
  if (!failed && !ours) return null;
  return run(method, url, body);
}

/** Sends one game's offline line; the server's answer, or null (to try again later). */
async function sendLine(record) {
  const own = record.id.startsWith(OFFLINE_ID);
  const line = record.line || record.id.slice(OFFLINE_ID.length);
  const { start_kind, start, base, tokens, started, ended } = record;
  const body = { id: own ? null : record.id, start_kind, start, base, tokens, line, started, ended };
  const res = await fetch(`/api/offline?lang=${encodeURIComponent(state.lang)}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
    cache: "no-store",
  });
  if (res.status >= 400 && res.status < 500 && res.status !== 409 && res.status !== 429) {
    // The server will never take it (not this browser's game, say): it is let go.
    pending.delete(record.id);
    await (await caches.open(PAGES)).delete(recordKey(record.id));
    return null;
  }
  if (!res.ok) return null;
  return res.json();
}

/** The record once its line is in: under the server's id, what was sent counted as the
 * server's, and whatever was played while it went still to send. */
async function sent(record, view) {
  const now = (await kept(recordKey(record.id))) || record;
  const more = now.tokens.length > record.tokens.length;
  await (await caches.open(PAGES)).delete(recordKey(record.id));
  pending.delete(record.id);
  loaded.delete(record.id);
  const next = { ...now, id: view.id, base: record.tokens.length, line: more ? now.line : "", closed: view.closed, left: view.status === "left" };
  await keepRecord(next);
}

function show(view, message) {
  if (view.id !== state.view.id) {
    history.replaceState({ id: view.id }, "", `/${state.lang}/${view.game}/${view.id}`);
    syncLanguageLinks();
    document.getElementById("game").dataset.game = view.id;
  }
  setView(view);
  if (message) say(message);
}

let syncing = null;

/** Back online: every game's offline moves go to the server, as they were played. */
export function sync() {
  if (!syncing && pending.size) {
    syncing = (async () => {
      for (let round = 0; pending.size && round < 3; round++) {
        for (const id of [...pending]) {
          const record = await kept(recordKey(id));
          const got = record && (await sendLine(record).catch(() => null));
          if (!got) continue;
          await sent(record, got.game);
          if (state.view && state.view.id === id && !pending.has(got.game.id)) show(got.game, got.message);
        }
      }
      document.documentElement.dataset.offlineSent = String(pending.size === 0);
    })().finally(() => (syncing = null));
  }
  return syncing;
}

export async function prepare(sw, ask) {
  try {
    const res = await fetch("/offline/manifest.json", { cache: "no-store" });
    manifest = await res.json();
  } catch (e) {
    manifest = await caches.match("/offline/manifest.json").then((r) => r && r.json());
  }
  if (!manifest || !manifest.available) return;
  const files = ["/offline/manifest.json", ...manifest.pyodide_files, manifest.engine, `${manifest.words}${state.lang}.mo`];
  if (navigator.onLine) await ask(sw, { keep: "engine", urls: files });
  for (const req of await (await caches.open(PAGES)).keys()) {
    const path = new URL(req.url).pathname;
    if (!path.startsWith("/offline/record/")) continue;
    const record = await kept(path);
    if (record && record.tokens.length > record.base) pending.add(record.id);
  }
  goOffline(answer);
  follow();
  addEventListener("online", sync);
  // Offline, Pyodide starts at once, while the player looks at the table (seconds on a phone).
  addEventListener("offline", () => boot());
  if (navigator.onLine) sync();
  else boot();
  document.documentElement.dataset.offlineReady = "1";
}
