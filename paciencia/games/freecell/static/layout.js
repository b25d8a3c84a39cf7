// FreeCell's layout (js/table.js boots the board with it): every cascade spread out (all its
// cards face up); ←/→ walk the places in board order and ↑/↓ choose how much of a cascade to
// take; the keys 1–8 and a–d jump to a cascade or a free cell and tap it there, F sends what is
// picked up to its foundation; a cascade's taps choose cards, so no double tap.
export default { spread: { cascade: "cascade" }, arrows: "order", doubleTap: false, jumps: true };
