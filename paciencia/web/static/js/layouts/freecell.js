// FreeCell: every cascade spread out (all its cards face up); ←/→ walk the places in board order
// and ↑/↓ choose how much of a cascade to take; a cascade's taps choose cards, so no double tap.
import { boot } from "../board.js";

boot({ spread: { cascade: "cascade" }, arrows: "order", doubleTap: false });
