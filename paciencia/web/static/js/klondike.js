// The Klondike page: the view comes from the server (no face-down card ever does); this module
// draws it and turns taps, drags, the run picker and keys into move tokens.

import * as api from "./api.js";
import { makeCard as drawCard } from "./cards.js";
import { announce } from "./a11y.js";
import { elapsedNow, formatTime, frameRenderer, measureMove } from "./draw.js";
import { renderBadge, whileSeeking, winnableOnly, wireWinnable } from "./winnable.js";

const SUITS = "shdc";
const SYMBOLS = "♠♥♦♣";
const DRAG_START_PX = 6;
const LONG_PRESS_MS = 450;
const PICK_REPEAT_MS = 380;
const MESSAGE_MS = 5000;
const HINT_SHOW_MS = 650;
const FINISH_STEP_MS = 140;
const ORDER = ["S", "W", "Fs", "Fh", "Fd", "Fc", "1", "2", "3", "4", "5", "6", "7"];

const st = {
  view: null,
  ui: {},
  lang: "en",
  selected: null, // {src: "3" | "W" | "Fh", n}
  busy: false,
  finishing: false,
  picker: null, // {col, n, max}
  hinting: false,
  message: "",
  messageKind: "",
  receivedAt: 0,
  endShownFor: -1,
  timing: false,
};
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
let els = {};
const buttons = new Map(); // place id -> button
let suppressClick = false;
let messageTimer = 0;
let lastRects = null; // card id -> DOMRect, for the next render's slide

const $ = (id) => document.getElementById(id);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const fmt = (text, kw) => text.replace(/%\((\w+)\)s/g, (_, k) => String(kw[k]));

// ---- the view ----------------------------------------------------------------------------------

function place(id) {
  return st.view.places.find((p) => p.id === id);
}

function srcKey(src, n) {
  return n > 1 ? `${src}x${n}` : src;
}

function destsOf(src, n) {
  return st.view.dests[srcKey(src, n)] || [];
}

function face(card) {
  return st.view.ranks[card % 13] + SYMBOLS[Math.floor(card / 13)];
}

function cardName(card) {
  return (st.ui.card_names && st.ui.card_names[card]) || face(card);
}

/** How many face-up cards at a column's end form an ordered run (the longest movable one). */
function runLength(p) {
  const c = p.cards;
  let n = c.length ? 1 : 0;
  for (let i = c.length - 1; i > 0; i--) {
    const a = c[i - 1];
    const b = c[i];
    const red = (x) => Math.floor(x / 13) === 1 || Math.floor(x / 13) === 2;
    if ((a % 13) === (b % 13) + 1 && red(a) !== red(b)) n++;
    else break;
  }
  return n;
}

function setView(view, slide = true) {
  if (slide) lastRects = cardRects();
  st.view = view;
  st.receivedAt = performance.now();
  if (st.selected) {
    const p = place(st.selected.src);
    if (!p || p.cards.length < st.selected.n) st.selected = null;
  }
  requestRender();
}

function say(text, kind = "") {
  st.message = text;
  st.messageKind = kind;
  requestRender();
  if (text) announce(text);
  clearTimeout(messageTimer);
  if (text) messageTimer = setTimeout(() => say(""), MESSAGE_MS);
}

// ---- drawing -----------------------------------------------------------------------------------

const requestRender = frameRenderer(render);

function cardRects() {
  const out = new Map();
  for (const el of document.querySelectorAll("#board .card[data-card]")) {
    out.set(el.dataset.card, el.getBoundingClientRect());
  }
  return out;
}

function makeCard(card, i) {
  const el = drawCard(card, face(card));
  el.dataset.card = String(card);
  if (i !== undefined) el.dataset.i = String(i);
  return el;
}

function makeBack(i) {
  const el = document.createElement("span");
  el.className = "card back";
  if (i !== undefined) el.dataset.i = String(i);
  return el;
}

let metrics = null; // {height, cw}: a column's room and the card width, read once per layout

function measure() {
  if (!metrics) {
    const b = buttons.get("1");
    metrics = { height: b.clientHeight, cw: b.querySelector(".slot").clientWidth || 40 };
  }
  return metrics;
}

function layoutColumn(button, p, selected) {
  const slot = button.querySelector(".slot");
  const { height, cw } = measure();
  const ch = cw * 1.4;
  const total = p.down + p.cards.length;
  let down = cw * 0.16;
  let up = cw * 0.4;
  const need = p.down * down + Math.max(0, p.cards.length - 1) * up + ch;
  if (need > height && total > 1) {
    const room = Math.max(0, height - ch);
    const scale = room / (need - ch);
    down *= scale;
    up *= scale;
  }
  const kids = [];
  let y = 0;
  for (let i = 0; i < p.down; i++) {
    const el = makeBack(i);
    el.style.top = `${y}px`;
    kids.push(el);
    y += down;
  }
  const firstSel = selected && selected.src === p.id ? p.cards.length - selected.n : Infinity;
  p.cards.forEach((card, k) => {
    const el = makeCard(card, p.down + k);
    el.style.top = `${y}px`;
    if (k >= firstSel) el.classList.add("sel");
    kids.push(el);
    y += up;
  });
  slot.replaceChildren(...kids);
  slot.style.height = total ? `${y - up + ch}px` : "";
}

const drawn = new Map(); // place id -> what its cards were last drawn from
let changed = new Set(); // the places redrawn by the last render

function render() {
  const v = st.view;
  if (!v) return;
  const sel = st.selected;
  const targets = new Set(sel ? destsOf(sel.src, sel.n) : []);
  changed = new Set();
  measure();
  for (const p of v.places) {
    const b = buttons.get(p.id);
    if (!b) continue;
    const slot = b.querySelector(".slot");
    const key = `${p.count}|${p.down}|${p.cards}|${sel && sel.src === p.id ? sel.n : 0}|${metrics.height}|${metrics.cw}`;
    if (drawn.get(p.id) === key) {
      // unchanged: only the flags below
    } else if (p.id === "S") {
      slot.replaceChildren(...(p.count ? [makeBack()] : []));
      b.querySelector(".count").textContent = String(p.count);
    } else if (p.id === "W") {
      const kids = p.cards.map((c, k) => {
        const el = makeCard(c);
        el.style.left = `calc(var(--fan) * ${k})`;
        if (k < p.cards.length - 1) el.classList.add("under");
        else if (sel && sel.src === "W") el.classList.add("sel");
        return el;
      });
      slot.replaceChildren(...kids);
      b.dataset.fan = String(p.cards.length);
    } else if (p.id[0] === "F") {
      const kids = p.cards.map((c) => makeCard(c));
      if (kids.length && sel && sel.src === p.id) kids[0].classList.add("sel");
      slot.replaceChildren(...kids);
      b.classList.toggle("deep", p.count > 1);
    } else {
      layoutColumn(b, p, sel);
    }
    if (drawn.get(p.id) !== key) {
      drawn.set(p.id, key);
      changed.add(p.id);
    }
    if (p.id === "S") b.classList.toggle("recycle", !p.count && place("W").count > 0);
    if (b.getAttribute("aria-label") !== p.label) b.setAttribute("aria-label", p.label);
    b.classList.toggle("empty", p.count === 0);
    b.classList.toggle("selected", Boolean(sel && sel.src === p.id));
    b.classList.toggle("dest", targets.has(p.id));
    b.setAttribute("aria-pressed", sel && sel.src === p.id ? "true" : "false");
  }
  els.moves.textContent = String(v.moves);
  els.passes.textContent = String(v.recycles + 1);
  els.undo.disabled = !v.can_undo || st.finishing;
  const mode = st.finishing ? "stop" : v.can_finish ? "finish" : "hint";
  els.hint.dataset.mode = mode;
  els.hint.textContent = st.ui[mode];
  els.hint.disabled = v.status !== "playing";
  renderBadge(v);
  els.message.textContent = st.message;
  els.message.hidden = !st.message;
  els.message.className = "message" + (st.messageKind ? " " + st.messageKind : "");
  renderClock();
  renderPicker();
  renderEnd(v);
  slide();
  if (st.timing) {
    st.timing = false;
    measureMove();
  }
}

// FLIP: every card of a redrawn place that came from elsewhere starts there and slides home
// (all positions read first, then all written: one layout).
function slide() {
  const before = lastRects;
  lastRects = null;
  if (!before || reducedMotion.matches || !changed.size) return;
  const moved = [];
  for (const id of changed) {
    for (const el of buttons.get(id).querySelectorAll(".card[data-card]")) {
      const from = before.get(el.dataset.card);
      if (!from) continue;
      const to = el.getBoundingClientRect();
      const dx = from.left - to.left;
      const dy = from.top - to.top;
      if (Math.abs(dx) >= 1 || Math.abs(dy) >= 1) moved.push([el, dx, dy]);
    }
  }
  if (!moved.length) return;
  for (const [el, dx, dy] of moved) el.style.transform = `translate(${dx}px, ${dy}px)`;
  document.body.getBoundingClientRect();
  for (const [el] of moved) {
    el.classList.add("moving");
    el.style.transform = "";
    const done = () => el.classList.remove("moving");
    el.addEventListener("transitionend", done, { once: true });
    setTimeout(done, 400);
  }
}

function renderClock() {
  els.clock.textContent = formatTime(elapsedNow(st.view, st.receivedAt));
}

function renderEnd(v) {
  const panel = els.panel;
  if (v.status === "playing") {
    if (panel.open) panel.close();
    st.endShownFor = -1;
    return;
  }
  if (st.endShownFor === v.version) return;
  st.endShownFor = v.version;
  st.finishing = false;
  const won = v.status === "won";
  panel.dataset.status = v.status;
  $("end-title").textContent = won ? st.ui.kl_won : st.ui.kl_blocked;
  $("end-time").textContent = formatTime(v.elapsed);
  $("end-moves").textContent = String(v.moves);
  $("end-recycles").textContent = String(v.recycles);
  $("end-up").textContent = String(v.sent_up);
  $("end-code").textContent = v.code || "";
  $("end-copied").textContent = "";
  $("end-view").hidden = won;
  $("end-undo").hidden = won || !v.can_undo;
  if (els.notice.open) els.notice.close();
  if (!panel.open) panel.showModal();
}

// ---- sending -----------------------------------------------------------------------------------

function failed(e, src) {
  const body = e.body || {};
  if (e.status === 409 && body.game) {
    st.selected = null;
    setView(body.game, false);
    say(body.message || st.ui.stale);
    return;
  }
  if (src) shake(src);
  say(body.message || st.ui.network, "refusal");
}

function shake(id) {
  const b = buttons.get(id);
  if (!b || reducedMotion.matches) return;
  b.classList.remove("refused");
  b.getBoundingClientRect();
  b.classList.add("refused");
  setTimeout(() => b.classList.remove("refused"), 300);
}

async function send(token, src = null) {
  const v = st.view;
  if (!v || st.busy) return false;
  st.busy = true;
  performance.clearMarks("move-start");
  performance.mark("move-start");
  try {
    const view = await api.play(v.id, token, v.version, st.lang);
    performance.mark("move-answer");
    st.timing = true;
    if (st.messageKind === "refusal") say("");
    setView(view);
    announce(view.announce);
    return true;
  } catch (e) {
    performance.clearMarks("move-start");
    returnDragged();
    failed(e, src);
    return false;
  } finally {
    st.busy = false;
  }
}

function move(src, n, dst) {
  st.selected = null;
  closePicker();
  requestRender();
  return send(`${srcKey(src, n)}-${dst}`, src);
}

/** A new game: `body` names a replay; without one, a random deal (draw three or one: `variant`). */
async function newGame(body, variant = String(st.view.draw)) {
  if (st.busy) return;
  st.finishing = false;
  st.busy = true;
  const stopSeeking = body ? () => undefined : whileSeeking(say, st.ui.winnable_seeking);
  try {
    const request = body || { game: "klondike", variant, winnable_only: winnableOnly() };
    const view = await api.newGame(request, st.lang);
    st.selected = null;
    st.endShownFor = -1;
    closePicker();
    history.pushState({ id: view.id }, "", `/${st.lang}/klondike/${view.id}`);
    $("game").dataset.game = view.id;
    $("game").dataset.draw = String(view.draw);
    if (els.panel.open) els.panel.close();
    if (els.notice.open) els.notice.close();
    say("");
    setView(view, false);
    announce(st.ui.new_game + ".");
  } catch (e) {
    failed(e, null);
  } finally {
    stopSeeking();
    st.busy = false;
  }
}

const replay = () => newGame({ replay: st.view.id });
const undo = () => {
  st.finishing = false;
  if (st.view.can_undo) send("U");
};

// ---- taps --------------------------------------------------------------------------------------

function select(sel) {
  st.selected = sel;
  requestRender();
  if (!sel) return;
  const p = place(sel.src);
  if (sel.n > 1) {
    const card = p.cards[p.cards.length - sel.n];
    announce(fmt(st.ui.kl_run_selected, { count: sel.n, card: cardName(card) }));
  } else {
    announce(fmt(st.ui.selected, { place: p.label }));
  }
}

/** The source a tap on place `id` (on its card number `i`, if known) picks up, or null. */
function sourceAt(id, i) {
  const p = place(id);
  if (!p || !p.cards.length || id === "S") return null;
  if (id === "W" || id[0] === "F") return { src: id, n: 1 };
  const k = i === undefined || i === null ? p.cards.length - 1 : Math.max(i - p.down, 0);
  const n = Math.min(p.cards.length - k, Math.max(runLength(p), 1));
  return { src: id, n: Math.max(n, 1) };
}

function tap(id, i) {
  const v = st.view;
  if (!v || v.status === "won" || st.hinting) return;
  if (st.finishing) stopFinish();
  const sel = st.selected;
  if (id === "S") {
    if (sel) select(null);
    send("D", "S");
    return;
  }
  if (sel) {
    if (sel.src === id) {
      select(null);
      return;
    }
    let dst = id;
    if (id[0] === "F") dst = foundationFor(sel) || id;
    move(sel.src, sel.n, dst);
    return;
  }
  const src = sourceAt(id, i);
  if (!src) return;
  const ds = destsOf(src.src, src.n);
  if (ds.length === 1) {
    move(src.src, src.n, ds[0]);
    return;
  }
  select(src);
}

function foundationFor(sel) {
  return destsOf(sel.src, sel.n).find((d) => d[0] === "F") || null;
}

// ---- drag and drop -----------------------------------------------------------------------------

let dragged = null; // the card elements being dragged

function returnDragged() {
  if (!dragged) return;
  for (const el of dragged) {
    el.classList.remove("dragging");
    if (!reducedMotion.matches) el.classList.add("returning");
    el.style.transform = "";
    setTimeout(() => el.classList.remove("returning"), 220);
  }
  dragged = null;
}

function dropTarget(x, y, src) {
  for (const el of dragged || []) el.style.visibility = "hidden";
  const hit = document.elementFromPoint(x, y);
  for (const el of dragged || []) el.style.visibility = "";
  if (!hit) return null;
  const b = hit.closest(".place");
  if (b) {
    const id = b.dataset.place;
    return id[0] === "F" ? foundationFor(src) || id : id;
  }
  if (hit.closest("#found-area")) return foundationFor(src) || "F" + SUITS[0];
  return null;
}

function onPointerDown(ev) {
  if (ev.button > 0 || st.busy || st.hinting) return;
  const b = ev.target.closest(".place");
  if (!b || !st.view || st.view.status === "won") return;
  const id = b.dataset.place;
  const cardEl = ev.target.closest(".card");
  const i = cardEl && cardEl.dataset.i !== undefined ? Number(cardEl.dataset.i) : undefined;
  const x0 = ev.clientX;
  const y0 = ev.clientY;
  const pointer = ev.pointerId;
  const isColumn = /^[1-7]$/.test(id);
  const src = sourceAt(id, i);
  let mode = "press"; // press -> drag | pick
  let els0 = [];
  let pressTimer = 0;
  if (isColumn && place(id).cards.length) {
    pressTimer = setTimeout(() => {
      if (mode !== "press") return;
      mode = "pick";
      const p = place(id);
      const max = Math.max(runLength(p), 1);
      const n = src ? Math.min(src.n, max) : max;
      openPicker(id, n, { x: ev.clientX, y: ev.clientY });
    }, LONG_PRESS_MS);
  }
  let over = null; // the picker arrow under the finger
  let repeat = 0;

  const onMove = (e) => {
    if (e.pointerId !== pointer) return;
    const dx = e.clientX - x0;
    const dy = e.clientY - y0;
    if (mode === "pick") {
      e.preventDefault();
      const hit = document.elementFromPoint(e.clientX, e.clientY);
      const arrow = hit && hit.closest("#pick-up, #pick-down");
      const now = arrow ? arrow.id : null;
      if (now !== over) {
        over = now;
        clearInterval(repeat);
        if (over) {
          stepPicker(over === "pick-up" ? 1 : -1);
          repeat = setInterval(() => stepPicker(over === "pick-up" ? 1 : -1), PICK_REPEAT_MS);
        }
      }
      return;
    }
    if (mode === "press") {
      if (Math.hypot(dx, dy) < DRAG_START_PX) return;
      clearTimeout(pressTimer);
      if (!src) {
        mode = "none";
        return;
      }
      mode = "drag";
      if (st.finishing) stopFinish();
      st.selected = src;
      render();
      els0 = dragElements(src);
      dragged = els0;
      for (const el of els0) el.classList.add("dragging");
      try {
        b.setPointerCapture(pointer);
      } catch (err) {
        /* a nicety */
      }
    }
    if (mode === "drag") {
      e.preventDefault();
      for (const el of els0) el.style.transform = `translate(${dx}px, ${dy}px)`;
    }
  };
  const finish = (e) => {
    if (e.pointerId !== pointer) return;
    window.removeEventListener("pointermove", onMove);
    window.removeEventListener("pointerup", finish);
    window.removeEventListener("pointercancel", finish);
    clearTimeout(pressTimer);
    clearInterval(repeat);
    if (mode === "pick") {
      suppressClick = true;
      setTimeout(() => (suppressClick = false), 0);
      if (e.type === "pointerup") confirmPicker();
      else closePicker();
      return;
    }
    if (mode === "press" && e.type === "pointerup") {
      // A tap: handled here rather than on the click that may follow (a touch browser can
      // swallow that click, taking it for part of a gesture).
      focusPlace(b);
      tap(id, i);
      return;
    }
    if (mode !== "drag") return;
    suppressClick = true;
    setTimeout(() => (suppressClick = false), 0);
    st.selected = null;
    const dst = e.type === "pointerup" ? dropTarget(e.clientX, e.clientY, src) : null;
    if (!dst || dst === src.src) {
      returnDragged();
      requestRender();
      return;
    }
    lastRects = null;
    move(src.src, src.n, dst).then(() => {
      dragged = null;
    });
  };
  window.addEventListener("pointermove", onMove, { passive: false });
  window.addEventListener("pointerup", finish);
  window.addEventListener("pointercancel", finish);
}

function dragElements(src) {
  const b = buttons.get(src.src);
  const cards = [...b.querySelectorAll(".slot .card[data-card]")];
  if (src.src === "W" || src.src[0] === "F") return cards.slice(-1);
  return cards.slice(-src.n);
}

// ---- the run picker ----------------------------------------------------------------------------

function openPicker(col, n, at) {
  const p = place(col);
  if (!p || !p.cards.length) return;
  const max = Math.max(runLength(p), 1);
  st.picker = { col, n: Math.min(Math.max(n, 1), max), max, at };
  st.selected = null;
  renderPicker();
  requestRender();
  const card = p.cards[p.cards.length - st.picker.n];
  announce(`${st.ui.kl_picker}: ${cardName(card)}. ${fmt(st.ui.kl_picker_count, { count: st.picker.n })}`);
}

function stepPicker(delta) {
  const pk = st.picker;
  if (!pk) return;
  const n = Math.min(Math.max(pk.n + delta, 1), pk.max);
  if (n === pk.n) return;
  pk.n = n;
  renderPicker();
  const p = place(pk.col);
  announce(`${cardName(p.cards[p.cards.length - n])}. ${fmt(st.ui.kl_picker_count, { count: n })}`);
}

function confirmPicker() {
  const pk = st.picker;
  if (!pk) return;
  closePicker();
  select({ src: pk.col, n: pk.n });
  const b = buttons.get(pk.col);
  if (b) focusPlace(b);
}

function closePicker() {
  if (!st.picker) return;
  st.picker = null;
  renderPicker();
}

function renderPicker() {
  const box = els.picker;
  const pk = st.picker;
  if (!pk) {
    if (!box.hidden) box.hidden = true;
    return;
  }
  const p = place(pk.col);
  const card = p.cards[p.cards.length - pk.n];
  const preview = els.pickCard;
  preview.replaceChildren(makeCard(card));
  preview.setAttribute("aria-label", `${cardName(card)} — ${fmt(st.ui.kl_picker_count, { count: pk.n })}`);
  els.pickCount.textContent = fmt(st.ui.kl_picker_count, { count: pk.n });
  $("pick-up").disabled = pk.n >= pk.max;
  $("pick-down").disabled = pk.n <= 1;
  box.dataset.n = String(pk.n);
  box.hidden = false;
  // Inside the window, near the column.
  const b = buttons.get(pk.col).getBoundingClientRect();
  const w = box.offsetWidth;
  const h = box.offsetHeight;
  let x;
  let y;
  if (pk.at) {
    y = pk.at.y - h - 24; // above the finger, so that the finger can slide up to ▲
    x = b.left + b.width / 2 - w / 2;
  } else {
    y = b.top; // beside the column, leaving its cards in sight
    x = b.right + 8 + w <= innerWidth ? b.right + 8 : b.left - w - 8;
  }
  box.style.left = `${Math.min(Math.max(x, 4), innerWidth - w - 4)}px`;
  box.style.top = `${Math.min(Math.max(y, 4), innerHeight - h - 4)}px`;
}

// ---- hint and Finish ---------------------------------------------------------------------------

async function hint() {
  const v = st.view;
  if (!v || st.busy || st.hinting || v.status !== "playing") return;
  st.selected = null;
  closePicker();
  st.hinting = true;
  try {
    const h = await api.hint(v.id, v.version, st.lang);
    if (h.kind === "no_useful") {
      els.notice.showModal();
      announce(st.ui.kl_no_useful);
      return;
    }
    if (h.kind !== "move") {
      say(h.message || st.ui.kl_blocked);
      return;
    }
    $("board").dataset.hint = h.move;
    await showHint(h);
    if (st.view.version === v.version) await sendFromPreview(h.move, h.src);
  } catch (e) {
    failed(e, null);
  } finally {
    st.hinting = false;
    delete $("board").dataset.hint;
    for (const el of document.querySelectorAll(".hinting")) el.classList.remove("hinting");
  }
}

/** Shows the hint's move on the table: its cards travel to their destination (the stock glows). */
async function showHint(h) {
  $("board").dataset.lastHint = h.move;
  if (h.move === "D") {
    buttons.get("S").classList.add("hinting");
    announce(st.ui.kl_hint_draw);
    await sleep(HINT_SHOW_MS);
    return;
  }
  const els0 = dragElements({ src: h.src, n: h.n });
  const dst = buttons.get(h.dst);
  const first = els0[0];
  const dstCards = dst.querySelectorAll(".slot .card");
  let target;
  if (/^[1-7]$/.test(h.dst) && dstCards.length) {
    const last = dstCards[dstCards.length - 1].getBoundingClientRect();
    target = { left: last.left, top: last.top + last.height * 0.28 };
  } else {
    const r = dst.querySelector(".slot").getBoundingClientRect();
    target = { left: r.left, top: r.top };
  }
  const where = place(h.dst).label.split(":")[0]; // "column 3", "foundation of hearts"
  if (first) announce(fmt(st.ui.kl_hint_move, { card: cardName(Number(first.dataset.card)), place: where }));
  for (const el of els0) el.classList.add("hinting");
  if (!first || reducedMotion.matches) {
    await sleep(HINT_SHOW_MS);
    return;
  }
  const from = first.getBoundingClientRect();
  const dx = target.left - from.left;
  const dy = target.top - from.top;
  for (const el of els0) {
    el.classList.add("hint-moving");
    el.style.transform = `translate(${dx}px, ${dy}px)`;
  }
  await sleep(HINT_SHOW_MS);
}

async function sendFromPreview(token, src) {
  const ok = await send(token, src === "S" ? null : src);
  for (const el of document.querySelectorAll(".hint-moving")) {
    el.classList.remove("hint-moving");
    el.style.transform = "";
  }
  return ok;
}

async function runFinish() {
  if (st.finishing) {
    stopFinish();
    return;
  }
  const v = st.view;
  if (!v || !v.can_finish || v.status !== "playing") return;
  st.finishing = true;
  st.selected = null;
  requestRender();
  say(st.ui.kl_finishing);
  while (st.finishing && st.view.status === "playing" && st.view.can_finish) {
    if (st.busy) {
      await sleep(30);
      continue;
    }
    st.busy = true;
    try {
      const view = await api.finish(st.view.id, st.view.version, st.lang);
      if (!st.finishing) {
        setView(view);
        break;
      }
      setView(view);
      announce(view.announce);
    } catch (e) {
      st.finishing = false;
      failed(e, null);
      break;
    } finally {
      st.busy = false;
    }
    await sleep(FINISH_STEP_MS);
  }
  if (st.finishing) {
    st.finishing = false;
    say("");
  }
  requestRender();
}

function stopFinish() {
  if (!st.finishing) return;
  st.finishing = false;
  say(st.ui.kl_finish_stopped);
  requestRender();
}

function hintOrFinish() {
  if (st.finishing || (st.view && st.view.can_finish)) runFinish();
  else hint();
}

// ---- keys --------------------------------------------------------------------------------------

function focusPlace(b) {
  for (const x of buttons.values()) x.tabIndex = x === b ? 0 : -1;
  b.focus();
}

function focused() {
  const a = document.activeElement;
  return a && a.classList && a.classList.contains("place") ? a : null;
}

function onKey(ev) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const t = ev.target;
  if (t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement) return;
  if (els.panel.open || els.notice.open) {
    if (ev.key === "n" || ev.key === "N") {
      ev.preventDefault();
      newGame();
    }
    return;
  }
  if (st.picker) {
    ev.preventDefault();
    if (ev.key === "ArrowUp") stepPicker(1);
    else if (ev.key === "ArrowDown") stepPicker(-1);
    else if (ev.key === "Enter") confirmPicker();
    else if (ev.key === "Escape") {
      const col = st.picker.col;
      closePicker();
      const b = buttons.get(col);
      if (b) focusPlace(b);
    }
    return;
  }
  const key = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
  const here = focused();
  switch (key) {
    case "ArrowLeft":
    case "ArrowRight": {
      ev.preventDefault();
      const from = here ? ORDER.indexOf(here.dataset.place) : -1;
      const step = key === "ArrowRight" ? 1 : -1;
      const next = from < 0 ? 0 : (from + step + ORDER.length) % ORDER.length;
      focusPlace(buttons.get(ORDER[next]));
      break;
    }
    case "ArrowUp":
    case "ArrowDown": {
      if (!here || !/^[1-7]$/.test(here.dataset.place)) return;
      ev.preventDefault();
      const p = place(here.dataset.place);
      if (!p.cards.length) return;
      const sel = st.selected && st.selected.src === p.id ? st.selected.n : 1;
      openPicker(p.id, sel, null);
      stepPicker(key === "ArrowUp" ? 1 : -1);
      break;
    }
    case "Enter":
      if (here) {
        ev.preventDefault();
        tap(here.dataset.place);
      }
      break;
    case " ":
      ev.preventDefault();
      tap("S");
      break;
    case "u":
      ev.preventDefault();
      undo();
      break;
    case "h":
      ev.preventDefault();
      if (!st.view.can_finish) hint();
      break;
    case "f":
      ev.preventDefault();
      if (st.finishing || st.view.can_finish) runFinish();
      break;
    case "n":
      ev.preventDefault();
      newGame();
      break;
    case "Escape":
      if (st.selected) select(null);
      if (st.finishing) stopFinish();
      say("");
      break;
    default:
  }
}

// ---- copying the deal code ---------------------------------------------------------------------

async function copyCode() {
  const code = st.view.code || "";
  try {
    await navigator.clipboard.writeText(code);
  } catch (e) {
    const range = document.createRange();
    range.selectNodeContents($("end-code"));
    const s = window.getSelection();
    s.removeAllRanges();
    s.addRange(range);
    try {
      document.execCommand("copy");
    } catch (err) {
      /* the code stays selected */
    }
  }
  $("end-copied").textContent = st.ui.copied;
  announce(st.ui.copied);
}

// ---- wiring ------------------------------------------------------------------------------------

function wire() {
  const board = $("board");
  board.addEventListener("click", (ev) => {
    // Pointer taps are played on pointerup; a click without a pointer (assistive technology) here.
    if (suppressClick || ev.detail > 0) return;
    const b = ev.target.closest(".place");
    if (!b) return;
    focusPlace(b);
    const cardEl = ev.target.closest(".card");
    const i = cardEl && cardEl.dataset.i !== undefined ? Number(cardEl.dataset.i) : undefined;
    tap(b.dataset.place, i);
  });
  board.addEventListener("pointerdown", onPointerDown);
  board.addEventListener("dragstart", (ev) => ev.preventDefault());
  board.addEventListener("contextmenu", (ev) => ev.preventDefault());
  document.addEventListener("keydown", onKey);
  $("undo").addEventListener("click", undo);
  $("hint").addEventListener("click", hintOrFinish);
  $("new-game").addEventListener("click", () => newGame());
  $("new-3").addEventListener("click", () => newGame(null, "3"));
  $("new-1").addEventListener("click", () => newGame(null, "1"));
  wireWinnable();
  $("pick-up").addEventListener("click", () => stepPicker(1));
  $("pick-down").addEventListener("click", () => stepPicker(-1));
  $("pick-card").addEventListener("click", confirmPicker);
  els.panel.addEventListener("cancel", () => undefined);
  $("end-new").addEventListener("click", () => newGame());
  $("end-again").addEventListener("click", replay);
  $("end-view").addEventListener("click", () => els.panel.close());
  $("end-undo").addEventListener("click", () => {
    els.panel.close();
    undo();
  });
  $("end-code").addEventListener("click", copyCode);
  $("notice-undo").addEventListener("click", () => {
    els.notice.close();
    undo();
  });
  $("notice-again").addEventListener("click", replay);
  $("notice-new").addEventListener("click", () => newGame());
  $("notice-close").addEventListener("click", () => els.notice.close());
  // Rotation, resizing, full screen: the same game, laid out again.
  let resizeQueued = false;
  const relayout = () => {
    metrics = null;
    if (resizeQueued) return;
    resizeQueued = true;
    requestAnimationFrame(() => {
      resizeQueued = false;
      render();
    });
  };
  window.addEventListener("resize", relayout);
  document.addEventListener("fullscreenchange", relayout);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") refresh();
  });
  window.addEventListener("popstate", () => location.reload());
}

async function refresh() {
  const v = st.view;
  if (!v || st.busy || st.finishing) return;
  try {
    const fresh = await api.getGame(v.id, st.lang);
    if (fresh.version !== st.view.version) setView(fresh, false);
  } catch (e) {
    /* keep what we have */
  }
}

function boot() {
  const game = $("game");
  st.lang = game.dataset.lang;
  st.ui = JSON.parse($("ui-words").textContent);
  for (const b of document.querySelectorAll("#board .place")) buttons.set(b.dataset.place, b);
  els = {
    moves: $("moves"),
    passes: $("passes"),
    clock: $("clock"),
    undo: $("undo"),
    hint: $("hint"),
    message: $("message"),
    panel: $("end-panel"),
    notice: $("notice"),
    picker: $("picker"),
    pickCard: $("pick-card"),
    pickCount: $("pick-count"),
  };
  wire();
  st.view = JSON.parse($("initial-view").textContent);
  st.receivedAt = performance.now();
  render();
  setInterval(renderClock, 1000);
  requestAnimationFrame(() => {
    performance.mark("first-render");
    document.documentElement.dataset.ready = "1";
  });
}

boot();
