// The service worker (served as /sw.js by paciencia/web/routes/offline.py, which puts SHELL above:
// the site's version and every static asset's URL). It keeps the shell, so that an installed
// site opens without a network: the assets (kept at install, first from the cache: their URLs
// change with their content), the pages as last seen (from the network first), the last view
// of each game (the page keeps it), and the offline engine's files once the page asks for them.
// The API always goes to the network: the page answers from its own engine when that fails.

const SHELL_CACHE = `paciencia-shell-${SHELL.version}`;
const PAGES = "paciencia-pages"; // pages, the table of each game and language, the kept views
const ENGINE = "paciencia-engine"; // Pyodide and the engine's bundle and catalogs
const KEEP_AFTER_MS = 1000; // a page answered is kept this long after (page() says why)

const tableKey = (lang, game) => `/offline/table/${lang}/${game}`;
const viewKey = (lang, name) => `/offline/view/${lang}/${name}`;
const html = (text) => new Response(text, { headers: { "content-type": "text/html; charset=utf-8" } });

self.addEventListener("install", (ev) => {
  // The assets never wake the worker: the browser answers them from its cache itself (the
  // network when missing). A page is asked of the network at once, raced with the fetch handler
  // (which keeps it, from that same answer: one request, and answers offline): a returning
  // visit does not wait for the worker to start (bench/offline_worker_compare.py: x1.15 of no
  // worker's first render before, x1.05 after; docs/offline.md). Where the routes are not
  // known, the fetch handler does it all.
  const routes = ev.addRoutes
    ? ev.addRoutes([
        { condition: { urlPattern: new URLPattern({ pathname: "/static/*" }) }, source: { cacheName: SHELL_CACHE } },
        { condition: { requestMode: "navigate", requestMethod: "GET" }, source: "race-network-and-fetch-handler" },
      ])
    : Promise.resolve();
  ev.waitUntil(
    routes
      .catch(() => undefined)
      .then(() => caches.open(SHELL_CACHE))
      .then((c) => c.addAll(SHELL.assets))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (ev) => {
  const old = (name) => name.startsWith("paciencia-shell-") && name !== SHELL_CACHE;
  ev.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter(old).map((n) => caches.delete(n))))
      // The page's request starts while the worker starts, not after: a page online comes as
      // soon as without the worker.
      .then(() => self.registration.navigationPreload && self.registration.navigationPreload.enable())
      .then(() => self.clients.claim()),
  );
});

/** A page as fetched, kept under its path; a table's also as its game's table in its language
 * (the page that opens for any of that game's addresses offline), with the language's home page
 * (the installed site's start) when none is kept yet. */
async function keepPage(path, res) {
  const text = await res.text();
  const pages = await caches.open(PAGES);
  await pages.put(path, html(text));
  const parts = path.split("/").filter(Boolean);
  if (parts.length === 3 && text.includes('id="initial-view"')) {
    await pages.put(tableKey(parts[0], parts[1]), html(text));
    const home = `/${parts[0]}/`;
    if (!(await pages.match(home))) {
      const found = await fetch(home, { credentials: "same-origin" }).catch(() => null);
      if (found && found.ok) await pages.put(home, html(await found.text()));
    }
  }
}

/** A page's address that is none of a table's: a game's rules, odds, examples (the server's). */
const NOT_TABLES = new Set(["rules", "odds", "examples", "new"]);

/** The table page for a new game of ``game`` in ``lang``, kept with the engine's files: it deals
 * on the device as it opens (web/routes/offline.py's ``new_table``). */
async function newTable(lang, game) {
  const engine = await caches.open(ENGINE);
  const key = (await engine.keys()).find((r) => new URL(r.url).pathname.match(/^\/offline\/[^/]+\/table\/([^/]+)\/([^/]+)$/)?.slice(1).join("/") === `${lang}/${game}`);
  return key ? html(await (await engine.match(key)).text()) : null;
}

/** The table page offline: as last kept, with the game's last view in place of the one it was
 * served with (the board boots from that view). */
async function offlinePage(url) {
  const pages = await caches.open(PAGES);
  const parts = url.pathname.split("/").filter(Boolean);
  const [lang, game, id] = parts;
  const own = await pages.match(url.pathname);
  if (!own && (parts.length > 3 || NOT_TABLES.has(id))) return null; // the server's page: needsServer
  if (!own && game && url.searchParams.has("new")) return newTable(lang, game);
  const page = own || (game && ((await pages.match(tableKey(lang, game))) || (await newTable(lang, game))));
  if (!page) return null;
  let text = await page.text();
  if (!text.includes('id="initial-view"')) return html(text);
  const kept = (id && (await pages.match(viewKey(lang, id)))) || (!own && (await pages.match(viewKey(lang, game))));
  if (kept) {
    const view = await kept.json();
    const json = JSON.stringify(view).replace(/</g, "\\u003c");
    text = text
      .replace(/(<script type="application\/json" id="initial-view">)[\s\S]*?(<\/script>)/, (_, a, b) => a + json + b)
      .replace(/(<main class="table" id="game"[^>]*? data-game=")[^"]*/, (_, a) => a + view.id);
  }
  return html(text);
}

const escape = (text) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

/** A page never kept, offline (the daily deals, the statistics, a review: the server's work):
 * says so in the language asked (SHELL.words has every language's, so a language whose pages
 * this device never kept speaks too), styled as a kept table of the site and linking back to it. */
async function needsServer(lang) {
  const pages = await caches.open(PAGES);
  const tables = (await pages.keys()).map((r) => new URL(r.url).pathname).filter((p) => p.startsWith("/offline/table/"));
  const key = tables.find((p) => p.startsWith(`/offline/table/${lang}/`)) || tables[0];
  if (!key) return null;
  const text = await (await pages.match(key)).text();
  const [, , keptLang, game] = key.split("/").filter(Boolean);
  const said = (l) => (Object.hasOwn(SHELL.words, l) ? SHELL.words[l] : null); // any address's first segment
  const words = said(lang) || said(keptLang);
  if (!words) return null;
  const css = (text.match(/<link rel="stylesheet" href="([^"]*\/css\/site\.css)">/) || [])[1];
  const title = (text.match(/<title>([^<]*)<\/title>/) || [])[1] || escape(words.site);
  return html(`<!doctype html><html lang="${escape(said(lang) ? lang : keptLang)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(words.site)}</title>
${css ? `<link rel="stylesheet" href="${escape(css)}">` : ""}</head><body class="page">
<main class="prose" id="offline-page"><h1>${escape(words.site)}</h1><p id="offline-words">${escape(words.needs)}</p>
<p><a href="/${escape(keptLang)}/${escape(game)}" lang="${escape(keptLang)}">${title}</a></p></main></body></html>`);
}

/** A page: the network's (kept once the page has had its first render: the cache's write would
 * take CPU from it, on a returning visit whose worker the race just started), else as kept. */
async function page(req, preload, ev) {
  const url = new URL(req.url);
  try {
    const res = (await preload) || (await fetch(req));
    if (res.ok && (res.headers.get("content-type") || "").startsWith("text/html")) {
      const copy = res.clone();
      ev.waitUntil(new Promise((r) => setTimeout(r, KEEP_AFTER_MS)).then(() => keepPage(url.pathname, copy)));
    }
    return res;
  } catch (e) {
    const lang = url.pathname.split("/").filter(Boolean)[0] || "";
    return (await offlinePage(url)) || (await needsServer(lang)) || Response.error();
  }
}

async function cacheFirst(req, into) {
  const found = await caches.match(req);
  if (found) return found;
  const res = await fetch(req);
  if (res.ok) (await caches.open(into)).put(req, res.clone());
  return res;
}

const ENGINE_PATH = /^\/(pyodide\/|offline\/[^/]+\/(engine\.zip|words\/|table\/))/;

/** A New game form (the home page's, the table's without its script) sent offline: its table,
 * where the device deals that game (the form's variant, code or table text in the address). */
async function newGameForm(req) {
  const form = req.clone();
  try {
    return await fetch(req);
  } catch (e) {
    const url = new URL(req.url);
    const [lang, game] = url.pathname.split("/").filter(Boolean);
    const asked = new URLSearchParams({ new: "1" });
    const data = await form.formData().catch(() => new FormData());
    for (const k of ["variant", "code", "table"]) if (data.get(k)) asked.set(k, data.get(k));
    return Response.redirect(`/${lang}/${game}?${asked}`, 303);
  }
}

self.addEventListener("fetch", (ev) => {
  const req = ev.request;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (req.method === "POST" && req.mode === "navigate" && /^\/[^/]+\/[^/]+\/new$/.test(url.pathname)) return ev.respondWith(newGameForm(req));
  if (req.method !== "GET") return;
  if (url.pathname.startsWith("/static/")) ev.respondWith(cacheFirst(req, SHELL_CACHE));
  else if (ENGINE_PATH.test(url.pathname)) ev.respondWith(cacheFirst(req, ENGINE));
  else if (req.mode === "navigate") ev.respondWith(page(req, ev.preloadResponse, ev));
  else if (url.pathname === "/offline/manifest.json")
    ev.respondWith(fetch(req).catch(() => caches.match(req, { ignoreSearch: true }).then((r) => r || Response.error())));
});

/** What the page asks: keep this page (the one that registered the worker came before it), or
 * the engine's files (the manifest, which says which, among them; older ones go). */
self.addEventListener("message", (ev) => {
  const ask = ev.data || {};
  const reply = () => ev.ports[0] && ev.ports[0].postMessage("kept");
  if (ask.keep === "page") {
    ev.waitUntil(
      fetch(ask.url, { credentials: "same-origin" })
        .then((res) => res.ok && keepPage(new URL(res.url).pathname, res))
        .catch(() => undefined)
        .then(reply),
    );
  } else if (ask.keep === "engine") {
    ev.waitUntil(
      caches.open(ENGINE).then(async (c) => {
        const want = new Set(ask.urls.map((u) => new URL(u, self.location.origin).href));
        for (const req of await c.keys()) if (!want.has(req.url)) await c.delete(req);
        for (const u of ask.urls) if (!(await c.match(u))) await c.add(u);
        reply();
      }),
    );
  }
});
