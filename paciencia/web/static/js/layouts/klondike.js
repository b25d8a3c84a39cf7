// Klondike: the columns cascade and the waste fans out; ←/→ walk the places in board order
// (the stock first) and ↑/↓ choose how much of a column to take; a second tap on a picked-up
// card puts it down (a column's taps choose cards, so there is no double tap).
import { boot } from "../board.js";

boot({ spread: { column: "cascade", waste: "fan" }, arrows: "order", doubleTap: false });
