// Draws the state: once per animation frame at most; cards move with CSS transforms.

import { makeCard } from "./cards.js";
import { elapsedNow, formatTime, frameRenderer, measureMove } from "./draw.js";
import { state, dests } from "./state.js";
import { renderBadge } from "./winnable.js";

const refs = new Map(); // place id -> {button, slot, card, count}
let els = {};
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

export function bind() {
  for (const button of document.querySelectorAll(".place")) {
    refs.set(button.dataset.place, {
      button,
      slot: button.querySelector(".slot"),
      count: button.querySelector(".tag i"),
      key: button.dataset.key || null, // the card the server drew in the page

    });
  }
  els = {
    moves: document.getElementById("moves"),
    redeal: document.getElementById("redeal"),
    undo: document.getElementById("undo"),
    hint: document.getElementById("hint"),
    code: document.getElementById("code"),
    message: document.getElementById("message"),
    clock: document.getElementById("clock"),
    panel: document.getElementById("end-panel"),
    endTitle: document.getElementById("end-title"),
    endTime: document.getElementById("end-time"),
    endMoves: document.getElementById("end-moves"),
    endCode: document.getElementById("end-code"),
    endUndo: document.getElementById("end-undo"),
    endAgain: document.getElementById("end-again"),
  };
}

export function placeButton(id) {
  const ref = refs.get(id);
  return ref ? ref.button : null;
}

export function cardElement(id) {
  const ref = refs.get(id);
  return ref ? ref.slot.querySelector(".card") : null;
}

export const requestRender = frameRenderer(render);

export function renderClock() {
  if (els.clock) els.clock.textContent = formatTime(elapsedNow(state.view, state.receivedAt));
}

function render() {
  const v = state.view;
  if (!v) return;
  const selected = state.selected;
  const targets = new Set(selected ? dests(selected) : []);
  for (const p of v.places) {
    const ref = refs.get(p.id);
    if (!ref) continue;
    const b = ref.button;
    const key = `${p.card}|${p.face}`;
    if (ref.key !== key) {
      ref.key = key;
      ref.slot.replaceChildren(...(p.card === null ? [] : [makeCard(p.card, p.face)]));
    }
    if (b.getAttribute("aria-label") !== p.label) b.setAttribute("aria-label", p.label);
    const count = String(p.count);
    if (ref.count.textContent !== count) ref.count.textContent = count;
    b.classList.toggle("empty", p.count === 0);
    b.classList.toggle("deep", p.count > 1);
    b.classList.toggle("selected", p.id === selected);
    b.classList.toggle("dest", targets.has(p.id));
    b.setAttribute("aria-pressed", p.id === selected ? "true" : "false");
  }
  els.moves.textContent = String(v.moves);
  els.redeal.textContent = v.redeal_text;
  els.redeal.disabled = !v.can_redeal;
  els.undo.disabled = !v.can_undo;
  els.hint.disabled = v.status !== "playing";
  renderBadge(v);
  els.code.textContent = v.code;
  els.message.textContent = state.message;
  els.message.hidden = !state.message;
  els.message.className = "message" + (state.messageKind ? " " + state.messageKind : "");
  renderClock();
  renderEnd(v);
  const anim = state.anim;
  state.anim = null;
  if (anim) animate(anim);
  if (state.timing) {
    state.timing = false;
    measureMove();
  }
}

function renderEnd(v) {
  const panel = els.panel;
  if (v.status === "playing") {
    if (panel.open) panel.close();
    state.endShownFor = -1;
    return;
  }
  if (state.endShownFor === v.version) return;
  state.endShownFor = v.version;
  els.endTitle.textContent = v.status_text;
  els.endTime.textContent = formatTime(v.elapsed);
  els.endMoves.textContent = String(v.moves);
  els.endCode.textContent = v.code;
  const blocked = v.status === "blocked";
  els.endUndo.hidden = !(blocked && v.can_undo);
  els.endAgain.hidden = blocked;
  if (!panel.open) panel.showModal();
}

// FLIP: the card that arrived at `dst` starts where it came from and slides home.
function animate({ dst, from }) {
  if (!from || reducedMotion.matches) return;
  const el = cardElement(dst);
  if (!el) return;
  const to = el.getBoundingClientRect();
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  if (!dx && !dy) return;
  el.classList.remove("moving");
  el.style.transform = `translate(${dx}px, ${dy}px)`;
  el.getBoundingClientRect();
  el.classList.add("moving");
  el.style.transform = "";
  const done = () => el.classList.remove("moving");
  el.addEventListener("transitionend", done, { once: true });
  setTimeout(done, 400);
}

// A card let go where it cannot go slides back to its place.
export function returnCard(el) {
  if (!el) return;
  if (reducedMotion.matches) {
    el.classList.remove("dragging");
    el.style.transform = "";
    return;
  }
  el.classList.remove("dragging");
  el.classList.add("returning");
  el.getBoundingClientRect();
  el.style.transform = "";
  const done = () => el.classList.remove("returning");
  el.addEventListener("transitionend", done, { once: true });
  setTimeout(done, 400);
}

export function shake(place) {
  const b = placeButton(place);
  if (!b || reducedMotion.matches) return;
  b.classList.remove("refused");
  b.getBoundingClientRect();
  b.classList.add("refused");
  setTimeout(() => b.classList.remove("refused"), 300);
}
