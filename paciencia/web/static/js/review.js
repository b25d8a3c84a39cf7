// The review page: each position's verdict (every card known) and the player's chance there,
// asked a batch at a time (GET …/review/steps: one admission for up to BATCH rows, which the
// server cuts short after about a second of solving), the rows on screen first; and a replay
// from just before the losing move. The summary may still be worked out when the page comes
// (data-pending): it is asked again, after the wait the server names, until it is ready.

const main = document.getElementById("review");
const lang = main.dataset.lang;
const id = main.dataset.game;
const moves = Number(main.dataset.moves);
const BATCH = 20;
const rows = [...main.querySelectorAll("tbody tr")];
const filled = new Set();
const seen = new Set(); // the rows on screen
const body = main.querySelector("tbody");

const watch = new IntersectionObserver((entries) => {
  for (const e of entries) {
    const i = Number(e.target.dataset.index);
    if (e.isIntersecting) seen.add(i);
    else seen.delete(i);
  }
});
for (const row of rows) watch.observe(row);

/** The first row not filled yet: on screen if one is, else from the top. */
function next() {
  let best = -1;
  for (const i of seen) if (!filled.has(i) && (best < 0 || i < best)) best = i;
  if (best >= 0) return best;
  for (let i = 0; i <= moves; i++) if (!filled.has(i)) return i;
  return -1;
}

function show(s) {
  const row = rows[s.index];
  const cell = row.querySelector(".verdict");
  cell.textContent = s.text;
  cell.className = `verdict ${s.verdict}`;
  row.querySelector(".percent").textContent = s.percent === undefined || s.percent === null ? "—" : `≈ ${s.percent}%`;
  filled.add(s.index);
}

const pause = (ms) => new Promise((done) => setTimeout(done, ms));

async function fill() {
  body.setAttribute("aria-busy", "true");
  for (let from = next(); from >= 0; from = next()) {
    let count = 1;
    while (count < BATCH && from + count <= moves && !filled.has(from + count)) count++;
    const url = `/api/games/${encodeURIComponent(id)}/review/steps?from=${from}&count=${count}&lang=${encodeURIComponent(lang)}`;
    let res;
    try {
      res = await fetch(url, { credentials: "same-origin", cache: "no-store" });
    } catch (e) {
      break;
    }
    if (res.status === 429) {
      // One of this player's requests is being worked out, or the rate says wait: wait, go on.
      await pause(1000 * Math.max(1, Number(res.headers.get("retry-after")) || 1));
      continue;
    }
    if (!res.ok) break;
    const { steps } = await res.json();
    if (!steps.length) break; // never so: the server gives at least the first asked
    for (const s of steps) show(s);
  }
  body.removeAttribute("aria-busy");
}

document.getElementById("review-replay")?.addEventListener("click", async (ev) => {
  const res = await fetch(`/api/games?lang=${encodeURIComponent(lang)}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ replay: id, at: Number(ev.currentTarget.dataset.at) }),
    credentials: "same-origin",
  });
  if (res.ok) {
    const v = await res.json();
    location.assign(`/${lang}/${v.game}/${v.id}`);
  }
});

/** The summary once ready: its words, the losing row, the replay from just before it. */
async function summary() {
  const url = `/api/games/${encodeURIComponent(id)}/review?lang=${encodeURIComponent(lang)}`;
  for (;;) {
    let res;
    try {
      res = await fetch(url, { credentials: "same-origin", cache: "no-store" });
    } catch (e) {
      return;
    }
    if (res.status === 202 || res.status === 429) {
      await pause(1000 * Math.max(1, Number(res.headers.get("retry-after")) || 1));
      continue;
    }
    if (!res.ok) return;
    const r = await res.json();
    const text = document.getElementById("review-summary");
    text.textContent = r.text;
    text.classList.remove("working");
    const replay = document.getElementById("review-replay");
    if (r.losing !== null) {
      replay.dataset.at = String(r.losing);
      replay.hidden = false;
      rows[r.losing + 1]?.classList.add("losing");
    }
    delete main.dataset.pending;
    return;
  }
}

if ("pending" in main.dataset) summary();
fill();
