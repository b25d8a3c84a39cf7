// Spider's layout (js/table.js boots the board with it): every column spread out, its face-down
// cards stacked tight and its face-up ones spread; ←/→ walk the places in board order and ↑/↓
// choose how much of a column to take; the keys 1–9 and 0 (column 10) jump to a column and tap
// it there; a column's taps choose cards, so no double tap. A run reaches a foundation by itself
// (once complete), never by hand: a tap or a drop there puts the cards down, and F is Finish.
const jumps = Object.fromEntries([..."1234567890"].map((k, i) => [k, String(i + 1)]));
export default { spread: { spider_column: "cascade" }, arrows: "order", doubleTap: false, jumps, foundations: "auto" };
