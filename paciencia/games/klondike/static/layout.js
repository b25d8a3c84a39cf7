// Klondike's layout (js/table.js boots the board with it): the columns cascade and the waste
// fans out; ←/→ walk the places in board order (the stock first) and ↑/↓ choose how much of a
// column to take; a second tap on a picked-up card puts it down, or, as a double tap on the
// same card, sends it to its foundation.
export default { spread: { column: "cascade", waste: "fan" }, arrows: "order" };
