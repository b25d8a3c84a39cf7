// Offline play's start (board.js loads it once a game is being played and the page is idle):
// the service worker (/sw.js) and what the page keeps for it: this page, each game's last view,
// and the offline engine's files (engine.js plays from them when the network fails).

import { state } from "../state.js";

const PAGES = "paciencia-pages";
const NEW_GAME = "offline-new"; // a new game's table before the device deals it (web/routes/offline.py's NEW_GAME)

/** Asks the service worker to keep something and waits until it has. */
function ask(sw, message) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    sw.postMessage(message, [channel.port2]);
  });
}

/** The view as the table opens with it offline (sw.js puts it in the kept page). */
export async function keepView(view) {
  if (!view || !("caches" in self) || view.id === NEW_GAME) return;
  const pages = await caches.open(PAGES);
  const body = JSON.stringify(view);
  const put = (name) => pages.put(`/offline/view/${view.lang}/${name}`, new Response(body, { headers: { "content-type": "application/json" } }));
  await Promise.all([put(view.id), put(view.game)]);
}

export async function start() {
  if (!("serviceWorker" in navigator)) return;
  let reg;
  try {
    reg = await navigator.serviceWorker.register("/sw.js");
    await navigator.serviceWorker.ready;
  } catch (e) {
    return; // no worker (a private window may refuse one): the site plays online as ever
  }
  const sw = reg.active;
  keepView(state.view);
  document.addEventListener("paciencia:view", (ev) => keepView(ev.detail));
  // A page the worker answered is kept already: only the one that registered it is fetched again.
  if (!navigator.serviceWorker.controller) await ask(sw, { keep: "page", url: location.pathname });
  document.documentElement.dataset.offlineShell = "1";
  const engine = await import("./engine.js");
  await engine.prepare(sw, ask);
}
