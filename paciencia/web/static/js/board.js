// The one board of every game. A table's layout module calls boot() with `spread` (per place
// kind: "top", the default, "cascade" or "fan"), `arrows` ("order": ←/→ walk the places in
// board order, ↑/↓ choose a run; else spatial) and `doubleTap` (false: a second tap only puts
// the cards down).

import { listenToOtherTabs, refresh, setView } from "./actions.js";
import { bind, relayout, renderClock } from "./render.js";
import { wire, wireTools } from "./input.js";
import { wireAuto } from "./autoup.js";
import { state } from "./state.js";

const $ = (id) => document.getElementById(id);

export function boot(layout = {}) {
  state.layout = layout;
  state.lang = $("game").dataset.lang;
  state.ui = JSON.parse($("ui-words").textContent);
  bind();
  wire();
  wireAuto();
  setView(JSON.parse($("initial-view").textContent));
  listenToOtherTabs();
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
