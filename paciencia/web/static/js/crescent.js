// The Crescent page: reads the first position from the page, then wires input and drawing.

import { bind, renderClock, requestRender } from "./render.js";
import { listenToOtherTabs, refresh, setView, wire, wireTools } from "./input.js";
import { state } from "./state.js";

function readJSON(id) {
  return JSON.parse(document.getElementById(id).textContent);
}

function boot() {
  const game = document.getElementById("game");
  state.lang = game.dataset.lang;
  state.ui = readJSON("ui-words");
  bind();
  wire();
  setView(readJSON("initial-view"));
  requestRender();
  listenToOtherTabs();
  setInterval(renderClock, 1000);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") refresh();
  });
  window.addEventListener("pageshow", (ev) => {
    if (ev.persisted) refresh();
  });
  window.addEventListener("popstate", () => location.reload());
  requestAnimationFrame(() => {
    performance.mark("first-render");
    // The tools' form controls are slow to lay out: they come in after the table's frame.
    setTimeout(() => {
      const here = document.getElementById("tools-here");
      here.replaceWith(document.getElementById("tools").content.cloneNode(true));
      wireTools();
      document.documentElement.dataset.ready = "1";
    }, 0);
  });
}

boot();
