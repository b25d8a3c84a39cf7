// The board's other answerer (api.js asks it): when the network fails, and for a game whose
// offline moves the server does not have yet, the engine in worker.js answers, with the same
// views and refusals. Each game's record (its start and moves) is kept in the cache, so that a
// page opened offline plays on: the server's record while online, the engine's once offline.

import { fresh, say, setView, syncLanguageLinks } from "../actions.js";
import { ApiError, goOffline, offlineStarting, offlineStepped } from "../api.js";
import { counted, state } from "../state.js";

const PAGES = "paciencia-pages";
const recordKey = (id) => `/offline/record/${id}`;
const OFFLINE_ID = "offline-";

let manifest = null;
let worker = null;
let booted = null;
let asked = 0;
const answers = new Map();
const loaded = new Set(); // the games the worker holds
const pending = new Map(); // the games with moves the server does not have: how many
const catalogs = new Set();

const timed = new Set(); // the ops whose first call is measured (offline:first-<op>), for the benches

function call(op, args) {
  const start = performance.now();
  const done = new Promise((resolve, reject) => {
    const n = ++asked;
    answers.set(n, { resolve, reject });
    worker.postMessage({ n, op, args });
  });
  if (!timed.has(op)) {
    timed.add(op);
    done.then(() => performance.measure(`offline:first-${op}`, { start }), () => undefined);
  }
  return done;
}

/** The worker, and Pyodide in it: started the first time it is needed. A worker lost while it
 * starts or plays (the tab out of memory, say) fails what it was asked instead of leaving it
 * waiting for ever, and the next need starts a new one; a start that fails is tried once more. */
function boot() {
  if (!booted) {
    const mine = (booted = start().catch((e) => {
      if (booted && booted !== mine) return booted; // already started again
      if (restarts >= 1) throw e;
      restarts += 1;
      if (worker) worker.terminate();
      worker = booted = null;
      return boot();
    }));
    offlineStarting(mine);
  }
  return booted;
}
let restarts = 0;

function start() {
  worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  const mine = worker;
  worker.onmessage = (ev) => {
    const { n, ok, value, progress } = ev.data;
    if (progress) return offlineStepped(STEPS[progress]);
    const waiting = answers.get(n);
    answers.delete(n);
    if (waiting) (ok ? waiting.resolve : waiting.reject)(value);
  };
  worker.onerror = (ev) => {
    if (worker !== mine) return;
    worker.terminate();
    worker = booted = null;
    loaded.clear(); // a new worker holds no game and no words
    catalogs.clear();
    const lost = [...answers.values()];
    answers.clear();
    for (const waiting of lost) waiting.reject((ev && ev.message) || "offline engine lost");
  };
  const asked = performance.now();
  return call("boot", engineFiles()).then((steps) => {
    // The worker's steps as this page's measures (offline:<step>), for the benches.
    const here = (t) => Math.max(0, t - performance.timeOrigin);
    for (const s of steps) performance.measure(`offline:${s.name}`, { start: here(s.start), end: here(s.end) });
    performance.measure("offline:boot", { start: asked });
  });
}

const STEPS = { runtime: 2, engine: 3 }; // of api.js's offlineStep: 1 is this page's part

const SNAPSHOTS = "paciencia-snapshot";

/** What the worker starts from: Pyodide, the bundle, and the key of the bundle's memory snapshot
 * (worker.js keeps it in SNAPSHOTS: one per bundle and Pyodide). */
const engineFiles = () => ({
  pyodide: manifest.pyodide,
  engine: manifest.engine,
  snapshot: `${manifest.engine.replace(/engine\.zip$/, "")}snapshot/${manifest.pyodide.split("/").filter(Boolean).pop()}`,
});

/** Online and idle, once per bundle: Pyodide started in a worker of its own, which keeps the
 * memory snapshot the next start begins from (worker.js), then goes. */
async function warm() {
  const files = engineFiles();
  if (!(await (await caches.open(SNAPSHOTS)).match(files.snapshot))) {
    const maker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    const made = new Promise((resolve) => (maker.onmessage = (ev) => ev.data.n && resolve(ev.data)));
    maker.postMessage({ n: 1, op: "boot", args: files });
    await made;
    maker.terminate();
  }
  document.documentElement.dataset.offlineWarm = "1";
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
  if (record.tokens.length > record.base) pending.set(record.id, record.tokens.length - record.base);
  else pending.delete(record.id);
  flag();
  await keep(recordKey(record.id), record);
}

/** The server's record of a game (online), kept; ``HIDDEN`` when it stays on the server (cards
 * of the deal are hidden: a stand-in is kept instead). */
async function fetchRecord(id) {
  const res = await fetch(`/api/games/${encodeURIComponent(id)}/record`, { credentials: "same-origin", cache: "no-store" });
  if (res.status === 409 && ((await res.json().catch(() => ({}))).error === "record_hidden")) return HIDDEN;
  if (!res.ok) return null;
  const record = { ...(await res.json()), base: 0 };
  record.base = record.tokens.length;
  const old = await kept(recordKey(id));
  if (old && old.tokens.length > old.base) return old; // offline moves not sent yet: they stay
  await keepRecord(record);
  return record;
}

const HIDDEN = "hidden";
const STANDIN_AFTER = 800; // ms of no new view: a stand-in is asked when the player pauses, not each move
let standinTimer = 0;

/** The server's stand-in for a game whose record it keeps (offline/standin.py): the table the
 * player sees, its unseen cards shuffled from what they know. Kept when it is of the view shown. */
async function fetchStandIn(view) {
  const res = await fetch(`/api/games/${encodeURIComponent(view.id)}/standin`, { credentials: "same-origin", cache: "no-store" });
  if (!res.ok) return;
  const standin = await res.json();
  if (!state.view || state.view.id !== standin.id || state.view.version !== standin.version) return;
  await keep(recordKey(standin.id), { ...standin, base: standin.tokens.length });
  document.documentElement.dataset.offlineKept = `${standin.id}:${standin.version}`;
}

function standInLater(view) {
  clearTimeout(standinTimer);
  if (view.status !== "playing" || view.closed) return;
  standinTimer = setTimeout(() => fetchStandIn(view).catch(() => undefined), STANDIN_AFTER);
}

/** Keeps the shown game's record current while the server answers: a move's answer adds its
 * token (the view names it), anything else fetches the record again. A game whose record stays
 * on the server gets a stand-in instead, asked again once the player pauses. */
function follow() {
  let last = null;
  const update = async (view) => {
    if (!view || view.id.startsWith(OFFLINE_ID) || pending.has(view.id) || !navigator.onLine) return;
    const record = last && last.id === view.id ? last : await kept(recordKey(view.id));
    if (record && record.standin) {
      last = null;
      if (record.version !== view.version) standInLater(view);
      else document.documentElement.dataset.offlineKept = `${view.id}:${view.version}`;
      return;
    }
    if (view.record === false) {
      // The record stays on the server (the view says so): no request that it would refuse,
      // a stand-in once the player pauses.
      last = null;
      standInLater(view);
      return;
    }
    if (record && record.tokens.length === view.version) {
      last = record;
      document.documentElement.dataset.offlineKept = `${view.id}:${view.version}`;
    }
    else if (record && view.last && record.tokens.length + 1 === view.version) {
      record.tokens.push(view.last);
      record.base = record.tokens.length;
      if (record.started === null && view.moves) record.started = Date.now() / 1000 - view.elapsed;
      if (view.status !== "playing") record.ended = record.ended || Date.now() / 1000;
      record.closed = view.closed;
      last = record;
      await keepRecord(record);
      document.documentElement.dataset.offlineKept = `${view.id}:${view.version}`;
    } else {
      last = await fetchRecord(view.id).catch(() => null);
      if (last === HIDDEN) {
        last = null;
        standInLater(view);
      } else if (last) document.documentElement.dataset.offlineKept = `${view.id}:${last.tokens.length}`;
    }
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
  if (record && !record.standin) {
    await call("load", { record });
    loaded.add(id);
  }
}

/** The engine started, with the language's words. */
async function ready(lang) {
  await boot();
  if (!catalogs.has(lang)) {
    await call("words", { locale: lang, url: `${manifest.words}${lang}.mo` });
    catalogs.add(lang);
  }
}

/** One of the words only offline play says (the page does not carry them), from the engine. */
async function word(key, lang = state.lang) {
  await ready(lang);
  return call("say", { key, lang });
}

/** One request answered by the engine: ``{status, body}`` as the server would answer it. */
export async function ask(method, url, body, lang = state.lang) {
  await ready(lang);
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
  // A move made here while the network is back (on a game started offline, say) goes at once.
  if (method === "POST" && navigator.onLine && pending.size) setTimeout(sync, 0);
  return data;
}

const refusal = async (status, error, key) => new ApiError(status, { error, message: state.ui[key] || (await word(key)) });
const hex = () => Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, "0")).join("");
const PLAYS = /^\/api\/games\/[^/?]+(\/(moves|finish|auto))?(\?|$)/;

/** Offline, a game whose record stays on the server goes on from its stand-in, as a game of its
 * own (its id an offline one: back online it is kept beside the original, which stays at the
 * version the stand-in was of). The request, made on the table the stand-in shows, is made on it. */
async function fromStandIn(id, method, url, body) {
  if (body && body.replay) throw await refusal(503, "offline", "offline_needs_server"); // its deal is the server's
  if (!PLAYS.test(url)) return run(method, url, body); // hints and the like: the engine says they need the server
  const record = await kept(recordKey(id));
  if (!record || !record.standin) throw await refusal(503, "offline", "offline_not_kept");
  const version = body && body.version !== undefined ? body.version : state.view && state.view.version;
  let own = record.taken;
  if (!own) {
    if (version !== record.version) throw await refusal(503, "offline", "offline_not_kept");
    own = OFFLINE_ID + hex();
    const { game, start, tokens, started } = record;
    const line = { id: own, game, start_kind: "text", start, tokens, started, ended: null, winnable: false };
    await keepRecord({ ...line, left: false, closed: false, base: tokens.length, line: "", standin_for: id });
    await keep(recordKey(id), { ...record, taken: own });
  }
  const { status, body: view } = await ask("GET", `/api/games/${own}?lang=${encodeURIComponent(state.lang)}`);
  if (status >= 400) throw new ApiError(status, view);
  show(view, "");
  document.documentElement.dataset.offlineStandin = own;
  const notice = await word("offline_standin");
  const said = () => setTimeout(() => say(notice), 0); // after the answer's own words
  if (record.taken || method === "GET") {
    said();
    return view;
  }
  const mine = url.replace(/^\/api\/games\/[^/?]+/, `/api/games/${own}`);
  return run(method, mine, { ...body, version: view.version }).finally(said);
}

/** api.js's question: answer this request here? Before the network (``failed`` false): only a
 * game played offline whose moves the server lacks; after it failed: every request (a game the
 * engine has no record of goes on from its stand-in, when one was kept). */
function answer(method, url, body, failed) {
  const id = gameOf(url);
  const ours = id && (id.startsWith(OFFLINE_ID) || pending.has(id));
  if (!failed && !ours) return null;
  const named = id || (body && body.replay);
  if (named && !ours) {
    return kept(recordKey(named)).then((record) =>
      record && !record.standin ? run(method, url, body) : fromStandIn(named, method, url, body),
    );
  }
  return run(method, url, body);
}

/** Sends one game's offline line; the server's answer, or null (to try again later). */
async function sendLine(record) {
  const own = record.id.startsWith(OFFLINE_ID);
  const line = record.line || record.id.slice(OFFLINE_ID.length);
  const { start_kind, start, base, tokens, started, ended } = record;
  const body = { id: own ? null : record.id, start_kind, start, base, tokens, line, started, ended };
  if (record.standin_for) body.standin_for = record.standin_for;
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
  if (record.standin_for) {
    // The line is a game of the server's now: the stand-in it came from goes.
    await (await caches.open(PAGES)).delete(recordKey(record.standin_for));
    delete next.standin_for;
  }
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
let flagged = null;

/** The unobtrusive word in the bar while offline, or while moves wait to go back: how many. */
function flag() {
  const waiting = [...pending.values()].reduce((a, b) => a + b, 0);
  const on = !navigator.onLine || waiting > 0;
  if (!on) {
    if (flagged) flagged.hidden = true;
    return;
  }
  if (!flagged) {
    flagged = document.createElement("span");
    flagged.id = "offline-flag";
    // Styled from the script (the site's CSP lets no inline style in): small, in the bar's corner.
    Object.assign(flagged.style, {
      alignSelf: "center", margin: "0 8px", padding: "1px 8px", borderRadius: "999px", fontSize: ".75rem",
      background: "rgb(0 0 0 / 35%)", color: "#fff", whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis",
    });
    const brand = document.querySelector("header.bar .brand");
    if (brand) brand.after(flagged);
    else document.body.prepend(flagged);
  }
  flagged.hidden = false;
  const plural = waiting && state.ui.plurals && state.ui.plurals.offline_waiting;
  flagged.textContent = plural ? counted("offline_waiting", waiting) : state.ui.offline_now || "";
}

/** Back online: every game's offline moves go to the server, as they were played. */
export function sync() {
  if (!syncing && pending.size) {
    syncing = (async () => {
      let [told, sentAny] = [false, false];
      for (let round = 0; pending.size && round < 3; round++) {
        for (const id of [...pending.keys()]) {
          const record = await kept(recordKey(id));
          const got = record && (await sendLine(record).catch(() => null));
          if (!got) continue;
          await sent(record, got.game);
          if (state.view && state.view.id === id && !pending.has(got.game.id)) show(got.game, got.message);
          told = told || Boolean(got.message);
          sentAny = true;
        }
      }
      flag();
      // All in: said so, unless the server's answer said more (a line kept as a game of its own).
      if (sentAny && !pending.size && !told) say(state.ui.offline_saved);
      document.documentElement.dataset.offlineSent = String(pending.size === 0);
    })().finally(() => (syncing = null));
  }
  return syncing;
}

/** A new game's table (sw.js: a game never played here, the home page's New game offline): the
 * game dealt on the device, of the variant, code or table text the address names. */
async function dealHere() {
  const asked = new URLSearchParams(location.search);
  const body = { game: state.view.game, variant: asked.get("variant") || state.view.variant };
  if (asked.get("code")) body.code = asked.get("code");
  if (asked.get("table")) body.table = asked.get("table");
  history.replaceState(null, "", `/${state.lang}/${state.view.game}`);
  await fresh(body);
}

export async function prepare(sw, ask) {
  try {
    const res = await fetch("/offline/manifest.json", { cache: "no-store" });
    manifest = await res.json();
  } catch (e) {
    manifest = await caches.match("/offline/manifest.json").then((r) => r && r.json());
  }
  if (!manifest || !manifest.available) return;
  const tables = (manifest.games || []).map((g) => `${manifest.tables}${state.lang}/${g}`); // a new game of each, offline
  const files = ["/offline/manifest.json", ...manifest.pyodide_files, manifest.engine, `${manifest.words}${state.lang}.mo`, ...tables];
  if (navigator.onLine) await ask(sw, { keep: "engine", urls: files });
  for (const req of await (await caches.open(PAGES)).keys()) {
    const path = new URL(req.url).pathname;
    if (!path.startsWith("/offline/record/")) continue;
    const record = await kept(path);
    if (record && record.tokens.length > record.base) pending.set(record.id, record.tokens.length - record.base);
  }
  goOffline(answer);
  follow();
  addEventListener("online", sync);
  addEventListener("online", flag);
  addEventListener("offline", flag);
  flag();
  // Offline, Pyodide starts at once, while the player looks at the table (seconds on a phone).
  addEventListener("offline", () => boot());
  if (navigator.onLine) sync();
  else boot();
  document.documentElement.dataset.offlineReady = "1";
  if (state.view.id === manifest.new_game) dealHere();
  if (navigator.onLine && !booted) (self.requestIdleCallback || setTimeout)(() => warm().catch(() => undefined));
}
