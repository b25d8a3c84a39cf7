// The automatic moves up: a setting (off by default, kept in this browser) in the Look dialog,
// which board.js wires; this module comes the first time the setting is on (actions.autoUp).
// While it is on, after each of the player's moves (not an undo, nor a card taken down from a
// foundation on purpose) the page asks the server for its next automatic move until none
// applies. The rule is the server's (the view's can_auto says when one applies); each is a
// stored move, said in the live region and undone one at a time like any.

import * as api from "./api.js";
import { announce } from "./a11y.js";
import { failed, setView, tellTabs } from "./actions.js";
import { state } from "./state.js";

const KEY = "paciencia.auto";
const PAUSE_MS = 150; // the last move's cards land before the next ones go up
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let running = false;

const wanted = () => {
  const v = state.view;
  return state.auto && v.can_auto && v.status === "playing" && !state.finishing && !state.hinting;
};

export async function autoUp() {
  if (running || !wanted()) return;
  running = true;
  try {
    while (wanted()) {
      await sleep(PAUSE_MS);
      if (state.busy || !wanted()) continue; // a move on its way: its answer says what is next
      const v = state.view;
      state.busy = true;
      try {
        const view = await api.auto(v.id, v.version, state.lang);
        setView(view, true);
        announce(view.announce);
        tellTabs();
      } catch (e) {
        // None applies any more (another tab moved on): nothing to say; else the usual words.
        if (!(e.status === 422 && e.body.error === "no_auto_move")) failed(e);
        break;
      } finally {
        state.busy = false;
      }
    }
  } finally {
    running = false;
  }
}
