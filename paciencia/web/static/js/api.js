// The JSON API, and nothing else: every rule lives on the server.

export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.message) || `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

// Offline play (offline/engine.js), once it is ready: asked first (it answers for a game played
// offline whose moves the server lacks) and again when the network fails (it answers them all).
let offline = null;
export const goOffline = (answer) => (offline = answer);
// Offline play on its way on a page opened offline (board.js): a request that fails meanwhile
// waits for it rather than being told that the server did not answer.
let coming = null;
export const offlineComing = (start) => (coming = start.catch(() => undefined).finally(() => (coming = null)));
// Offline play getting ready: the page's part of it coming (above), then its engine starting
// (offline/engine.js). Meanwhile the player's moves wait for it, in order (actions.js), and the
// table says how far it is: `offlineStep.now` of `offlineStep.of`.
let starting = null;
export const offlineStep = { now: 1, of: 3 };
export function offlineStarting(work) {
  const mine = (starting = work.catch(() => undefined).finally(() => starting === mine && (starting = null)));
}
export function offlineStepped(now) {
  offlineStep.now = now;
  document.dispatchEvent(new CustomEvent("paciencia:offline-step", { detail: now }));
}
export const offlineGettingReady = () => Boolean(coming || starting);
/** Resolves once offline play is no longer getting ready (ready, or failed to). */
export async function offlineReady() {
  for (let w = coming || starting; w; w = coming || starting) await w;
}

async function call(method, url, body) {
  const here = offline && offline(method, url, body, false);
  if (here) return here;
  let res;
  try {
    res = await fetch(url, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch (e) {
    if (!offline && coming) await coming;
    const there = offline && offline(method, url, body, true);
    if (there) return there;
    throw new ApiError(0, null);
  }
  let data = null;
  try {
    data = await res.json();
  } catch (e) {
    data = null;
  }
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

const q = (lang) => `?lang=${encodeURIComponent(lang)}`;

export const getGame = (id, lang) => call("GET", `/api/games/${encodeURIComponent(id)}${q(lang)}`);
export const newGame = (body, lang) => call("POST", `/api/games${q(lang)}`, body);
export const play = (id, move, version, lang) =>
  call("POST", `/api/games/${encodeURIComponent(id)}/moves${q(lang)}`, { move, version });
// A hint to show and play; one step of Finish.
export const hint = (id, version, lang) =>
  call("POST", `/api/games/${encodeURIComponent(id)}/hint${q(lang)}`, { version });
export const finish = (id, version, lang) =>
  call("POST", `/api/games/${encodeURIComponent(id)}/finish${q(lang)}`, { version });
// The next automatic move up (the server's rule decides; 422 when none applies).
export const auto = (id, version, lang) =>
  call("POST", `/api/games/${encodeURIComponent(id)}/auto${q(lang)}`, { version });
