// The input layer: taps (played on pointerup: a touch browser may swallow the click), select
// then tap, double tap to the foundation, drags by mouse or finger, a long press for the run
// picker, and keys. Each ends in select(), move() or another call of actions.js.

import { announce, focusPlace, focusedPlace, inOrder, neighbour } from "./a11y.js";
import * as act from "./actions.js";
import { cardsOf, dragBy, dragCards, requestRender, returnCards } from "./render.js";
import { alone, dests, dropOn, foundationFor, pickAt, state, toFoundations } from "./state.js";
import { wireWinnable } from "./winnable.js";

const { loadedPicker, move, select, send, stopFinish } = act;
let lastTap = {};
let suppressClick = false;
const $ = (id) => document.getElementById(id);
const canPick = (id) => state.view.runs[id] > 1;
const actionAt = (id) => state.view.actions.find((a) => a.place === id);
const cardIndex = (target) => {
  const el = target.closest(".card");
  return el && el.dataset.i !== undefined ? Number(el.dataset.i) : undefined;
};

const DOUBLE_MS = 350;

/** A tap on place `id` (on its card number `i`, if known); `pointer`: it may be a double tap's
 * second, `hit` the card element it came down on.
 *
 * A double tap (or click) is a second tap on the same place within DOUBLE_MS with no other
 * token of the player's sent since. Where the first tap moved the card (it had one destination),
 * a second one that comes down on that same card (its move not drawn yet) is the double tap's
 * end and does nothing more; one on the card now shown there is a tap of its own. Where the
 * first picked the card up, the second on it sends it to the foundation that takes it; with
 * none, the two are two plain taps (picked up, put down). */
export function tap(id, i, pointer = false, hit = null) {
  const v = state.view;
  if (v.status === "won" || state.hinting) return;
  stopFinish();
  const sel = state.selected;
  const action = actionAt(id);
  if (action) {
    lastTap = {};
    if (sel) select(null);
    return send(action.token, id); // even when it cannot be played now: the server says why
  }
  const t = performance.now();
  const first = lastTap;
  const soon = pointer && state.layout.doubleTap !== false && first.id === id && t - first.t < DOUBLE_MS;
  const second = soon && state.sent <= first.sent + (first.moved ? 1 : 0);
  lastTap = { id, t, sent: state.sent, moved: false, hit };
  if (second && first.moved && hit && hit === first.hit) {
    lastTap = {}; // the double tap's second half: its card already went to its one destination
    return;
  }
  const again = sel && sel.id === id && pickAt(id, i); // on the picked-up card itself?
  const found = second && again && again.n === sel.n && foundationFor(id, sel.n);
  if (found) {
    lastTap = {};
    return move(id, sel.n, found);
  }
  if (sel) {
    const to = sel.id !== id && dropOn(sel, id);
    if (to) move(sel.id, sel.n, to);
    else select(null); // a tap on the picked-up cards (or where no card is put by hand) puts them down
    return;
  }
  const one = alone(id); // a card with one way to go, alone (a King): the tap plays it
  if (one) {
    lastTap.moved = true;
    return send(one, id);
  }
  const pick = pickAt(id, i);
  const ds = pick ? dests(pick.id, pick.n) : [];
  lastTap.moved = ds.length === 1;
  if (lastTap.moved) move(pick.id, pick.n, ds[0]);
  else if (pick) select(pick);
}

function dropTarget(x, y, pick) {
  const hit = document.elementFromPoint(x, y); // the dragged cards let the pointer through
  const b = hit && hit.closest(".place");
  if (b) return dropOn(pick, b.dataset.place);
  return hit && hit.closest("#found-area") ? toFoundations(pick) : null;
}

function onPointerDown(ev) {
  const b = ev.target.closest(".place");
  if (ev.button > 0 || state.busy || state.hinting || !b || state.view.status === "won") return;
  const id = b.dataset.place;
  const i = cardIndex(ev.target);
  const hit = ev.target.closest(".card");
  const [x0, y0, pointer] = [ev.clientX, ev.clientY, ev.pointerId];
  const pick = actionAt(id) ? null : pickAt(id, i);
  // The run picker comes with the first press on a run that may be picked up, not with the page.
  const picks = pick && canPick(id);
  let picker = picks ? loadedPicker() : null;
  if (picks && !picker) act.picker();
  const area = $("found-area");
  let mode = "press"; // then drag, pick (the run picker) or none
  let over = null; // the picker arrow under the finger
  let repeat = 0;
  const press = picks
    ? setTimeout(
        () =>
          act.picker().then((m) => {
            if (mode !== "press") return;
            mode = "pick";
            picker = m;
            m.open(id, pick.n, { x: x0, y: y0 });
          }),
        450,
      )
    : 0;

  const onMove = (e) => {
    if (e.pointerId !== pointer) return;
    const hit = document.elementFromPoint(e.clientX, e.clientY);
    if (mode === "pick") {
      e.preventDefault();
      const arrow = hit && hit.closest("#pick-up, #pick-down");
      const now = arrow && arrow.id;
      if (now === over) return;
      over = now;
      clearInterval(repeat);
      const step = () => picker.step(over === "pick-up" ? 1 : -1);
      if (over) step();
      if (over) repeat = setInterval(step, 380);
      return;
    }
    const [dx, dy] = [e.clientX - x0, e.clientY - y0];
    if (mode === "press") {
      if (Math.hypot(dx, dy) < 6) return;
      clearTimeout(press);
      mode = pick ? "drag" : "none";
      if (!pick) return;
      stopFinish();
      state.selected = pick;
      requestRender();
      dragCards(cardsOf(pick.id, pick.n));
      try {
        b.setPointerCapture(pointer);
      } catch (err) {
        /* a nicety */
      }
    }
    if (mode === "drag") {
      e.preventDefault();
      dragBy(dx, dy);
      if (area) area.classList.toggle("drop-over", Boolean(hit && hit.closest("#found-area")));
    }
  };
  const finish = (e) => {
    if (e.pointerId !== pointer) return;
    for (const [type, fn] of listeners) removeEventListener(type, fn);
    clearTimeout(press);
    clearInterval(repeat);
    if (area) area.classList.remove("drop-over");
    const up = e.type === "pointerup";
    if (mode !== "press") {
      suppressClick = true;
      setTimeout(() => (suppressClick = false), 0);
    }
    if (mode === "pick") up ? picker.confirm() : picker.close();
    else if (mode === "press" && up) {
      focusPlace(b, true);
      tap(id, i, true, hit);
    } else if (mode === "drag") {
      state.selected = null;
      const dst = up && dropTarget(e.clientX, e.clientY, pick);
      if (dst && dst !== pick.id) return move(pick.id, pick.n, dst);
      returnCards();
      requestRender();
    }
  };
  const listeners = [
    ["pointermove", onMove],
    ["pointerup", finish],
    ["pointercancel", finish],
  ];
  for (const [type, fn] of listeners) addEventListener(type, fn, { passive: false });
}

function onClick(ev) {
  const b = ev.target.closest(".place");
  const sel = state.selected;
  if (suppressClick) return;
  if (b && ev.detail === 0) {
    // A click without a pointer (a key, assistive technology); a pointer's was played on pointerup.
    focusPlace(b);
    tap(b.dataset.place, cardIndex(ev.target));
  } else if (!b && sel && ev.target.closest("#found-area")) {
    // A tap anywhere on the foundations sends the picked-up cards to the one that takes them.
    const dst = toFoundations(sel);
    if (dst) move(sel.id, sel.n, dst);
  }
}

/** The layout's jump keys (`jumps`: true, every place whose id is one character; or the keys
 * and their places, as `{1: "1", 0: "10"}`): a key that is a place's one-character id (cascades
 * 1–8 and cells a–d) goes to that place and taps it there, so a move costs the source's key and the
 * destination's. What a jump
 * key picks up is loose: put down by another jump key, it is as many cards as go there (the
 * longest run that does: onto an empty cascade, all that may go). A run chosen with the picker
 * (↑/↓, Enter) goes as chosen. */
function jumpKey(key) {
  const jumps = state.layout.jumps;
  const listed = jumps && typeof jumps === "object";
  const found = jumps && state.view.places.find((p) => (listed ? p.id === jumps[key] : p.id.length === 1 && p.id.toLowerCase() === key));
  if (!found) return false;
  const id = found.id;
  const b = document.querySelector(`#board [data-place="${id}"]`);
  if (b) focusPlace(b);
  const sel = state.selected;
  const to = sel && sel.id !== id && dropOn(sel, id);
  if (to && state.view.status === "playing" && !state.hinting) {
    stopFinish();
    move(sel.id, fitting(sel, id), to);
  } else {
    tap(id);
    if (state.selected && state.selected.id === id) state.selected.loose = true;
  }
  return true;
}

/** How many of `sel`'s cards to move onto `id`: its own count when it goes there and was chosen,
 * else the longest run from its place that does. */
function fitting(sel, id) {
  if (!sel.loose && dests(sel.id, sel.n).includes(id)) return sel.n;
  for (let n = state.view.runs[sel.id] || 1; n >= 1; n--) if (dests(sel.id, n).includes(id)) return n;
  return sel.n;
}

/** With cards picked up and the layout's jump keys on, F sends them to their foundation (and
 * stays Finish's key otherwise). */
function toFoundationKey() {
  const sel = state.selected;
  if (!state.layout.jumps || !sel || state.view.status !== "playing") return false;
  const dst = toFoundations(sel);
  if (dst) move(sel.id, sel.n, dst);
  return Boolean(dst);
}

/** The arrows: spatial by default; in board order (wrapping) with ↑/↓ for the run picker. */
function onArrow(key, here) {
  if (state.layout.arrows !== "order") {
    const next = here ? neighbour(here, key) : document.querySelector('#board .place[tabindex="0"]');
    if (next) focusPlace(next);
  } else if (key === "ArrowLeft" || key === "ArrowRight") {
    focusPlace(inOrder(state.view.places.map((p) => p.id), here, key === "ArrowRight" ? 1 : -1));
  } else {
    const id = here && here.dataset.place;
    if (!id || !canPick(id)) return false;
    const p = (opening || act.picker()).then((m) => {
      if (!state.picker) m.open(id, state.selected && state.selected.id === id ? state.selected.n : 1, null);
      m.step(key === "ArrowUp" ? 1 : -1);
      return m;
    });
    opening = p;
    p.finally(() => opening === p && (opening = null));
  }
  return true;
}

// The run picker on its way (its module loads with the first picking key): the keys pressed
// meanwhile go to it in order, as they would once it is open.
let opening = null;

/** The one-key shortcuts. They are the board's: inside a dialog only its own keys work (Esc
 * closes it), and a focused link, menu, form control or other button keeps every key (WCAG
 * 2.1.4: a letter typed there plays nothing). The Look dialog turns the letters off. */
function onKey(ev) {
  const t = ev.target;
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  if (document.querySelector("dialog[open]")) return;
  const key = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
  const v = state.view;
  const here = focusedPlace();
  // The board, the run picker and the table's own bar of buttons (a click leaves focus there).
  const onBoard = here || t === document.body || t === document.documentElement || t.closest("#board, #picker, .side .buttons");
  if (!onBoard) return;
  if (key.length === 1 && key !== " " && document.documentElement.dataset.nokeys) return;
  if (dispatch(key, here)) ev.preventDefault();
}

/** A key of the board's, played: whether it did something (its default is then prevented). While
 * the run picker is on its way, a key other than an arrow waits behind it, in order: the
 * picker's if it is still open then, else the board's (`waited`: a jump key after the Enter that
 * took the run puts it down). */
function dispatch(key, here, waited = false) {
  const v = state.view;
  const tapPlace = v.actions.find((a) => a.place);
  let done = true;
  if (opening && !waited && !key.startsWith("Arrow")) {
    const p = opening.then((m) => {
      if (state.picker) m.key(key);
      else dispatch(key, focusedPlace(), true);
      return m;
    });
    opening = p;
    p.finally(() => opening === p && (opening = null));
  } else if (state.picker && loadedPicker()) loadedPicker().key(key);
  else if (key.startsWith("Arrow")) done = onArrow(key, here);
  else if (key.length === 1 && jumpKey(key)) done = true;
  else if (key === "Enter" && here) tap(here.dataset.place);
  else if (key === " " && tapPlace) tap(tapPlace.place); // Space taps the place that has a tap of its own (a stock draws)
  else if (key === " ") done = false; // a focused place: its button's own click taps it
  else if (key === "u") act.undo(true);
  else if (key === "h") {
    if (v.can_finish) act.say(state.ui.finish_offered);
    else act.hint();
  } else if (key === "f") toFoundationKey() || act.hintOrFinish(false, true);
  else if (key === "n") act.freshAsked();
  else if (key === "Escape") {
    done = Boolean(state.selected);
    select(null);
    stopFinish();
    act.say("");
    announce(state.ui.cancelled);
  } else {
    // A game's button by its token's letter (R for a redeal); when it cannot be played
    // now, the server says why.
    const action = v.actions.find((a) => !a.place && a.token.toLowerCase() === key);
    if (action) send(action.token, null, true);
    done = Boolean(action);
  }
  return done;
}

export function wire() {
  const board = $("board");
  board.addEventListener("pointerdown", onPointerDown);
  board.addEventListener("click", onClick);
  for (const type of ["dragstart", "contextmenu"]) board.addEventListener(type, (ev) => ev.preventDefault());
  document.addEventListener("keydown", onKey);
  const on = (el, fn) => el && el.addEventListener("click", fn);
  on($("undo"), () => act.undo());
  on($("hint"), (ev) => act.hintOrFinish(true, ev.detail === 0)); // detail 0: Enter or Space on the button
  on($("new-game"), () => act.freshAsked());
  on($("look-open"), () => import("./look.js").then((m) => m.open()));
  for (const b of document.querySelectorAll("#game [data-variant]")) on(b, () => act.freshAsked(b.dataset.variant, true));
  for (const b of document.querySelectorAll("#game [data-token]")) on(b, () => send(b.dataset.token));
  on($("copy"), () => act.copyCode($("code")).then(() => act.say(state.ui.copied)));
  on($("end-code"), () =>
    act.copyCode($("end-code")).then(() => {
      $("end-copied").textContent = state.ui.copied;
      act.say(state.ui.copied);
    }),
  );
  // The results panel's and the notice's ways out (named by the id's end): each closes its dialog, then acts.
  const ways = { undo: () => act.undo(), again: act.replay, new: () => act.fresh(), yes: () => act.confirmed() };
  for (const b of document.querySelectorAll("dialog .buttons button")) {
    on(b, () => {
      b.closest("dialog").close();
      (ways[b.id.split("-")[1]] || (() => undefined))();
    });
  }
  wireWinnable();
}

/** The tools under the buttons (play a code, paste a table, the interactive rules setting). */
export function wireTools() {
  const box = $("interactive");
  if (!box) return;
  const saved = localStorage.getItem("paciencia.interactive");
  box.checked = state.interactive = saved !== "0";
  box.addEventListener("change", () => {
    state.interactive = box.checked;
    localStorage.setItem("paciencia.interactive", box.checked ? "1" : "0");
  });
  for (const [id, field] of [
    ["code-form", "code"],
    ["table-form", "table"],
  ]) {
    const form = $(id);
    const error = $("form-error");
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      error.hidden = true;
      try {
        // A code is read on this game's page: where the game numbers its deals, a number names one.
        const body = { [field]: form.elements[field].value };
        if (field === "code") body.game = state.view.game;
        await act.newGame(body);
        form.reset();
        const details = form.closest("details");
        if (details) details.open = false;
      } catch (e) {
        error.textContent = (e.body && e.body.message) || state.ui.network;
        error.hidden = false;
      }
    });
  }
}
