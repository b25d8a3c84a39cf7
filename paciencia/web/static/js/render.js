// The renderer: at most one redraw per animation frame. Card elements are keyed by card id and
// carried from place to place, so a move slides them with CSS transforms (FLIP). A place's
// spread (the layout's, by kind): "top" (its top card, or a back), "cascade" (backs, then the
// face-up cards, spaced to fit) or "fan" (side by side).

import { announce } from "./a11y.js";
import { counted, dests, spreadOf, state, takes } from "./state.js";
import { getGame } from "./api.js";
import { renderBadge, renderLevel } from "./winnable.js";

const motion = window.matchMedia("(prefers-reduced-motion: reduce)");
export const reduced = () => motion.matches || "still" in document.documentElement.dataset;
const refs = new Map(); // place id -> {button, slot, count, spread, key, room}
const hooks = []; // drawn after the table (the run picker)
let els = {};
let dragged = []; // the card elements under the pointer
let queued = false;
const $ = (id) => document.getElementById(id);

export function requestRender() {
  if (queued) return;
  queued = true;
  requestAnimationFrame(() => {
    queued = false;
    render();
  });
}

export const onRender = (fn) => hooks.push(fn);
export const placeButton = (id) => (refs.get(id) || {}).button || null;

export function bind() {
  for (const button of document.querySelectorAll("#board .place")) {
    const [slot, count, name] = [".slot", ".tag i", ".name"].map((sel) => button.querySelector(sel));
    refs.set(button.dataset.place, { button, slot, count, name });
  }
  const all = (sel) => [...document.querySelectorAll(sel)];
  els = { actions: all("#game [data-token]"), fields: all("#game .counters [data-field]"), clock: $("clock") };
  for (const id of ["undo", "hint", "code", "code-row", "deal-number", "message", "end-panel", "notice"]) els[id] = $(id);
}

/** On a portrait phone the figures under the board (the counters, the badges) take the lines
 * they need (a level's badge, a long language: three where two were kept): their height, as
 * `--counters-h`, is taken off the board's room (the games' and site.css), so that they sit whole
 * over the fixed button bar. Elsewhere the side panel holds them and the property goes. */
export function watchCounters() {
  const el = document.querySelector(".side .counters");
  if (!el || !window.ResizeObserver) return;
  const upright = window.matchMedia("(max-aspect-ratio: 1 / 1)");
  const measure = () => {
    if (upright.matches) document.body.style.setProperty("--counters-h", `${Math.ceil(el.getBoundingClientRect().height)}px`);
    else document.body.style.removeProperty("--counters-h");
  };
  new ResizeObserver(measure).observe(el);
  upright.addEventListener("change", measure);
}

/** Rotation, resizing: the cascades are spaced again to their new room. */
export function relayout() {
  for (const ref of refs.values()) ref.room = null;
  requestRender();
}

/** A card face as the server draws it (table.html): the rank, and the suit (CSS shows it twice). */
export function makeCard(card) {
  const deck = state.view.deck;
  const suit = Math.floor(card / 13);
  const el = document.createElement("span");
  const rk = el.appendChild(document.createElement("span"));
  el.className = "card " + (deck.red[suit] ? "red" : "black");
  el.dataset.card = card;
  el.dataset.s = deck.suits[suit];
  el.dataset.r = card % 13;
  rk.className = "rk";
  rk.textContent = deck.ranks[card % 13];
  if (card % 13 >= 10) el.appendChild(document.createElement("span")).className = "fig"; // a court card's figure
  return el;
}

/** What a place shows, bottom to top: card ids, null for a back. */
function wanted(p, spread) {
  if (spread === "cascade") return [...Array(p.down).fill(null), ...p.cards];
  if (spread === "fan") return p.cards;
  return p.cards.length ? p.cards.slice(-1) : p.count ? [null] : [];
}

/** A card's height over its width: the table's `--ratio` (site.css: taller cards where a
 * portrait screen has the height to spare). */
export function cardRatio() {
  return parseFloat(getComputedStyle(document.body).getPropertyValue("--ratio")) || 1.4;
}

function room(ref) {
  return (ref.room = ref.room || { h: ref.button.clientHeight, cw: ref.slot.clientWidth || 40, ratio: cardRatio() });
}

// A packed column's covered face-up cards keep at least this strip of their face: the rank
// readable, and a 24 px target for a finger (WCAG 2.5.8).
const MIN_STRIP = 24;
const UP = 0.46; // a face-up card's strip, in card widths, where the column has the room
const DOWN = 0.16; // a face-down card's
const MIN_DOWN = 4; // a face-down card's least, in px
// Where the column has more room still (a phone's spare height), its strips grow towards these:
// a face-up card's up to 0.7 card widths and a finger's comfortable 44 px, a face-down card's
// to a quarter of a width and 14 px (no bigger than UP and DOWN make them on a wide screen).
const ROOMY_UP = [0.7, 44];
const ROOMY_DOWN = [0.25, 14];
// A face-up card under the run a tap may take (the view's `runs`: a run as far as the game lets one
// move at once, by free places or by suit) is no target of its own: a tap there takes that
// run all the same (state.js, pickAt). Where a column is packed, such cards keep this much, their
// rank still readable, before the run's strips go under MIN_STRIP.
const MIN_FIXED = 14;
let fitted = Infinity;

/** How many of place `p`'s face-up cards lie under the run a tap may take. */
function fixedOf(p) {
  return Math.max(0, p.cards.length - Math.max(1, (state.view.runs || {})[p.id] || 1));
}

/** When a column could not fit its cards with readable strips, the cards get smaller (the
 * rows above them too): the widest card with which every cascade fits, as `--cw-fit`. The room
 * a column has grows by a card's height for each width the cards lose (the row above it). */
function fitCards(v) {
  let fit = Infinity;
  for (const p of v.places) {
    const ref = refs.get(p.id);
    if (!ref || spreadOf(p) !== "cascade") continue;
    const { h, cw, ratio } = room(ref);
    const fixed = fixedOf(p);
    const live = Math.max(0, p.cards.length - 1 - fixed);
    fit = Math.min(fit, (h + ratio * cw - live * MIN_STRIP - fixed * MIN_FIXED - p.down * MIN_DOWN) / (2 * ratio));
  }
  fit = Math.max(32, Math.floor(fit));
  // Smaller at once when a column needs it; bigger only by 3 px or more (no flicker).
  if ((fit >= fitted && fit - fitted < 3) || (fit > 400 && fitted > 400)) return;
  fitted = fit;
  document.body.style.setProperty("--cw-fit", `${fit}px`);
  for (const ref of refs.values()) ref.room = null;
}

function render() {
  const v = state.view;
  if (!v) return;
  fitCards(v);
  const sel = state.selected;
  const changed = []; // reads (the cascades' room) before any write: one layout
  for (const p of v.places) {
    const ref = refs.get(p.id);
    if (!ref) continue;
    const spread = spreadOf(p);
    const n = sel && sel.id === p.id ? sel.n : 0;
    const r = spread === "cascade" ? room(ref) : {};
    const key = `${p.count}|${p.down}|${p.cards}|${n}|${r.h}|${r.cw}|${r.ratio}|${spread === "cascade" ? fixedOf(p) : 0}`;
    if (ref.key === undefined && spread === "top") ref.key = key; // as table.html drew it
    if (ref.key !== key) changed.push({ p, ref, spread, n, want: wanted(p, spread) });
    ref.key = key;
  }
  if (changed.length) drawPlaces(changed);
  state.animate = false;
  if (state.dealing) dealIn();
  state.dealing = false;
  const targets = new Set(sel ? dests(sel.id, sel.n) : []);
  if (sel) for (const [other] of takes(sel.id)) if (other) targets.add(other); // its partners
  for (const p of v.places) {
    const ref = refs.get(p.id);
    if (!ref) continue;
    const b = ref.button;
    if (!ref.spread) b.classList.add("spread-" + (ref.spread = spreadOf(p)));
    const on = Boolean(sel && sel.id === p.id);
    const dest = targets.has(p.id);
    // The accessible name is the place's description and its state (no toggle-button role: a
    // place is picked up and put down, not switched on).
    const name = on ? `${p.label} — ${state.ui["state_selected_" + p.kind]}` : dest ? `${p.label} — ${state.ui.state_dest}` : p.label;
    if (ref.name && ref.name.textContent !== name) ref.name.textContent = name;
    if (ref.count) ref.count.textContent = p.count;
    b.classList.toggle("empty", !p.count);
    b.classList.toggle("deep", p.count > 1);
    b.classList.toggle("face-under", p.cards.length > 0 && p.down < p.count - 1); // the card under the top one is face up
    b.classList.toggle("recycle", !p.count && p.id in v.taps); // a tap turns the waste back
    b.classList.toggle("selected", on);
    b.classList.toggle("dest", dest);
  }
  for (const a of v.actions) {
    const ref = a.place != null && a.left != null && refs.get(a.place);
    if (ref) ref.button.dataset.left = a.left; // what a tap there has left (the stock's rows), for the stylesheet
  }
  for (const out of els.fields) out.textContent = v[out.dataset.field] ?? "";
  for (const b of els.actions) {
    const a = v.actions.find((x) => x.token === b.dataset.token);
    if (a && a.text) label(b, a.text);
    if (a) b.disabled = !a.enabled;
    const ico = b.querySelector(".ico[data-left]");
    if (ico && a && a.left != null) ico.dataset.left = a.left;
  }
  els.undo.disabled = !v.can_undo || state.finishing;
  const mode = state.finishing ? "stop" : v.can_finish ? "finish" : "hint";
  els.hint.dataset.mode = mode;
  label(els.hint, state.ui[mode]);
  els.hint.disabled = v.status !== "playing";
  renderBadge(v);
  renderLevel(v, (id) => getGame(id, state.lang));
  if (els.code) els.code.textContent = v.code || "";
  if (els["code-row"]) els["code-row"].hidden = !v.code;
  showNumber(els["deal-number"], v);
  const m = els.message;
  m.textContent = state.message;
  m.hidden = !state.message;
  m.className = "message " + state.messageKind;
  renderClock();
  renderEnd(v);
  for (const hook of hooks) hook();
  if (state.timing) measureMove();
  state.timing = false;
}

/** Draws again the places whose cards changed: their card elements are freed, then each place
 * takes back its own (a card that stayed keeps its element), then those that left another
 * place (the cards that moved), then new ones; with `state.animate`, each slides from where it was. */
function drawPlaces(changed) {
  const settle = state.animate; // a move's answer: what was dragged or shown by a hint lands
  const slide = settle && !reduced();
  const free = new Map(); // card id -> its freed elements
  const first = new Map(); // element -> where it was
  for (const c of changed) {
    c.backs = [];
    for (const el of c.ref.slot.children) {
      if (slide) first.set(el, el.getBoundingClientRect());
      const card = el.dataset.card;
      if (card === undefined) c.backs.push(el);
      else free.set(card, [...(free.get(card) || []), el]);
    }
  }
  const take = (card, slot) => {
    const list = free.get(String(card)) || [];
    const at = slot ? list.findIndex((el) => el.parentNode === slot) : list.length - 1;
    return at < 0 ? null : list.splice(at, 1)[0];
  };
  for (const c of changed) c.got = c.want.map((card) => card !== null && take(card, c.ref.slot));
  for (const c of changed) {
    c.got = c.got.map((el, k) => {
      const card = c.want[k];
      if (el) return el;
      if (card !== null) return take(card) || makeCard(card);
      const back = c.backs.shift() || document.createElement("span");
      back.className = "card back";
      return back;
    });
    layOut(c, settle);
  }
  if (slide) flip(changed, first);
  if (settle) dragged = [];
}

function layOut({ p, ref, spread, n, want, got }, settle) {
  let up = 0;
  let down = 0;
  let ch = 0;
  let fixed = 0; // the face-up cards under the run a tap may take, and their strip
  let low = 0;
  if (spread === "cascade") {
    // Face-down and face-up steps; where the column has room to spare they grow into it, and
    // where it would not fit its room, the face-up strips shrink first, never under MIN_STRIP,
    // then the backs, then the face-up cards under the run a tap takes (to MIN_FIXED).
    const { h, cw, ratio } = room(ref);
    ch = cw * ratio;
    const ups = Math.max(0, p.cards.length - 1);
    fixed = Math.min(ups, fixedOf(p));
    const live = ups - fixed;
    const space = Math.max(0, h - ch);
    [down, up] = [cw * DOWN, Math.max(cw * UP, MIN_STRIP)];
    const roomy = [Math.max(down, Math.min(cw * ROOMY_DOWN[0], ROOMY_DOWN[1])), Math.max(up, Math.min(cw * ROOMY_UP[0], ROOMY_UP[1]))];
    const spare = space - p.down * down - ups * up;
    const more = p.down * (roomy[0] - down) + ups * (roomy[1] - up);
    const long = () => p.down * down + live * up + fixed * low > space;
    low = up;
    if (spare > 0 && more > 0) {
      // Room to spare: the strips grow into it, as far as their roomy size.
      const t = Math.min(1, spare / more);
      [down, up] = [down + t * (roomy[0] - down), up + t * (roomy[1] - up)];
      low = up;
    } else if (long()) {
      if (ups) low = up = Math.max(MIN_STRIP, Math.min(up, (space - p.down * down) / ups));
      if (p.down && long()) down = Math.max(MIN_DOWN, (space - ups * up) / p.down);
      if (fixed && long()) low = Math.max(MIN_FIXED, (space - p.down * down - live * up) / fixed);
      // Cards at their smallest and still too long: the column stays in its room all the same.
      if (ups && long()) {
        const k = Math.max(0, space - p.down * down) / (live * up + fixed * low);
        [up, low] = [up * k, low * k];
      }
    }
  }
  const last = got.length - 1;
  let y = 0;
  got.forEach((el, k) => {
    if (settle) {
      el.classList.remove("dragging", "hint-moving", "hinting", "returning");
      el.style.transform = "";
    }
    el.dataset.i = p.count - want.length + k;
    el.classList.toggle("sel", k > last - n);
    el.classList.toggle("under", spread === "fan" && k < last);
    el.style.left = spread === "fan" ? `calc(var(--fan) * ${k})` : "";
    el.style.top = ch ? `${y}px` : "";
    // Face-up cards under the run a tap takes: their own strip (and rank size), and marked as
    // no target of their own.
    const under = ch > 0 && want[k] !== null && k - (want.length - p.cards.length) < fixed;
    el.classList.toggle("fixed", under);
    if (under && low !== up) el.style.setProperty("--strip", `${low}px`);
    else el.style.removeProperty("--strip");
    if (k < last) y += want[k] === null ? down : under ? low : up;
  });
  const kids = ref.slot.children;
  if (kids.length !== got.length || got.some((el, k) => kids[k] !== el)) ref.slot.replaceChildren(...got);
  ref.slot.style.height = ch && got.length ? `${y + ch}px` : "";
  if (ch) ref.slot.style.setProperty("--strip", `${up}px`);
}

// FLIP: every card drawn elsewhere before starts there and slides home (reads, then writes).
function flip(changed, first) {
  const moved = [];
  for (const el of changed.flatMap((c) => c.got)) {
    const a = first.get(el);
    const b = a && el.getBoundingClientRect();
    if (b && (Math.abs(a.left - b.left) >= 1 || Math.abs(a.top - b.top) >= 1)) moved.push([el, a.left - b.left, a.top - b.top]);
  }
  for (const [el, dx, dy] of moved) {
    el.classList.remove("moving");
    el.style.transform = `translate(${dx}px, ${dy}px)`;
  }
  if (moved.length) document.body.getBoundingClientRect();
  for (const [el] of moved) {
    el.style.transform = "";
    transient(el, "moving");
  }
}

function transient(el, cls) {
  el.classList.add(cls);
  const done = () => el.classList.remove(cls);
  el.addEventListener("transitionend", done, { once: true });
  setTimeout(done, 400);
}

/** Shows a dialog's buttons whose `data-show` conditions all hold: a status, or a true view field. */
export function showButtons(box, v) {
  for (const b of box.querySelectorAll("[data-show]")) {
    b.hidden = !b.dataset.show.split(" ").every((c) => !c || c === v.status || v[c] === true);
  }
}

/** A new deal: every card flies in from the stock (or the board's top), one after another. */
function dealIn() {
  if (reduced()) return;
  const board = $("board");
  const stock = board.querySelector(".place.stock .slot") || board;
  const o = stock.getBoundingClientRect();
  const cards = [...board.querySelectorAll(".slot > .card")];
  const moves = cards.map((el) => {
    const r = el.getBoundingClientRect();
    return [el, o.left - r.left, o.top - r.top];
  });
  for (const [el, dx, dy] of moves) el.style.transform = `translate(${dx}px, ${dy}px)`;
  board.getBoundingClientRect();
  moves.forEach(([el], k) => {
    el.style.transitionDelay = `${Math.min(k * 14, 700)}ms`;
    el.classList.add("dealing");
    el.style.transform = "";
    const done = () => {
      el.classList.remove("dealing");
      el.style.transitionDelay = "";
    };
    el.addEventListener("transitionend", done, { once: true });
    setTimeout(done, 1200);
  });
}

/** The win: the foundations' cards leap in a wave and suit glyphs rain down, for a moment. */
function celebrate() {
  if (reduced()) return;
  const area = $("found-area");
  if (area) {
    [...area.querySelectorAll(".slot > .card:last-child")].forEach((el, k) => el.style.setProperty("--k", k));
    area.classList.add("won-wave");
    setTimeout(() => area.classList.remove("won-wave"), 2000);
  }
  const rain = document.body.appendChild(document.createElement("div"));
  rain.className = "confetti";
  rain.setAttribute("aria-hidden", "true");
  const glyphs = ["♠", "♥", "♦", "♣"];
  const colours = ["#ffd54a", "#ffffff", "#ff6b6b", "#8ff0c4"];
  for (let k = 0; k < 36; k++) {
    const g = rain.appendChild(document.createElement("span"));
    g.textContent = glyphs[k % 4];
    g.style.left = `${(k * 37) % 100}%`;
    for (const [name, value] of [
      ["--c", colours[(k * 7) % 4]],
      ["--size", `${18 + ((k * 13) % 22)}px`],
      ["--d", `${(k % 12) * 0.12}s`],
      ["--t", `${2 + (k % 5) * 0.35}s`],
      ["--dx", `${((k * 29) % 120) - 60}px`],
      ["--rot", `${((k * 53) % 720) - 360}deg`],
    ])
      g.style.setProperty(name, value);
  }
  setTimeout(() => rain.remove(), 4500);
}

function renderEnd(v) {
  const panel = els["end-panel"];
  if (v.status === "playing") {
    if (panel.open) panel.close();
    state.endShownFor = -1;
    return;
  }
  const shown = `${v.version}/${v.closed}`; // a blocked game closed by its review: its code shows now
  if (state.endShownFor === shown) return;
  state.endShownFor = shown;
  // Ended by Finish: how many cards it sent up and the end, not the last card's own words.
  const finished = state.finishing && state.finishedCards;
  state.finishing = false;
  $("end-title").textContent = v.end_title || v.status_text;
  $("end-time").textContent = formatTime(v.elapsed);
  for (const dd of panel.querySelectorAll("[data-field]")) dd.textContent = v[dd.dataset.field] ?? "";
  $("end-code").textContent = v.code || "";
  $("end-code").closest("div").hidden = !v.code; // a pasted position names no deal
  showNumber($("end-number"), v);
  $("end-copied").textContent = "";
  showButtons(panel, v);
  if (els.notice.open) els.notice.close();
  // The last move and the end: said in the panel's own live region.
  const said = finished ? `${counted("finished", state.finishedCards)} ${v.status_text}` : v.announce;
  if (!panel.open) {
    panel.showModal();
    // The way on, not the code's copy button (the first control): Enter deals again.
    const main = panel.querySelector(".buttons .primary");
    if (main && !main.hidden) main.focus();
  }
  if (v.status === "won") celebrate();
  if (said) announce(said);
}

/** The deal's number beside its code, where the game numbers its deals (#11982). */
function showNumber(el, v) {
  if (!el) return;
  el.textContent = v.number ? `#${v.number}` : "";
  el.hidden = !v.number;
}

/** A bar button's words (beside its icon, table.html). */
function label(b, text) {
  (b.querySelector(".txt") || b).textContent = text;
}

function formatTime(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const two = (x) => String(x).padStart(2, "0");
  const m = Math.floor(s / 60) % 60;
  return (s >= 3600 ? `${Math.floor(s / 3600)}:${two(m)}` : m) + ":" + two(s % 60);
}

/** The view's seconds of play, plus the time since it came while the clock runs. */
export function renderClock() {
  const v = state.view;
  if (v && els.clock) els.clock.textContent = formatTime(v.elapsed + (v.running ? (performance.now() - state.receivedAt) / 1000 : 0));
}

/** From the render that draws a move's answer: `move` (click to drawn) and `move-answer`,
 * measured once this frame is painted (the timeout runs after it), for the benches. */
function measureMove() {
  setTimeout(() => {
    performance.mark("move-drawn");
    try {
      performance.measure("move", "move-start", "move-drawn");
      performance.measure("move-answer", "move-start", "move-answer");
    } catch (e) {
      /* a newer move cleared a mark */
    }
  }, 0);
}

export function shake(id) {
  const b = placeButton(id);
  if (!b || reduced()) return;
  b.classList.remove("refused");
  b.getBoundingClientRect();
  b.classList.add("refused");
  setTimeout(() => b.classList.remove("refused"), 300);
}

/** The elements of place `id`'s last `n` face-up cards. */
export function cardsOf(id, n = 1) {
  const ref = refs.get(id);
  return ref ? [...ref.slot.querySelectorAll("[data-card]")].slice(-n) : [];
}

export function dragCards(list) {
  dragged = list;
  for (const el of list) el.classList.add("dragging");
}

export function dragBy(dx, dy) {
  for (const el of dragged) el.style.transform = `translate(${dx}px, ${dy}px)`;
}

/** Cards let go where they cannot go slide back. */
export function returnCards() {
  for (const el of dragged) {
    el.classList.remove("dragging");
    if (!reduced()) transient(el, "returning");
    el.getBoundingClientRect();
    el.style.transform = "";
  }
  dragged = [];
}
