// The one board of every game. js/table.js calls boot() with the game's layout: `spread` (per
// place kind: "top", the default, "cascade" or "fan"), `arrows` ("order": ←/→ walk the places in
// board order, ↑/↓ choose a run; else spatial), `doubleTap` (false: a second tap only puts
// the cards down), `jumps` (keys that go to a place and tap it: input.js) and `foundations`
// ("auto": cards reach them by themselves, never by hand: state.js).

import { autoUp, listenToOtherTabs, refresh, setView } from "./actions.js";
import { offlineComing } from "./api.js";
import { bind, relayout, renderClock, watchCounters } from "./render.js";
import { wire, wireTools } from "./input.js";
import { state } from "./state.js";

const $ = (id) => document.getElementById(id);
const AUTO = "paciencia.auto";
const CHANCE = "paciencia_chance";

function stored(key) {
  try {
    return localStorage.getItem(key) === "1";
  } catch (e) {
    return false;
  }
}

function store(key, on) {
  try {
    localStorage.setItem(key, on ? "1" : "0");
  } catch (e) {
    /* kept for this page only */
  }
}

/** The automatic moves' box: read from this browser, kept there, and acting at once when turned on. */
function wireAuto() {
  const box = $("auto-moves");
  state.auto = stored(AUTO);
  if (!box) return;
  box.checked = state.auto;
  box.addEventListener("change", () => {
    state.auto = box.checked;
    store(AUTO, box.checked);
    autoUp();
  });
}

/** The chance and the end panel's review (honest.js) come when first wanted: the setting on, or a
 * game over. No first visit pays for them. */
function honestWhenWanted() {
  const box = $("chance-on");
  if (!box) return;
  let loading = null;
  const load = (turnedOn) => (loading = loading || import("./honest.js").then((m) => m.start(turnedOn)));
  if (stored(CHANCE)) load(false);
  box.addEventListener("change", () => {
    if (loading) return; // honest.js listens itself
    store(CHANCE, box.checked);
    load(box.checked);
  });
  document.addEventListener("paciencia:view", (ev) => ev.detail.status !== "playing" && load(false));
}

/** Offline play (offline/keep.js) comes once a game is being played, when the page is idle, or
 * at once on a page opened offline: no first visit pays for it. */
function offlineWhenPlaying() {
  if (!("serviceWorker" in navigator)) return;
  const go = () => {
    document.removeEventListener("paciencia:view", played);
    const idle = new Promise((r) => (self.requestIdleCallback || setTimeout)(r));
    const start = idle.then(() => import("./offline/keep.js")).then((m) => m.start());
    if (!navigator.onLine) offlineComing(start); // opened offline: the moves wait for it
  };
  const played = (ev) => ev.detail.moves > 0 && go();
  if (state.view.moves > 0 || !navigator.onLine) go();
  else document.addEventListener("paciencia:view", played);
}

export function boot(layout = {}) {
  state.layout = layout;
  state.lang = $("game").dataset.lang;
  state.ui = JSON.parse($("ui-words").textContent);
  bind();
  watchCounters();
  wire();
  wireAuto();
  honestWhenWanted();
  setView(JSON.parse($("initial-view").textContent));
  listenToOtherTabs();
  offlineWhenPlaying();
  setInterval(renderClock, 1000);
  document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && refresh());
  addEventListener("pageshow", (ev) => ev.persisted && refresh());
  addEventListener("popstate", () => location.reload());
  addEventListener("resize", relayout);
  document.addEventListener("fullscreenchange", relayout);
  requestAnimationFrame(() => {
    performance.mark("first-render");
    // Form controls are slow to lay out: the tools come in after the table's first frame.
    setTimeout(() => {
      const here = $("tools-here");
      if (here) here.replaceWith($("tools").content.cloneNode(true));
      wireTools();
      document.documentElement.dataset.ready = "1";
    }, 0);
  });
}
