"""This browser's statistics, per game, variant and kind of deal, from the games it has stored.

Counting is honest and the page says how: a game counts once its first move is made; a game
left for a newer one of the same game (New game in the middle of it) counts as played and as
left, neither won nor lost, so that played = won + lost + left; it ends a streak of wins as a
loss does; the game still in play is listed but not counted; pasted positions, winnable-only
deals and random deals (with typed codes and replays) are counted apart. A reset keeps the
games (and their replays) and counts only those started after it (``since``, kept per browser).

The deal code of a game not yet closed (``paciencia/web/db/store.py``: won, left, or reviewed once
blocked) is left out: it may reveal cards the player has not seen, and the game may still be
played (a blocked one undone); so is the code of a closed game whose deal the player is
playing again (a replay of it), and a daily challenge's until its day is over.
"""

from __future__ import annotations

import csv
import io
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from html import escape
from statistics import mean
from typing import Any

from paciencia.engine.dealcode import DealCode
from paciencia.engine.errors import PacienciaError
from paciencia.engine.tabletext import header_field
from paciencia.play.disclosure import told
from paciencia.play.views import LEFT
from paciencia.web.db.store import Store

KINDS = ("random", "winnable", "text", "daily")
"""The kinds of deal counted apart: random deals (typed codes and replays with them), deals
proved winnable, pasted positions, the daily deals."""
HISTORY = 200
"""The games the history lists, newest first."""
CHART = 40
"""The finished games the chart shows."""


@dataclass(frozen=True, slots=True)
class Played:
    """One stored game as the statistics see it."""

    id: str
    game: str
    variant: str
    kind: str
    created: float
    result: str  # won, lost, left (for a newer game), playing
    seconds: float
    moves: int
    code: str | None  # None until the game is closed
    level: str | None = None  # the deal's level: chosen, or once the game is closed (as the code)


@dataclass(slots=True)
class Group:
    """The figures of one game, variant and kind of deal."""

    game: str
    variant: str
    kind: str
    played: int = 0
    won: int = 0
    lost: int = 0
    """Games blocked (no move left, or given up on the results panel) and not won."""
    left: int = 0
    """Games left unfinished for a new deal: played, neither won nor lost."""
    current_streak: int = 0
    best_streak: int = 0
    best_time: float | None = None
    fewest_moves: int | None = None
    average_time: float | None = None
    average_moves: float | None = None
    in_play: int = 0
    by_level: dict[str, dict[str, int]] = field(default_factory=dict)
    """Per level (``paciencia/analysis/levels.py``): games counted and won, of those whose
    level may be said (chosen, or the game closed)."""
    _won_times: list[float] = field(default_factory=list, repr=False)
    _won_moves: list[int] = field(default_factory=list, repr=False)

    @property
    def win_rate(self) -> float | None:
        return self.won / self.played if self.played else None

    def add(self, g: Played) -> None:
        if g.result == "playing":
            self.in_play += 1
            return
        self.played += 1
        if g.level is not None:
            counts = self.by_level.setdefault(g.level, {"played": 0, "won": 0})
            counts["played"] += 1
            counts["won"] += int(g.result == "won")
        if g.result != "won":
            self.lost += g.result == "lost"
            self.left += g.result == "left"
            self.current_streak = 0
            return
        self.won += 1
        self.current_streak += 1
        self.best_streak = max(self.best_streak, self.current_streak)
        self._won_times.append(g.seconds)
        self._won_moves.append(g.moves)
        self.best_time = min(self._won_times)
        self.fewest_moves = min(self._won_moves)
        self.average_time = mean(self._won_times)
        self.average_moves = mean(self._won_moves)

    def as_dict(self) -> dict[str, Any]:
        out = {k: v for k, v in asdict(self).items() if not k.startswith("_")}
        return {**out, "win_rate": self.win_rate}


def _kind(source: str | None, start_kind: str) -> str:
    if source in ("winnable", "text", "daily"):
        return source
    if source is None and start_kind == "text":
        return "text"
    return "random"


def _code(start_kind: str, start: str, table_text: str) -> DealCode | None:
    text = start if start_kind == "code" else table_text.split("\n", 1)[0].split()[2]
    try:
        return DealCode.parse(text)
    except (PacienciaError, IndexError):
        return None


def played(
    store: Store, player: str, since: float | None = None, level: Callable[[str], str | None] | None = None
) -> list[Played]:
    """The player's games with a move made (since ``since``), oldest first; ``level(code)``:
    a deal's level where it is known."""
    rows = store.played_rows(player, since)
    playing = store.open_starts(player)
    running = store.embargoed_codes()  # the deals of the challenges still running: everyone's
    out = []
    now = time.time()
    for r in rows:
        code = _code(r["start_kind"], r["start"], r["table_text"])
        # The code of a dealt game, where the disclosure rule tells its deal (from the stored
        # row: no position is replayed for it, so "every card seen" is not assumed).
        shown = r["start_kind"] == "code" and told(
            closed=bool(r["closed"]), replayed=r["start"] in playing, embargoed=r["start"] in running
        )
        result = {"won": "won", "blocked": "lost", LEFT: "left"}.get(r["status"], "playing")
        end = r["ended"] if r["ended"] is not None else now
        seconds = max(0.0, end - r["started"]) if r["started"] is not None else 0.0
        moves = int(header_field(r["table_text"], "moves") or 0)
        out.append(
            Played(
                id=r["id"],
                game=r["game"],
                variant=code.variant if code else "?",
                kind=_kind(r["source"], r["start_kind"]),
                created=r["created"],
                result=result,
                seconds=round(seconds, 1),
                moves=moves,
                # A pasted position's header code is unchecked: it gives the variant, never a deal.
                code=str(code) if code is not None and shown else None,
                level=r["level"] or (level(r["start"]) if level is not None and shown else None),
            )
        )
    return out


def summary(games_played: list[Played]) -> list[Group]:
    """One group per game, variant and kind, in the order first played."""
    groups: dict[tuple[str, str, str], Group] = {}
    for g in games_played:
        key = (g.game, g.variant, g.kind)
        groups.setdefault(key, Group(*key)).add(g)
    return list(groups.values())


def report(found: list[Played], since: float | None = None) -> dict[str, Any]:
    """``GET /api/stats``: the groups and the history (newest first)."""
    return {
        "since": since,
        "groups": [g.as_dict() for g in summary(found)],
        "history": [asdict(g) for g in reversed(found[-HISTORY:])],
    }


CSV_FIELDS = ("date", "game", "variant", "kind", "code", "result", "seconds", "moves", "id")


def as_csv(found: list[Played]) -> str:
    """The history as CSV (UTC dates, ISO 8601), newest first."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for g in reversed(found):
        date = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(g.created))
        writer.writerow([date, g.game, g.variant, g.kind, g.code or "", g.result, g.seconds, g.moves, g.id])
    return out.getvalue()


def chart(found: list[Played], labels: dict[str, str]) -> str:
    """The recent finished games as an SVG strip: a bar per game (tall and gold for a win,
    short for a loss, shorter for one left), its result as its title; ``labels`` per result."""
    done = [g for g in found if g.result != "playing"][-CHART:]
    width, bar, gap = max(1, len(done)) * 14, 10, 4
    heights = {"won": 40, "lost": 18, "left": 10}
    colours = {"won": "#ffd54a", "lost": "#e57373", "left": "#9fb8a9"}
    parts = []
    for i, g in enumerate(done):
        h = heights[g.result]
        x = i * (bar + gap)
        title = escape(f"{labels[g.result]} · {g.game} {g.variant} · {g.moves}")
        parts.append(
            f'<rect x="{x}" y="{44 - h}" width="{bar}" height="{h}" rx="2" fill="{colours[g.result]}">'
            f"<title>{title}</title></rect>"
        )
    head = f'<svg class="chart" viewBox="0 0 {width} 46" width="{width}" height="46" aria-hidden="true">'
    return head + "".join(parts) + "</svg>"
