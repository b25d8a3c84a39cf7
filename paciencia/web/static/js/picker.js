// The run picker: where a run of cards starts, chosen with ▲/▼ (a finger sliding onto them, a
// click, ↑/↓) and taken by letting go, Enter or a click on the preview card. Loaded only once a
// view has a run of more than one card; how long a run may be is the view's (`runs`).

import { announce, focusPlace } from "./a11y.js";
import { select } from "./actions.js";
import { makeCard, onRender, placeButton, requestRender } from "./render.js";
import { cardName, counted, place, state } from "./state.js";

let box = null;
let els = {};
const style = document.createElement("link");
style.rel = "stylesheet";
style.href = new URL("../css/picker.css", import.meta.url);
document.head.append(style);

function build() {
  const ui = state.ui;
  const make = (tag, cls, text = "") => {
    const el = document.createElement(tag);
    el.className = cls;
    el.id = cls;
    el.textContent = text;
    if (tag === "button") el.type = "button";
    return el;
  };
  box = make("div", "picker");
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-label", ui.picker);
  box.hidden = true;
  els = {
    up: make("button", "pick-up", "▲"),
    card: make("button", "pick-card"),
    count: make("span", "pick-count"),
    down: make("button", "pick-down", "▼"),
  };
  els.up.setAttribute("aria-label", ui.picker_up);
  els.down.setAttribute("aria-label", ui.picker_down);
  const help = make("span", "sr-only", ui.picker_help);
  help.removeAttribute("id");
  box.append(els.up, els.card, els.count, els.down, help);
  document.body.append(box);
  els.up.addEventListener("click", () => step(1));
  els.down.addEventListener("click", () => step(-1));
  els.card.addEventListener("click", confirm);
}

const firstCard = (pk) => {
  const p = place(pk.id);
  return p.cards[p.cards.length - pk.n];
};
const countWords = (n) => counted("picker_count", n);
/** What a step says: the run's first card and its length, a sentence of its own. */
const stepWords = (pk) => {
  const name = cardName(firstCard(pk));
  return `${name[0].toUpperCase()}${name.slice(1)}: ${countWords(pk.n)}.`;
};

export function open(id, n, at) {
  const p = place(id);
  if (!p || !p.cards.length) return;
  const max = Math.max(state.view.runs[id] || 1, 1);
  state.picker = { id, n: Math.min(Math.max(n, 1), max), max, at };
  state.selected = null;
  draw();
  requestRender();
  // The opening words, then the first step on the steps' channel: a step within a moment
  // stands for it, and the opening words stay a sentence apart.
  announce(`${state.ui.picker}.`);
  announce(stepWords(state.picker), "picker-step");
}

export function step(delta) {
  const pk = state.picker;
  if (!pk) return;
  const n = Math.min(Math.max(pk.n + delta, 1), pk.max);
  if (n === pk.n) return;
  pk.n = n;
  draw();
  announce(stepWords(pk), "picker-step");
}

export function confirm() {
  const pk = state.picker;
  if (!pk) return;
  close();
  select({ id: pk.id, n: pk.n });
  const b = placeButton(pk.id);
  if (b) focusPlace(b);
}

export function close() {
  state.picker = null;
  draw();
}

/** A key while the picker is open (every key stops here). */
export function key(k) {
  if (k === "ArrowUp") step(1);
  else if (k === "ArrowDown") step(-1);
  else if (k === "Enter") confirm();
  else if (k === "Escape") {
    const id = state.picker.id;
    close();
    const b = placeButton(id);
    if (b) focusPlace(b);
  }
}

function draw() {
  const pk = state.picker;
  if (!pk) {
    if (box && !box.hidden) box.hidden = true;
    return;
  }
  if (!box) build();
  const card = firstCard(pk);
  const words = countWords(pk.n);
  els.card.replaceChildren(makeCard(card));
  els.card.setAttribute("aria-label", `${cardName(card)} — ${words}`);
  els.count.textContent = words;
  els.up.disabled = pk.n >= pk.max;
  els.down.disabled = pk.n <= 1;
  box.dataset.n = String(pk.n);
  box.hidden = false;
  // Inside the window, near the place: above the finger (so that it can slide up to ▲), or
  // beside the place, leaving its cards in sight, on the board's side of it where it fits there
  // (not over the side panel's buttons and header, which stay usable while it is open).
  const b = placeButton(pk.id).getBoundingClientRect();
  const w = box.offsetWidth;
  const h = box.offsetHeight;
  const edge = Math.min(innerWidth, document.getElementById("board").getBoundingClientRect().right);
  let x = b.left + b.width / 2 - w / 2;
  let y = b.top;
  if (pk.at) y = pk.at.y - h - 24;
  else x = b.right + 8 + w <= edge || b.left - w - 8 < 0 ? b.right + 8 : b.left - w - 8;
  // In the window's terms, then set on the page (the box scrolls with its place).
  box.style.left = `${Math.min(Math.max(x, 4), innerWidth - w - 4) + scrollX}px`;
  box.style.top = `${Math.min(Math.max(y, 4), innerHeight - h - 4) + scrollY}px`;
}

onRender(draw);
