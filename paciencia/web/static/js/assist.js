// Hints and Finish, loaded on first use. A hint is shown on the table (its cards travel to
// where they go, or the place or button it taps glows), then played; or the notice says that no
// move helps, or that the position is lost. Finish plays the server's steps until the game is won.

import * as api from "./api.js";
import { announce } from "./a11y.js";
import { failed, say, send, setView } from "./actions.js";
import { cardsOf, placeButton, reduced, requestRender, showButtons } from "./render.js";
import { counted, state } from "./state.js";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const $ = (id) => document.getElementById(id);

export async function hint() {
  const v = state.view;
  if (state.busy || state.hinting || v.status !== "playing") return;
  state.hinting = true;
  state.selected = state.picker = null;
  requestRender();
  const board = $("board");
  try {
    const h = await api.hint(v.id, v.version, state.lang);
    if (h.kind === "no_useful" || h.kind === "lost") {
      const notice = $("notice");
      $("notice-title").textContent = h.title;
      $("notice-text").textContent = h.message;
      showButtons(notice, v);
      notice.showModal();
      // The least drastic way out first: undo the last move where there is one, else close.
      const undo = $("notice-undo");
      (undo && !undo.hidden ? undo : $("notice-close")).focus();
      announce(h.message);
    } else if (h.kind !== "move") say(h.message, "refusal");
    else if (state.view.version === v.version) {
      board.dataset.hint = board.dataset.lastHint = h.move;
      announce(h.message);
      show(h);
      await sleep(650);
      if (state.view.version === v.version) {
        await send(h.move, h.src);
        // Why, and the chance with and without it: after the move's own words, on the message line.
        const why = [h.why, h.chance_text].filter(Boolean).join(" ");
        if (why && state.view.id === v.id && state.view.version > v.version) say(why, "hint");
      }
    }
  } catch (e) {
    failed(e);
  } finally {
    state.hinting = false;
    delete board.dataset.hint;
    for (const el of document.querySelectorAll("#game .hinting, #game .hint-moving")) {
      if (el.classList.contains("hint-moving")) el.style.transform = "";
      el.classList.remove("hinting", "hint-moving");
    }
  }
}

/** Scrolls the page (a zoomed window scrolls) so that the boxes are on the screen: all of them
 * where they fit, else the last (where the hinted cards go). The fixed bar's room is kept. */
function bringIntoView(els) {
  const rs = els.map((el) => el.getBoundingClientRect());
  const foot = innerHeight - (parseFloat(getComputedStyle(document.documentElement).scrollPaddingBottom) || 0);
  const fits = Math.max(...rs.map((r) => r.bottom)) - Math.min(...rs.map((r) => r.top)) <= foot - 8;
  const shown = fits ? rs : rs.slice(-1);
  const top = Math.min(...shown.map((r) => r.top));
  const bottom = Math.max(...shown.map((r) => r.bottom));
  const by = top < 4 ? top - 4 : bottom > foot - 4 ? Math.min(bottom - foot + 4, top - 4) : 0;
  if (by) scrollBy({ top: by, behavior: "instant" });
}

function show(h) {
  if (h.taken && h.taken.length) {
    // A removal: its cards glow where they lie (they leave for no place).
    const list = h.taken.flatMap((p) => cardsOf(p, 1));
    for (const el of list) el.classList.add("hinting");
    if (list.length) bringIntoView(list);
    return;
  }
  const src = placeButton(h.src);
  if (!src || state.view.taps[h.src] === h.move) {
    const b = src || document.querySelector(`#game [data-token="${h.move}"]`);
    if (b) {
      b.classList.add("hinting");
      bringIntoView([b.querySelector(".slot") || b]);
    }
    return;
  }
  const list = cardsOf(h.src, h.n || 1);
  for (const el of list) el.classList.add("hinting");
  const dst = placeButton(h.dst);
  if (list.length && dst) bringIntoView([...list, dst.querySelector(".slot")]);
  if (!list.length || !dst || reduced()) return;
  const slot = dst.querySelector(".slot");
  const top = slot.lastElementChild;
  let to = slot.getBoundingClientRect();
  if (top && dst.classList.contains("spread-cascade")) {
    const r = top.getBoundingClientRect(); // onto the column's last card, a step down
    to = { left: r.left, top: r.top + r.height * 0.28 };
  }
  const from = list[0].getBoundingClientRect();
  for (const el of list) {
    el.classList.add("hint-moving");
    el.style.transform = `translate(${to.left - from.left}px, ${to.top - from.top}px)`;
  }
}

/** Finish: the cards go up one step at a time, drawn as they go but said once, at the end (one
 * sentence per card would flood a screen reader): how many went up, then how the game ended
 * (the results panel says it) or that Finish stopped. */
export async function runFinish(byKeys = false) {
  state.finishing = true;
  state.selected = null;
  state.finishedCards = 0;
  say(byKeys ? state.ui.finishing_keys : state.ui.finishing);
  while (state.finishing && state.view.can_finish) {
    if (!state.busy) {
      state.busy = true;
      try {
        const before = cardsUp(state.view);
        const view = await api.finish(state.view.id, state.view.version, state.lang);
        state.finishedCards += Math.max(cardsUp(view) - before, 0);
        setView(view, true);
      } catch (e) {
        state.finishing = false;
        failed(e);
      } finally {
        state.busy = false;
      }
    }
    await sleep(140);
  }
  // Stopped: said here, with the count (an ended game's panel says the count with the end).
  if (state.finishing) say("");
  else if (state.finishStopped) say(`${state.ui.finish_stopped} ${finishedWords()}`);
  state.finishing = state.finishStopped = false;
  requestRender();
}

const finishedWords = () => counted("finished", state.finishedCards);

/** The cards on the foundations, for any game (a step of Finish that draws sends none up). */
const cardsUp = (view) => view.places.reduce((n, p) => n + (p.role === "foundation" ? p.count : 0), 0);
