// Pyramid's layout (js/table.js boots the board with it): each place shows its one card; the
// arrows walk the table as it lies. A tap picks a card and a tap on its partner takes the pair
// away (a King goes at one tap: the view's `takes`), so no double tap. Cards reach the
// foundation only by being taken away: a tap or a drop there puts the picked card down.
export default { doubleTap: false, foundations: "auto" };
