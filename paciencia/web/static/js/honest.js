// The chance of winning and the review on the end panel. Self-contained: it listens to the
// board's "paciencia:view" event (actions.js) and asks the API; it changes no game state. The
// chance is asked after a move has been drawn, never before it, so it never holds a move up.
// It is shown, not said, after a move (the move's words come first, and a figure after every
// move would drown them): it is said once when the player turns the setting on.

import { announce } from "./a11y.js";
import { refresh } from "./actions.js";
import { state } from "./state.js";

const $ = (id) => document.getElementById(id);
const KEY = "paciencia_chance";
const q = () => `?lang=${encodeURIComponent(state.lang)}`;
let reviewed = null; // the game id whose review the end panel shows

async function getJSON(url) {
  const res = await fetch(url, { credentials: "same-origin", cache: "no-store" }).catch(() => ({ status: 0, headers: new Headers() }));
  if (!res.ok) {
    const e = new Error(`HTTP ${res.status}`);
    e.status = res.status;
    e.retryAfter = Number(res.headers.get("retry-after")) || 1;
    throw e;
  }
  return res.json();
}

/** The chance for `view`; a busy server (429: another answer of this player's is being worked
 * out, or the queue is full) is asked again after the wait it names, a few times, while the
 * table still shows that position. */
function showChance(view, tries = 0, asked = false) {
  const out = $("chance");
  const on = $("chance-on").checked;
  if (!on || view.status !== "playing") {
    out.hidden = true;
    return;
  }
  out.hidden = false;
  out.classList.add("working");
  const url = `/api/games/${encodeURIComponent(view.id)}/chance${q()}&version=${view.version}`;
  getJSON(url)
    .then((c) => {
      if (state.view.id !== view.id || state.view.version !== c.version) return; // a move came since
      out.textContent = c.text;
      out.classList.remove("working");
      if (asked) announce(c.text);
    })
    .catch((e) => {
      const same = state.view.id === view.id && state.view.version === view.version;
      if (e.status === 429 && tries < 5 && same) setTimeout(() => showChance(view, tries + 1, asked), e.retryAfter * 1000);
      else if (same && e.status === 0) {
        out.textContent = state.ui.offline_needs_server; // offline: the chance is the server's work
        out.classList.remove("working");
      } else if (same) out.hidden = true;
    });
}

/** The end panel's review: at once for a closed game; for a blocked one (which may still be
 * undone) only when asked, since seeing every card closes the game. */
function showReview(view, asked = false) {
  const box = $("end-review");
  if (!box) return;
  if (view.status === "playing") {
    box.hidden = true;
    reviewed = null;
    return;
  }
  const ask = $("end-review-ask");
  if (!view.closed && !asked) {
    reviewed = null;
    box.hidden = false;
    $("end-review-text").textContent = state.ui.review_closes;
    if (ask) ask.hidden = false;
    $("end-review-replay").hidden = true;
    $("end-review-link").hidden = true;
    return;
  }
  if (ask) ask.hidden = true;
  $("end-review-link").hidden = false;
  if (reviewed === `${view.id}/${view.version}`) return;
  reviewed = `${view.id}/${view.version}`;
  $("end-review-text").textContent = state.ui.working;
  box.hidden = false;
  askReview(view, `${view.id}/${view.version}`, !view.closed);
}

/** Asks for the review until it is ready (202 while it is worked out in the background, or a
 * busy 429: asked again after the wait named), while the end panel still shows that game. */
function askReview(view, key, closing) {
  const again = (seconds) =>
    setTimeout(() => reviewed === key && askReview(view, key, false), 1000 * Math.max(1, seconds || 1));
  fetch(`/api/games/${encodeURIComponent(view.id)}/review${q()}`, { credentials: "same-origin", cache: "no-store" })
    .then(async (res) => {
      if (closing && res.status !== 409) refresh(true); // the review closed it: the table shows it so (no undo)
      const retry = Number(res.headers.get("retry-after"));
      if (res.status === 429) return again(retry);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const r = await res.json();
      if (reviewed !== key) return;
      $("end-review-text").textContent = r.text;
      $("end-review-link").href = r.review_url;
      if (!r.ready) return again(retry);
      const replay = $("end-review-replay");
      replay.hidden = r.losing === null;
      replay.dataset.at = r.losing === null ? "" : String(r.losing);
    })
    .catch((e) => {
      if (reviewed !== key) return;
      if (e.status === 0) $("end-review-text").textContent = state.ui.offline_needs_server;
      else $("end-review").hidden = true;
    });
}

async function replayFrom(at) {
  const res = await fetch(`/api/games${q()}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ replay: state.view.id, at: Number(at) }),
    credentials: "same-origin",
  });
  if (res.ok) {
    const v = await res.json();
    location.assign(`/${state.lang}/${v.game}/${v.id}`);
  }
}

function onView(view) {
  showChance(view);
  showReview(view);
}

/** Wires the setting and the end panel (board.js imports this module when first wanted);
 * `turnedOn`: the player has just turned the setting on, so the chance is said. */
export function start(turnedOn = false) {
  const box = $("chance-on");
  box.checked = turnedOn || localStorage.getItem(KEY) === "1";
  box.addEventListener("change", () => {
    localStorage.setItem(KEY, box.checked ? "1" : "0");
    if (state.view) showChance(state.view, 0, box.checked);
  });
  $("end-review-replay")?.addEventListener("click", (ev) => replayFrom(ev.currentTarget.dataset.at));
  $("end-review-show")?.addEventListener("click", () => state.view && showReview(state.view, true));
  document.addEventListener("paciencia:view", (ev) => onView(ev.detail));
  if (!state.view) return;
  showChance(state.view, 0, turnedOn);
  showReview(state.view);
}
