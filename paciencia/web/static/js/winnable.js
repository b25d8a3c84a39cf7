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
