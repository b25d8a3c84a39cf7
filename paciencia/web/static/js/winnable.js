// "Winnable deals only": the checkbox on every table, kept in a cookie that the server reads too
// (a new game without the field, the home page's forms), and the badge of a proved deal.

const COOKIE = "paciencia_winnable";
const TEN_YEARS = 10 * 365 * 24 * 3600;
const SEARCH_NOTICE_MS = 400;

export function winnableOnly() {
  const box = document.getElementById("winnable-only");
  return Boolean(box && box.checked);
}

export function wireWinnable() {
  const box = document.getElementById("winnable-only");
  if (!box) return;
  box.addEventListener("change", () => {
    document.cookie = `${COOKIE}=${box.checked ? 1 : 0}; Path=/; Max-Age=${TEN_YEARS}; SameSite=Lax`;
  });
}

export function renderBadge(view) {
  const badge = document.getElementById("winnable-badge");
  if (badge) badge.hidden = !view.winnable;
}

/** While a winnable deal is sought: `say(text)` after a moment; the returned function stops it. */
export function whileSeeking(say, text) {
  if (!winnableOnly()) return () => undefined;
  const timer = setTimeout(() => say(text), SEARCH_NOTICE_MS);
  return () => clearTimeout(timer);
}

/** The level chosen for a new game ("Winnable, hard"), or "" for any deal. */
export function chosenLevel() {
  const select = document.getElementById("new-level");
  return select ? select.value : "";
}

let levelAsked = null; // the game whose level is being waited for

/** The deal's level where the view carries it: the badge (a chosen level, or a closed game's)
 * and the results panel. A closed game whose deal is being measured is asked again now and then
 * until its level comes (measuring takes seconds on the server). */
export function renderLevel(view, getGame) {
  const badge = document.getElementById("level-badge");
  const end = document.getElementById("end-level");
  for (const el of [badge, end]) {
    if (!el) continue;
    el.textContent = view.level_text || "";
    el.hidden = !view.level || (el === end && view.status === "playing");
  }
  if (!view.level_pending || levelAsked === view.id || !getGame) return;
  levelAsked = view.id;
  let tries = 0;
  const ask = () =>
    getGame(view.id).then(
      (got) => {
        if (got.level) renderLevel(got, null);
        else if (got.level_pending && ++tries < 20) setTimeout(ask, 5000);
      },
      () => undefined,
    );
  setTimeout(ask, 5000);
}
