// The review page: each position's verdict (every card known) and the player's chance there,
// asked one position at a time (each is a solve), and a replay from just before the losing move.

const main = document.getElementById("review");
const lang = main.dataset.lang;
const id = main.dataset.game;
const moves = Number(main.dataset.moves);

async function fill() {
  for (let i = 0; i <= moves; i++) {
    const row = document.getElementById(`step-${i}`);
    try {
      const res = await fetch(`/api/games/${encodeURIComponent(id)}/review/${i}?lang=${encodeURIComponent(lang)}`, {
        credentials: "same-origin",
        cache: "no-store",
      });
      if (!res.ok) return;
      const s = await res.json();
      const cell = row.querySelector(".verdict");
      cell.textContent = s.text;
      cell.className = `verdict ${s.verdict}`;
      row.querySelector(".percent").textContent = s.percent === undefined || s.percent === null ? "—" : `≈ ${s.percent}%`;
    } catch (e) {
      return;
    }
  }
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

fill();
