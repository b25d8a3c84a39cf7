// The polite live region: moves, refusals, redeals and the end are said here.

let region = null;
let timer = 0;

export function announce(text) {
  if (!text) return;
  region = region || document.getElementById("announce");
  // Clear, then set on the next frame, so the same words twice are still announced.
  region.textContent = "";
  clearTimeout(timer);
  timer = setTimeout(() => {
    region.textContent = text;
  }, 30);
}
