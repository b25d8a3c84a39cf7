// The page's one state: the view as the server last sent it (every rule: runs, destinations,
// roles, the deck's faces and colours) and the hand.

export const state = {
  view: null,
  places: new Map(), // place id -> its part of the view
  layout: {}, // the table's layout module's (board.js)
  lang: "en",
  ui: {}, // the page's words
  selected: null, // {id, n}: the place picked up, and how many cards from its end
  picker: null, // the open run picker: {id, n, max, at}
  busy: false, // a move is on its way
  hinting: false,
  finishing: false,
  finishedCards: 0, // how many cards the running Finish has sent up
  finishStopped: false, // Stop was pressed while Finish ran
  interactive: true, // say why a move is refused
  auto: false, // the automatic moves up (a setting, off by default)
  sent: 0, // the player's tokens sent so far (the automatic moves are not theirs): a double tap's clock
  message: "",
  messageKind: "",
  receivedAt: 0, // when the view came, for the clock
  endShownFor: -1, // the version whose results panel was shown
  animate: false, // the next render slides the cards that moved
  dealing: false, // the next render deals the cards in (a new game)
  timing: false, // the next render draws a move's answer (User Timing, for the benches)
};

export const place = (id) => state.places.get(id);
export const srcKey = (id, n) => (n > 1 ? `${id}x${n}` : id);
export const dests = (id, n = 1) => state.view.dests[srcKey(id, n)] || [];
/** The moves that take `id`'s card away (the view's `takes`), each [partner, token]: the other
 * card it takes (a pair), else where the card goes, else null (it goes alone). */
export const takes = (id) => (state.view.takes || {})[id] || [];
/** The token that takes `id`'s card away with `other` (its partner, or where it goes), or null. */
export const takeWith = (id, other) => (takes(id).find((t) => t[0] === other) || [])[1] || null;
/** The token a tap on `id` plays at once: its card's one way to go, alone (a King); else null. */
export function alone(id) {
  const t = takes(id);
  return t.length === 1 && t[0][0] === null ? t[0][1] : null;
}
export const spreadOf = (p) => (state.layout.spread || {})[p.kind] || "top";
export const fmt = (text, kw) => text.replace(/%\((\w+)\)s/g, (_, k) => kw[k]);
export const cardName = (c) => state.ui.card_names[c];
/** Words around a number, in the page's plural form for `n` (`ui.plurals`: [one, other], as
 * every catalog's rule, n != 1, chooses). */
export const counted = (key, n, kw = {}) => fmt(state.ui.plurals[key][n === 1 ? 0 : 1], { ...kw, count: n });
const isFoundation = (id) => (place(id) || {}).role === "foundation";

/** The foundation that takes `id`'s last `n` cards now, or null. */
export const foundationFor = (id, n = 1) => dests(id, n).find(isFoundation) || null;

// The layout's `foundations: "auto"`: cards reach the foundations by themselves (a complete run
// leaves), never by hand; a tap or a drop there only puts the picked-up cards down.
const byHand = () => state.layout.foundations !== "auto";

/** Where the picked-up `sel` goes when put down on place `id`: on a foundation, the one that
 * takes it; null where no card is put by hand. */
export function dropOn(sel, id) {
  if (!isFoundation(id) || dests(sel.id, sel.n).includes(id)) return id;
  if (!byHand()) return null;
  return foundationFor(sel.id, sel.n) || id;
}

/** Where `sel` goes when put down on the foundations' area: the one that takes it, else one of
 * its own suit's (for the server to say why not: not another suit's "same suit" refusal), by
 * the suit of its top card, else of its notation (Fh, Ah: the suit's letter last). */
export function toFoundations(sel) {
  const found = foundationFor(sel.id, sel.n);
  if (found || !byHand()) return found;
  const all = state.view.places.filter((p) => p.role === "foundation");
  const p = place(sel.id);
  const card = p && p.cards[p.cards.length - sel.n];
  if (card === undefined || !all.length) return all.length ? all[0].id : null;
  const suit = Math.floor(card / 13);
  const own =
    all.find((f) => f.card !== null && Math.floor(f.card / 13) === suit) ||
    all.find((f) => f.id.toLowerCase().endsWith("shdc"[suit])) ||
    all[0];
  return own.id;
}

/** What a tap on place `id` (on its card number `i` from the bottom, if known) picks up: from
 * there to the end, as many cards as the view lets move together; null when none shows. */
export function pickAt(id, i = Infinity) {
  const p = place(id);
  if (!p || !p.cards.length) return null;
  const from = Math.max(Math.min(i, p.count - 1), p.count - p.cards.length);
  return { id, n: Math.min(p.count - from, Math.max(state.view.runs[id] || 1, 1)) };
}
