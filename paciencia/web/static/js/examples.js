// The Examples page: a won game's steps, precomputed by the server (#ex-data: per step its
// move, its words, its counters and the places that changed), shown on the table's board.
// Forward, back, play/pause, jump to a step; ←/→, Home/End and Space. No rule here: a step
// is only drawn.

const $ = (id) => document.getElementById(id);
const PLAY_MS = 700;

const root = $("example");
const data = JSON.parse($("ex-data").textContent);
// How the game's layout spreads a place's cards, by kind: its layout module's, as the table has it.
const spreads = (root.dataset.layout ? (await import(root.dataset.layout)).default.spread : null) || {};
const last = data.steps.length - 1;
const refs = new Map(); // place id -> {el, slot, count, name, kind}
let at = -1; // the step drawn
let places = new Map(); // place id -> its part of the step drawn
let timer = null;

for (const el of document.querySelectorAll("#board .place")) {
  const kind = [...el.classList].find((c) => c in spreads) || "";
  refs.set(el.dataset.place, { el, slot: el.querySelector(".slot"), count: el.querySelector(".tag i"), name: el.querySelector(".name"), spread: spreads[kind] || "top" });
}

function makeCard(card) {
  const suit = Math.floor(card / 13);
  const el = document.createElement("span");
  el.className = "card " + (data.deck.red[suit] ? "red" : "black");
  el.dataset.card = card;
  el.dataset.s = data.deck.suits[suit];
  el.dataset.r = card % 13;
  const rk = el.appendChild(document.createElement("span"));
  rk.className = "rk";
  rk.textContent = data.deck.ranks[card % 13];
  if (card % 13 >= 10) el.appendChild(document.createElement("span")).className = "fig";
  return el;
}

function back() {
  const el = document.createElement("span");
  el.className = "card back";
  return el;
}

/** The places as they stand at step `k`: the start's, then each step's changes. */
function placesAt(k) {
  const out = new Map();
  for (let i = 0; i <= k; i++) for (const p of data.steps[i].places) out.set(p.id, p);
  return out;
}

function drawPlace(ref, p) {
  const { el, slot, spread } = ref;
  let want;
  if (spread === "cascade") want = [...Array(p.down).fill(null), ...p.cards];
  else if (spread === "fan") want = p.cards;
  else want = p.cards.length ? p.cards.slice(-1) : p.count ? [null] : [];
  const cards = want.map((c) => (c === null ? back() : makeCard(c)));
  slot.replaceChildren(...cards);
  el.classList.toggle("empty", !p.count);
  el.classList.toggle("deep", p.count > 1);
  if (ref.count) ref.count.textContent = p.count;
  if (ref.name) ref.name.textContent = p.label;
  if (spread === "fan") cards.forEach((c, k) => { c.style.left = `calc(var(--fan) * ${k})`; c.classList.toggle("under", k < cards.length - 1); });
  if (spread === "cascade") {
    const cw = slot.clientWidth || 40;
    const ch = cw * (parseFloat(getComputedStyle(document.body).getPropertyValue("--ratio")) || 1.4); // the table's (site.css)
    const h = el.clientHeight || ch * 4;
    const need = p.down * cw * 0.16 + Math.max(0, p.cards.length - 1) * cw * 0.46 + ch;
    const scale = need > h && p.count > 1 ? Math.max(0, h - ch) / (need - ch) : 1;
    let y = 0;
    cards.forEach((c, k) => {
      c.style.top = `${y}px`;
      y += (want[k] === null ? cw * 0.16 : cw * 0.46) * scale;
    });
    const strip = cw * 0.46 * scale;
    slot.style.height = cards.length ? `${y - strip + ch}px` : "";
    slot.style.setProperty("--strip", `${strip}px`);
  }
}

function setLink(id, k) {
  const a = $(id);
  a.href = `?step=${k}`;
  a.setAttribute("aria-disabled", String(k === at));
}

/** Draws step `k` (clamped); `say`: the move's words go to the live region. */
export function go(k, say = true) {
  k = Math.max(0, Math.min(last, Number.isFinite(k) ? k : 0));
  const next = placesAt(k);
  for (const [id, p] of next) {
    const ref = refs.get(id);
    if (ref && places.get(id) !== p) drawPlace(ref, p);
  }
  places = next;
  at = k;
  const s = data.steps[k];
  $("ex-step").textContent = data.ui.ex_step.replace("%(step)s", k).replace("%(steps)s", last);
  const token = $("ex-token");
  token.textContent = s.move || "";
  token.hidden = !s.move;
  const words = $("ex-words");
  words.setAttribute("aria-live", say ? "polite" : "off");
  words.textContent = s.words;
  for (const out of document.querySelectorAll("#example .counters [data-field]")) out.textContent = s.fields[out.dataset.field] ?? "";
  $("ex-description").textContent = data.reading.map((group) => group.map((id) => places.get(id).label).join("; ")).join(". ") + ".";
  setLink("ex-first", 0);
  setLink("ex-back", Math.max(0, k - 1));
  setLink("ex-forward", Math.min(last, k + 1));
  setLink("ex-last", last);
  $("ex-jump-input").value = k;
  root.dataset.step = k;
  if (say) history.replaceState(null, "", `?step=${k}`); // a step the player chose: a link to it
  if (k === last) pause();
}

function play() {
  if (at === last) go(0, false);
  $("ex-play").textContent = data.ui.ex_pause;
  timer = setInterval(() => go(at + 1, false), PLAY_MS);
}

function pause() {
  if (timer === null) return;
  clearInterval(timer);
  timer = null;
  $("ex-play").textContent = data.ui.ex_play;
}

const toggle = () => (timer === null ? play() : pause());

function step(k) {
  pause();
  go(k);
}

for (const [id, to] of [["ex-first", () => 0], ["ex-back", () => at - 1], ["ex-forward", () => at + 1], ["ex-last", () => last]]) {
  $(id).addEventListener("click", (ev) => {
    ev.preventDefault();
    step(to());
  });
}
$("ex-play").hidden = false;
$("ex-play").addEventListener("click", toggle);
$("ex-jump").addEventListener("submit", (ev) => {
  ev.preventDefault();
  step(parseInt($("ex-jump-input").value, 10));
});
document.addEventListener("keydown", (ev) => {
  if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
  const t = ev.target;
  if (t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement) return;
  const keys = { ArrowLeft: () => at - 1, ArrowRight: () => at + 1, Home: () => 0, End: () => last };
  if (ev.key in keys) {
    ev.preventDefault();
    step(keys[ev.key]());
  } else if (ev.key === " " && !(t instanceof HTMLButtonElement || t instanceof HTMLAnchorElement || t.tagName === "SUMMARY")) {
    ev.preventDefault();
    toggle();
  }
});
addEventListener("resize", () => {
  for (const [id, p] of places) drawPlace(refs.get(id), p);
});
for (const ref of refs.values()) ref.el.classList.replace("spread-top", "spread-" + ref.spread);
go(parseInt(root.dataset.step, 10) || 0, false);
document.documentElement.dataset.ready = "1";
