// One card face, drawn alike on both tables: the rank, a small suit, a big pip; red or black.

export function makeCard(card, face) {
  const el = document.createElement("span");
  const suit = Math.floor(card / 13);
  el.className = "card " + (suit === 1 || suit === 2 ? "red" : "black");
  const rank = document.createElement("span");
  rank.className = "rk";
  rank.textContent = face.slice(0, -1);
  const small = document.createElement("span");
  small.className = "st";
  small.textContent = face.slice(-1);
  const pip = document.createElement("span");
  pip.className = "pip";
  pip.textContent = face.slice(-1);
  el.append(rank, small, pip);
  return el;
}
