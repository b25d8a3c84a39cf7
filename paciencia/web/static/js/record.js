// The devices page's import (web/service/record.py): reads a record file made by "Download your
// whole record" and sends its games in parts the server takes at once (its body limit, and the
// moves an offline line may have); each part is checked whole before any of it is kept. What the
// server says (in the page's language) is what the page says.

const PART_BYTES = 24 * 1024;
const PART_MOVES = 4000;

function parts(games) {
  const out = [];
  let part = [];
  let bytes = 0;
  let moves = 0;
  for (const game of games) {
    const size = JSON.stringify(game).length;
    const count = Array.isArray(game.tokens) ? game.tokens.length : 0;
    if (part.length && (bytes + size > PART_BYTES || moves + count > PART_MOVES)) {
      out.push(part);
      part = [];
      bytes = 0;
      moves = 0;
    }
    part.push(game);
    bytes += size;
    moves += count;
  }
  if (part.length) out.push(part);
  return out;
}

async function send(file, input, say) {
  let record;
  try {
    record = JSON.parse(await file.text());
  } catch {
    record = null;
  }
  if (!record || record.format !== "paciencia-record" || !Array.isArray(record.games)) {
    say(input.dataset.bad);
    return;
  }
  let first = 0;
  let done = 0;
  for (const games of parts(record.games)) {
    const body = { format: record.format, version: record.version, first, done, handle: record.handle, games };
    let res;
    try {
      res = await fetch(`/api/import?lang=${encodeURIComponent(input.dataset.lang)}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    } catch {
      say(input.dataset.network);
      return;
    }
    const answer = await res.json().catch(() => ({}));
    say(answer.message || input.dataset.network);
    if (!res.ok) return;
    done += answer.imported;
    first += games.length;
  }
}

const input = document.getElementById("import-file");
const status = document.getElementById("import-status");
if (input && status) {
  const say = (text) => {
    status.textContent = text;
  };
  input.addEventListener("change", () => {
    const file = input.files && input.files[0];
    if (file) send(file, input, say).finally(() => (input.value = ""));
  });
}
