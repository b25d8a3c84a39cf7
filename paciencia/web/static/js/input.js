// Tap, double tap, drag (mouse and touch) and keys: all end in select() or move().

import * as api from "./api.js";
import { announce } from "./a11y.js";
import { cardElement, placeButton, requestRender, returnCard, shake } from "./render.js";
import { dests, hasCard, placeView, state } from "./state.js";
import { whileSeeking, winnableOnly, wireWinnable } from "./winnable.js";

const DOUBLE_TAP_MS = 350;
const HINT_SHOW_MS = 650;
const DRAG_START_PX = 6;
const FOUNDATIONS = ["As", "Ah", "Ad", "Ac", "Ks", "Kh", "Kd", "Kc"];
const SUITS = "shdc";

let lastTap = { id: null, t: 0, moved: false };
let suppressClick = false;
let channel = null;

// ---- the view ---------------------------------------------------------------------------------

export function setView(view, anim = null) {
  state.view = view;
  state.receivedAt = performance.now();
  if (state.selected && !view.places.some((p) => p.id === state.selected && p.count)) state.selected = null;
  state.anim = anim;
  requestRender();
}

let messageTimer = 0;
const MESSAGE_MS = 6000;

function say(text, kind = "") {
  state.message = text;
  state.messageKind = kind;
  requestRender();
  if (text) announce(text);
  clearTimeout(messageTimer);
  if (text) messageTimer = setTimeout(clearMessage, MESSAGE_MS); // read, then out of the way
}

export function clearMessage() {
  if (state.message) {
    state.message = "";
    state.messageKind = "";
    requestRender();
  }
}

function broadcast() {
  try {
    channel = channel || new BroadcastChannel("paciencia");
    channel.postMessage({ id: state.view.id, version: state.view.version });
  } catch (e) {
    /* no BroadcastChannel: the other tab catches up on its next move or focus */
  }
}

export function listenToOtherTabs() {
  try {
    channel = channel || new BroadcastChannel("paciencia");
    channel.onmessage = (ev) => {
      const v = state.view;
      if (v && ev.data && ev.data.id === v.id && ev.data.version !== v.version) refresh();
    };
  } catch (e) {
    /* no BroadcastChannel */
  }
}

export async function refresh() {
  const v = state.view;
  if (!v || state.busy) return;
  try {
    const fresh = await api.getGame(v.id, state.lang);
    if (fresh.version !== state.view.version || fresh.id !== state.view.id) setView(fresh);
  } catch (e) {
    /* keep what we have */
  }
}

function failed(e, src) {
  const body = e.body || {};
  if (e.status === 409 && body.game) {
    state.selected = null;
    setView(body.game);
    say(body.message || state.ui.stale);
    return;
  }
  if (e.status === 422 && body.error === "illegal_move") {
    if (src) shake(src);
    if (state.interactive) say(body.message, "refusal");
    return;
  }
  say(body.message || state.ui.network, "refusal");
}

// ---- actions ----------------------------------------------------------------------------------

/** Sends one token (a move SRC-DST, R or U); `from` is where the moving card is drawn now. */
export async function send(token, { src = null, dst = null, from = null, dragged = null } = {}) {
  const v = state.view;
  if (!v || state.busy) {
    if (dragged) returnCard(dragged);
    return;
  }
  state.busy = true;
  if (!dst) lastTap = { id: null, t: 0, moved: false }; // an undo or redeal ends any double tap
  performance.clearMarks("move-start");
  performance.mark("move-start");
  try {
    const view = await api.play(v.id, token, v.version, state.lang);
    performance.mark("move-answer");
    state.timing = true; // the render that draws this answer closes the measure
    if (dragged) {
      dragged.classList.remove("dragging");
      dragged.style.transform = "";
    }
    clearMessage();
    setView(view, dst ? { src, dst, from } : null);
    announce(view.announce);
    broadcast();
  } catch (e) {
    performance.clearMarks("move-start");
    if (dragged) returnCard(dragged);
    failed(e, src);
  } finally {
    state.busy = false;
  }
}

export function move(src, dst, opts = {}) {
  state.selected = null;
  requestRender();
  const card = cardElement(src);
  const from = opts.from || (card ? card.getBoundingClientRect() : null);
  return send(`${src}-${dst}`, { src, dst, from, dragged: opts.dragged || null });
}

export function select(place) {
  state.selected = place;
  requestRender();
  if (place) {
    const p = placeView(place);
    if (p) announce(state.ui.selected.replace("%(place)s", p.label));
  }
}

export const undo = () => send("U");
export const redeal = () => send("R");

/** A new game: `body` names a code, a table or a replay; without one, a random deal of this variant. */
export async function newGame(body = null) {
  if (state.busy) return;
  state.busy = true;
  const random = !body;
  const stopSeeking = random ? whileSeeking(say, state.ui.winnable_seeking) : () => undefined;
  try {
    const variant = state.view ? state.view.code.split("-")[1] : "N";
    const request = random ? { game: "crescent", variant, winnable_only: winnableOnly() } : body;
    const view = await api.newGame(request, state.lang);
    state.selected = null;
    state.endShownFor = -1;
    const url = `/${state.lang}/crescent/${view.id}`;
    history.pushState({ id: view.id }, "", url);
    document.querySelector("#game").dataset.game = view.id;
    clearMessage();
    setView(view);
    announce(state.ui.new_deal.replace("%(code)s", view.code));
    return view;
  } finally {
    stopSeeking();
    state.busy = false;
  }
}

// ---- hints ------------------------------------------------------------------------------------

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const noticeOpen = () => document.getElementById("notice").open;

function openNotice(kind, message) {
  const notice = document.getElementById("notice");
  notice.dataset.kind = kind;
  document.getElementById("notice-title").textContent =
    kind === "lost" ? state.ui.cr_lost_title : state.ui.kl_no_useful_title;
  document.getElementById("notice-text").textContent = message;
  document.getElementById("notice-undo").hidden = !state.view.can_undo;
  if (!notice.open) notice.showModal();
  announce(message);
}

/** Asks the server for a hint, shows the card on its way, then plays it as a tap would. */
export async function hint() {
  const v = state.view;
  if (!v || state.busy || state.hinting || v.status !== "playing") return;
  state.hinting = true;
  select(null);
  const board = document.getElementById("board");
  let card = null;
  try {
    const h = await api.hint(v.id, v.version, state.lang);
    if (h.kind === "no_useful" || h.kind === "lost") {
      openNotice(h.kind, h.message);
      return;
    }
    if (h.kind !== "move") {
      say(h.message, "refusal");
      return;
    }
    if (state.view.version !== v.version) return;
    board.dataset.hint = h.move;
    board.dataset.lastHint = h.move;
    if (h.move === "R") {
      const button = document.getElementById("redeal");
      button.classList.add("hinting");
      announce(state.ui.cr_hint_redeal);
      await sleep(HINT_SHOW_MS);
      button.classList.remove("hinting");
      if (state.view.version === v.version) await send("R");
      return;
    }
    const src = placeView(h.src);
    const dst = placeView(h.dst);
    select(h.src);
    announce(state.ui.kl_hint_move.replace("%(card)s", src.face).replace("%(place)s", dst.label.split(":")[0]));
    card = cardElement(h.src);
    const target = placeButton(h.dst).querySelector(".slot").getBoundingClientRect();
    if (card && !window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
      const from = card.getBoundingClientRect();
      card.classList.add("hint-moving");
      card.style.transform = `translate(${target.left - from.left}px, ${target.top - from.top}px)`;
    }
    await sleep(HINT_SHOW_MS);
    if (state.view.version === v.version) await move(h.src, h.dst, { from: target });
  } catch (e) {
    failed(e, null);
  } finally {
    state.hinting = false;
    delete board.dataset.hint;
    if (card && card.isConnected) {
      card.classList.remove("hint-moving");
      card.style.transform = "";
    }
  }
}

// ---- taps -------------------------------------------------------------------------------------

function foundationFor(src) {
  return dests(src).find((d) => FOUNDATIONS.includes(d)) || null;
}

/** One tap (or click, or Enter/Space: `pointer` false, never part of a double tap) on a place. */
export function tap(id, pointer = true) {
  if (!state.view || state.view.status === "won" || state.hinting) return;
  const t = performance.now();
  const double = pointer && lastTap.id === id && t - lastTap.t < DOUBLE_TAP_MS;
  const previous = lastTap;
  lastTap = { id, t, moved: false };
  if (double) {
    if (previous.moved) {
      // The first tap of this double tap already moved the card: the second is part of it.
      lastTap.moved = true;
      return;
    }
    const found = foundationFor(id);
    if (found) {
      lastTap.moved = true;
      move(id, found);
      return;
    }
  }
  const sel = state.selected;
  if (sel !== null) {
    if (sel === id) {
      if (!double) select(null);
      return;
    }
    move(sel, id);
    return;
  }
  const ds = dests(id);
  if (ds.length === 1) {
    lastTap.moved = true;
    move(id, ds[0]);
    return;
  }
  if (hasCard(id)) select(id);
}

// ---- drag and drop ----------------------------------------------------------------------------

function dropTarget(x, y, src) {
  const hit = document.elementFromPoint(x, y);
  if (!hit) return null;
  const area = hit.closest("#found-area");
  const place = hit.closest(".place");
  if (area) {
    const accepting = dests(src).filter((d) => FOUNDATIONS.includes(d));
    const over = place ? place.dataset.place : null;
    if (over && accepting.includes(over)) return over;
    if (accepting.length) return accepting[0];
    if (over) return over;
    const p = placeView(src);
    return p && p.card !== null ? "A" + SUITS[Math.floor(p.card / 13)] : null;
  }
  return place ? place.dataset.place : null;
}

function startDrag(ev, button) {
  const src = button.dataset.place;
  if (!hasCard(src) || state.busy || ev.button > 0) return;
  const card = cardElement(src);
  if (!card) return;
  const x0 = ev.clientX;
  const y0 = ev.clientY;
  const pointer = ev.pointerId;
  let dragging = false;
  const area = document.getElementById("found-area");

  const onMove = (e) => {
    if (e.pointerId !== pointer) return;
    const dx = e.clientX - x0;
    const dy = e.clientY - y0;
    if (!dragging) {
      if (Math.hypot(dx, dy) < DRAG_START_PX) return;
      dragging = true;
      state.selected = src;
      requestRender();
      card.classList.add("dragging");
      try {
        button.setPointerCapture(pointer);
      } catch (err) {
        /* capture is a nicety */
      }
    }
    e.preventDefault();
    card.style.transform = `translate(${dx}px, ${dy}px)`;
    const hit = document.elementFromPoint(e.clientX, e.clientY);
    area.classList.toggle("drop-over", Boolean(hit && hit.closest("#found-area")));
  };
  const finish = (e) => {
    if (e.pointerId !== pointer) return;
    window.removeEventListener("pointermove", onMove);
    window.removeEventListener("pointerup", finish);
    window.removeEventListener("pointercancel", finish);
    area.classList.remove("drop-over");
    if (!dragging) return;
    suppressClick = true;
    setTimeout(() => (suppressClick = false), 0);
    state.selected = null;
    const dst = e.type === "pointerup" ? dropTarget(e.clientX, e.clientY, src) : null;
    if (!dst || dst === src) {
      returnCard(card);
      requestRender();
      return;
    }
    move(src, dst, { from: card.getBoundingClientRect(), dragged: card });
  };
  window.addEventListener("pointermove", onMove, { passive: false });
  window.addEventListener("pointerup", finish);
  window.addEventListener("pointercancel", finish);
}

// ---- keys -------------------------------------------------------------------------------------

function places() {
  return [...document.querySelectorAll(".place")];
}

function focusPlace(button) {
  for (const b of places()) b.tabIndex = b === button ? 0 : -1;
  button.focus();
}

function neighbour(from, key) {
  const a = from.getBoundingClientRect();
  const ax = a.left + a.width / 2;
  const ay = a.top + a.height / 2;
  let best = null;
  let bestScore = Infinity;
  for (const b of places()) {
    if (b === from) continue;
    const r = b.getBoundingClientRect();
    const dx = r.left + r.width / 2 - ax;
    const dy = r.top + r.height / 2 - ay;
    let along;
    let across;
    if (key === "ArrowRight") [along, across] = [dx, dy];
    else if (key === "ArrowLeft") [along, across] = [-dx, dy];
    else if (key === "ArrowDown") [along, across] = [dy, dx];
    else [along, across] = [-dy, dx];
    if (along <= 1) continue;
    const score = along + Math.abs(across) * 2.5;
    if (score < bestScore) {
      bestScore = score;
      best = b;
    }
  }
  return best;
}

function onKey(ev) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const t = ev.target;
  if (t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement) return;
  if ((document.getElementById("end-panel").open || noticeOpen()) && ev.key !== "Escape") {
    if (ev.key === "n" || ev.key === "N") {
      ev.preventDefault();
      newGame().catch((e) => failed(e, null));
    }
    return;
  }
  const onPlace = t instanceof HTMLElement && t.classList.contains("place");
  switch (ev.key) {
    case "ArrowLeft":
    case "ArrowRight":
    case "ArrowUp":
    case "ArrowDown": {
      ev.preventDefault();
      const from = onPlace ? t : document.querySelector('.place[tabindex="0"]');
      const next = onPlace ? neighbour(from, ev.key) : from;
      if (next) focusPlace(next);
      break;
    }
    case "u":
    case "U":
      ev.preventDefault();
      if (state.view && state.view.can_undo) undo();
      break;
    case "r":
    case "R":
      ev.preventDefault();
      if (state.view && state.view.can_redeal) redeal();
      break;
    case "n":
    case "N":
      ev.preventDefault();
      newGame().catch((e) => failed(e, null));
      break;
    case "h":
    case "H":
      ev.preventDefault();
      hint();
      break;
    case "Escape":
      if (state.selected) {
        ev.preventDefault();
        select(null);
      }
      clearMessage();
      break;
    default:
  }
}

// ---- wiring -----------------------------------------------------------------------------------

export function wire() {
  const board = document.getElementById("board");
  board.addEventListener("click", (ev) => {
    if (suppressClick) return;
    const button = ev.target.closest(".place");
    if (button) {
      focusPlace(button);
      tap(button.dataset.place, ev.detail > 0);
    } else if (state.selected && ev.target.closest("#found-area")) {
      // A tap anywhere on the foundations sends the picked-up card to the one that takes it.
      const dst = dropTarget(ev.clientX, ev.clientY, state.selected);
      if (dst) move(state.selected, dst);
    }
  });
  board.addEventListener("pointerdown", (ev) => {
    const button = ev.target.closest(".place");
    if (button) startDrag(ev, button);
  });
  board.addEventListener("dragstart", (ev) => ev.preventDefault());
  document.addEventListener("keydown", onKey);

  document.getElementById("undo").addEventListener("click", () => undo());
  document.getElementById("redeal").addEventListener("click", () => redeal());
  document.getElementById("new-game").addEventListener("click", () => newGame().catch((e) => failed(e, null)));
  document.getElementById("copy").addEventListener("click", copyCode);

  // The end panel's and the notice's ways out: each closes its dialog, then acts.
  const fresh = () => newGame().catch((e) => failed(e, null));
  const ways = {
    "end-undo": undo,
    "end-again": () => newGame({ replay: state.view.id }).catch((e) => failed(e, null)),
    "end-new": fresh,
    "end-close": () => undefined,
    "notice-undo": undo,
    "notice-new": fresh,
    "notice-close": () => undefined,
  };
  for (const [id, act] of Object.entries(ways)) {
    const button = document.getElementById(id);
    button.addEventListener("click", () => {
      button.closest("dialog").close();
      act();
    });
  }
  document.getElementById("hint").addEventListener("click", () => hint());
  wireWinnable();

  const saved = localStorage.getItem("paciencia.interactive");
  state.interactive = saved === null ? true : saved === "1";
}

/** The tools under the buttons (play a code, paste a table, the interactive rules setting). */
export function wireTools() {
  startForm("code-form", (f) => ({ code: f.elements.code.value }));
  startForm("table-form", (f) => ({ table: f.elements.table.value }));
  const box = document.getElementById("interactive");
  box.checked = state.interactive;
  box.addEventListener("change", () => {
    state.interactive = box.checked;
    localStorage.setItem("paciencia.interactive", box.checked ? "1" : "0");
  });
}

function startForm(id, body) {
  const form = document.getElementById(id);
  const error = document.getElementById("form-error");
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    error.hidden = true;
    try {
      await newGame(body(form));
      form.reset();
      const details = form.closest("details");
      if (details) details.open = false;
    } catch (e) {
      error.textContent = (e.body && e.body.message) || state.ui.network;
      error.hidden = false;
    }
  });
}

async function copyCode() {
  const code = state.view.code;
  try {
    await navigator.clipboard.writeText(code);
  } catch (e) {
    const range = document.createRange();
    range.selectNodeContents(document.getElementById("code"));
    const sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
    try {
      document.execCommand("copy");
    } catch (err) {
      /* the code stays selected for the player to copy */
    }
  }
  say(state.ui.copied);
}

export { placeButton };
