// The accessibility layer: the polite live region, and the one focusable place (roving tabindex)
// that the arrows move. Each place's name comes from the view (render.js draws it, with the
// place's state: selected, or where the selected cards can go).

let pending = [];
let timer = 0;

/** Says `text` in the polite live region: the open modal dialog's, if one is open (a modal makes
 * the rest of the page inert, and words written there are dropped). Words said within the same
 * moment are joined, not overwritten (but for those on the same `channel`); the region is
 * cleared first, so the same words twice are still heard. */
export function announce(text, channel = "") {
  if (!text || pending.some((p) => p.text === text)) return;
  // Words on a channel (the run picker's steps) stand for the channel's earlier ones.
  if (channel) pending = pending.filter((p) => p.channel !== channel);
  pending.push({ text, channel });
  clearTimeout(timer);
  timer = setTimeout(flush, 30);
}

function flush() {
  const dialog = document.querySelector("dialog[open]");
  const region = (dialog && dialog.querySelector(".live")) || document.getElementById("announce");
  for (const r of document.querySelectorAll("#announce, dialog .live")) if (r !== region) r.textContent = "";
  region.textContent = "";
  const text = pending.map((p) => p.text).join(" ");
  pending = [];
  requestAnimationFrame(() => (region.textContent = text));
}

const places = () => [...document.querySelectorAll("#board .place")];

/** Makes `button` the board's one tab stop, and focuses it unless a pointer chose it (a tap
 * leaves no focus ring behind, which would look like a selection). */
export function focusPlace(button, byPointer = false) {
  for (const b of places()) b.tabIndex = b === button ? 0 : -1;
  if (byPointer) {
    if (document.activeElement && document.activeElement.matches(".place")) document.activeElement.blur();
  } else button.focus();
}

export function focusedPlace() {
  const a = document.activeElement;
  return a && a.matches(".place") ? a : null;
}

/** The place `step` away from `from` in board order (`order`: place ids), wrapping. */
export function inOrder(order, from, step) {
  const at = from ? order.indexOf(from.dataset.place) : -1;
  const id = order[at < 0 ? 0 : (at + step + order.length) % order.length];
  return document.querySelector(`#board [data-place="${id}"]`);
}

/** The nearest place in the arrow's direction, favouring those in line with `from`. */
export function neighbour(from, key) {
  const a = from.getBoundingClientRect();
  let best = null;
  let bestScore = Infinity;
  for (const b of places()) {
    const r = b.getBoundingClientRect();
    const dx = r.left + r.width / 2 - a.left - a.width / 2;
    const dy = r.top + r.height / 2 - a.top - a.height / 2;
    const [along, across] = { ArrowRight: [dx, dy], ArrowLeft: [-dx, dy], ArrowDown: [dy, dx], ArrowUp: [-dy, dx] }[key];
    const score = along + Math.abs(across) * 2.5;
    if (along > 1 && score < bestScore) [best, bestScore] = [b, score];
  }
  return best;
}
