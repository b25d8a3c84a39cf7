// TriPeaks' layout (js/table.js boots the board with it): each place shows its one card; the
// arrows walk the table as it lies. A card with its one way to go (onto the waste) goes at one
// tap, so no double tap.
export default { doubleTap: false };
