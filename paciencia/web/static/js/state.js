// The one state object of the page. The view comes from the server; the rest is the hand.

export const state = {
  view: null, // the position as the server last sent it
  lang: "en",
  ui: {}, // the page's words
  selected: null, // the place picked up by a first tap, or null
  busy: false, // a move is on its way to the server
  hinting: false, // a hint is being asked for or shown
  interactive: true, // say why a move is refused
  message: "", // the message under the foundations
  messageKind: "",
  receivedAt: 0, // performance.now() when the view came (for the clock)
  endShownFor: -1, // the version whose end panel was shown
  anim: null, // {src, dst, from: DOMRect} for the next render
  timing: false, // the next render draws a move's answer: mark it (User Timing, for the benches)
};

export function dests(place) {
  const v = state.view;
  return (v && v.dests[place]) || [];
}

export function placeView(place) {
  return state.view.places.find((p) => p.id === place);
}

export function hasCard(place) {
  const p = placeView(place);
  return Boolean(p && p.card !== null && p.count > 0);
}
