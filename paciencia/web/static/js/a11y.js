// The accessibility layer: the polite live region, and the one focusable place (roving tabindex)
// that the arrows move. Each place's name and aria-pressed come from the view (render.js).

let region = null;
let timer = 0;

export function announce(text) {
  if (!text) return;
  region = region || document.getElementById("announce");
  // Cleared, then set a moment later: the same words twice are still announced.
  region.textContent = "";
  clearTimeout(timer);
  timer = setTimeout(() => (region.textContent = text), 30);
}

const places = () => [...document.querySelectorAll("#board .place")];

export function focusPlace(button) {
  for (const b of places()) b.tabIndex = b === button ? 0 : -1;
  button.focus();
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
