// What changes the game or the hand: select, move, undo, the game's actions, a new game, hints,
// Finish. Taps, drags and keys all end in these; a move's answer is the new view.

import * as api from "./api.js";
import { announce } from "./a11y.js";
import { requestRender, returnCards, shake } from "./render.js";
import { cardName, counted, fmt, place, srcKey, state, takeWith } from "./state.js";
import { chosenLevel, whileSeeking, winnableOnly } from "./winnable.js";

const $ = (id) => document.getElementById(id);
let pickerModule = null;
let pickerLoaded = null;

/** The automatic moves up (autoup.js), fetched the first time they are wanted (the setting on). */
export const autoUp = () => state.auto && import("./autoup.js").then((m) => m.autoUp());

/** The run picker, loaded the first time a run is pressed or picked with the keys. */
export function picker() {
  return (pickerModule = pickerModule || import("./picker.js").then((m) => (pickerLoaded = m)));
}
export const loadedPicker = () => pickerLoaded;

export function setView(view, animate = false) {
  const was = state.view;
  state.view = view;
  if (!was || was.title !== view.title) document.title = `${view.title} — ${state.ui.site}`;
  state.places = new Map(view.places.map((p) => [p.id, p]));
  state.receivedAt = performance.now();
  for (const k of ["selected", "picker"]) {
    const p = state[k] && place(state[k].id);
    if (p && p.cards.length < state[k].n) state[k] = null;
  }
  if (view.can_finish) assisted();
  state.animate = animate;
  requestRender();
  document.dispatchEvent(new CustomEvent("paciencia:view", { detail: view })); // for honest.js
}

let messageTimer = 0;

export function say(text, kind = "") {
  state.message = text || "";
  state.messageKind = kind;
  requestRender();
  clearTimeout(messageTimer);
  if (text) {
    announce(text);
    messageTimer = setTimeout(say, 6000); // read, then out of the way
  }
}

let channel = null;

/** Tells this game's other tabs that it moved on (they fetch it), or listens. */
function tabs(tell) {
  try {
    channel = channel || new BroadcastChannel("paciencia");
    const v = state.view;
    if (tell) channel.postMessage({ id: v.id, version: v.version });
    else channel.onmessage = (ev) => ev.data.id === state.view.id && ev.data.version !== state.view.version && refresh();
  } catch (e) {
    /* no BroadcastChannel: the other tab catches up on its next move or focus */
  }
}
export const listenToOtherTabs = () => tabs(false);
export const tellTabs = () => tabs(true);

/** The game as the server has it now, shown if it changed (``closed``: it was just closed here). */
export async function refresh(closed = false) {
  const v = state.view;
  if (!v || state.busy || state.finishing) return;
  try {
    const got = await api.getGame(v.id, state.lang);
    if (got.version !== state.view.version || got.closed !== state.view.closed || closed) setView(got);
  } catch (e) {
    /* keep what we have */
  }
}

/** A refused request, said. A refused move is shaken, and explained with the interactive rules
 * on; with them off it is still said to be refused (`always`: explained all the same, as a key
 * the player pressed for an action that cannot be played). */
export function failed(e, src = null, always = false) {
  const body = e.body || {};
  if (e.status === 409 && body.game) {
    state.selected = null;
    setView(body.game);
    say(body.message || state.ui.stale);
  } else if (e.status === 422 && body.error === "illegal_move") {
    if (src) shake(src);
    if (state.interactive || always) say(body.message, "refusal");
    else announce(state.ui.refused_short);
  } else say(body.message || state.ui.network, "refusal");
}

/** Keeps the language menu on the game now shown (the page's URL changed under it). */
export function syncLanguageLinks() {
  const rest = location.pathname.replace(/^\/[^/]+/, "");
  for (const a of document.querySelectorAll(".langs a[hreflang]")) a.href = `/${a.hreflang}${rest}`;
}

let queued = null; // the moves made while offline play gets ready: played once it is, in order

/** Says how far offline play is while moves wait for it; nothing once they are played. */
function sayGettingReady() {
  if (queued && state.ui.offline_getting_ready) say(fmt(state.ui.offline_getting_ready, { step: api.offlineStep.now, steps: api.offlineStep.of }));
}
document.addEventListener("paciencia:offline-step", sayGettingReady);

/** Sends one token (a move, an action's, U); `src` is the place to shake if it is refused;
 * `always`: a refusal is explained even with the interactive rules off. While offline play gets
 * ready (a page opened offline, its engine starting), the token waits for it behind the others
 * (the board stays free meanwhile, so that the next tap is taken too). */
export function send(token, src = null, always = false) {
  if (!state.view || (!queued && (state.busy || !api.offlineGettingReady()))) return sendNow(token, src, always);
  const turn = (queued = (queued || api.offlineReady()).then(() => sendNow(token, src, always)));
  turn.finally(() => {
    if (queued !== turn) return;
    queued = null;
    if (state.ui.offline_getting_ready && state.message.startsWith(gettingReadyWords())) say("");
  });
  sayGettingReady();
  return turn;
}
const gettingReadyWords = () => state.ui.offline_getting_ready.split("%(")[0];

async function sendNow(token, src, always) {
  const v = state.view;
  if (!v || state.busy) return returnCards();
  state.busy = true;
  state.sent += 1;
  // After a move the automatic moves follow (with the setting on): not after an undo, nor after
  // a card the player took down from a foundation on purpose.
  const then = token !== "U" && !(src && (place(src) || {}).role === "foundation");
  let played = false;
  performance.clearMarks("move-start");
  performance.mark("move-start");
  try {
    const view = await api.play(v.id, token, v.version, state.lang);
    performance.mark("move-answer");
    state.timing = true; // the render that draws this answer closes the measure
    say("");
    setView(view, true);
    announce(view.announce);
    tabs(true);
    played = true;
  } catch (e) {
    performance.clearMarks("move-start");
    returnCards();
    failed(e, src, always);
  } finally {
    state.busy = false;
  }
  if (played && then) autoUp();
}

/** Puts `id`'s last `n` cards on `dst`: a card on its partner is the removal the view names
 * (`takes`); else the board's `<source>-<place>`, which the game reads (or says why not). */
export function move(id, n, dst) {
  state.selected = state.picker = null;
  requestRender();
  return send((n === 1 && takeWith(id, dst)) || `${srcKey(id, n)}-${dst}`, id);
}

export function select(sel) {
  state.selected = sel;
  requestRender();
  if (!sel) return;
  // One short phrase: the card picked up, how many go with it, and its place's name (not the whole pile).
  const p = place(sel.id);
  const words = { card: cardName(p.cards[p.cards.length - sel.n]), place: p.name };
  const said = sel.n > 1 ? counted("picked_run", sel.n - 1, words) : fmt(state.ui.picked, words);
  announce(said[0].toUpperCase() + said.slice(1)); // a sentence that starts with a card's name
}

/** Undo; from a key with nothing to undo, the server's refusal is said. */
export function undo(fromKey = false) {
  state.finishing = false;
  if (state.view.can_undo || fromKey) send("U", null, true);
}

/** A new game: `body` names a code, a table or a replay; without one, a random deal of `variant`
 * (this one's by default). Throws what the server refused (the tools' forms show it). */
export async function newGame(body = null, variant = null) {
  if (state.busy) return;
  const v = state.view;
  state.busy = true;
  state.finishing = false;
  const stopSeeking = body ? () => undefined : whileSeeking(say, state.ui.winnable_seeking);
  try {
    const level = !variant || variant === v.variant ? chosenLevel() : ""; // the levels are this variant's
    const random = { game: v.game, variant: variant || v.variant, winnable_only: winnableOnly() || Boolean(level) };
    if (level) random.level = level;
    const view = await api.newGame(body || random, state.lang);
    const url = `/${state.lang}/${view.game}/${view.id}`;
    if (view.game !== v.game) return location.assign(url); // another game's table
    history.pushState({ id: view.id }, "", url);
    syncLanguageLinks();
    const game = $("game");
    game.dataset.game = view.id;
    if (view.draw !== undefined) game.dataset.draw = view.draw;
    for (const b of document.querySelectorAll("#game [data-variant]")) {
      if (b.dataset.variant === view.variant) b.setAttribute("aria-current", "true");
      else b.removeAttribute("aria-current");
    }
    state.selected = state.picker = null;
    state.endShownFor = -1;
    for (const d of document.querySelectorAll("dialog[open]")) d.close();
    say("");
    state.dealing = true;
    setView(view);
    announce(view.code ? fmt(state.ui.new_deal, { code: view.code }) : state.ui.new_game + ".");
  } finally {
    stopSeeking();
    state.busy = false;
  }
  autoUp(); // a deal may start with cards that go up at once
}

/** A new game where no form waits for the error: the error is said. `remember`: the variant is
 * the player's choice, kept for the next visit (the server deals it when there is no game). */
export function fresh(body, variant, remember = false) {
  if (remember && variant) rememberVariant(state.view.game, variant);
  return newGame(body, variant).catch((e) => failed(e));
}

function rememberVariant(game, variant) {
  const kept = (document.cookie.match(/(?:^|; )paciencia_variant=([^;]*)/) || [])[1] || "";
  const chosen = new Map(kept.split(".").filter(Boolean).map((p) => p.split(":")));
  chosen.set(game, variant);
  const value = [...chosen].map(([g, v]) => `${g}:${v}`).join(".");
  document.cookie = `paciencia_variant=${value}; path=/; max-age=315360000; samesite=lax`;
}

let asked = null; // the new game the confirm dialog asks about: () => its deal

/** A new random deal (of `variant`), from New game, a variant's button or the N key: asked
 * first while a game is in progress (a move made, not over), since a tap or a key by mistake
 * would throw it away. The dialog opens on "Keep playing"; closed, it gives the focus back. */
export function freshAsked(variant = null, remember = false) {
  const v = state.view;
  const deal = () => fresh(null, variant, remember);
  if (v.status !== "playing" || !v.moves || v.closed) return deal();
  asked = deal;
  const box = $("confirm");
  const back = document.activeElement;
  box.addEventListener("close", () => back && back.isConnected && back.focus(), { once: true });
  box.showModal();
  $("confirm-no").focus();
}

/** The confirm dialog's "Deal a new game": the new game it asked about. */
export function confirmed() {
  const deal = asked || (() => fresh());
  asked = null;
  return deal();
}
export const replay = () => fresh({ replay: state.view.id });

/** Stops Finish; its loop (assist.js) says so once its step in flight is in. */
export function stopFinish() {
  if (!state.finishing) return;
  state.finishing = false;
  state.finishStopped = true;
}

let assist = null;

/** Hints and Finish, loaded on first use (and once a view offers Finish, so that it starts at once). */
const assisted = () => (assist = assist || import("./assist.js"));

/** The hint button, which is Finish once the view offers it, and Stop while it runs (key F:
 * only the last two). `byKeys`: started from the keyboard (its words say Esc stops it, not a tap). */
export function hintOrFinish(orHint = true, byKeys = false) {
  if (state.finishing) stopFinish();
  else if (state.view.can_finish) assisted().then((m) => m.runFinish(byKeys));
  else if (orHint) hint();
}

export const hint = () => assisted().then((m) => m.hint());

/** Copies the code (without the clipboard, selects `el`'s text for the player to copy). */
export async function copyCode(el) {
  try {
    await navigator.clipboard.writeText(state.view.code);
  } catch (e) {
    getSelection().selectAllChildren(el);
    try {
      document.execCommand("copy");
    } catch (err) {
      /* the code stays selected */
    }
  }
}
