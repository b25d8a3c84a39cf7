"""The deals' aggregate: what the solver said of each deal code (and the pool of winnable deals
not yet dealt), each deal's measured level, the daily deal of each game and variant, and the
daily comparison's figures. ``Store`` keeps it beside the games (one engine, one transaction
discipline): ``Deals`` is the part of it that reads and writes these tables."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from paciencia.engine.tabletext import header_field
from paciencia.web.db.tables import daily, games, levels, verdicts


class Deals:
    engine: Engine

    def verdict(self, code: str) -> Known | None:
        """What the solver said of this deal code, if it was ever run on it."""
        with self.engine.connect() as conn:
            row = conn.execute(select(verdicts).where(verdicts.c.code == code)).mappings().first()
        if row is None:
            return None
        return Known(row["verdict"], row["line_length"], row["seconds"], bool(row["handed"]))

    # -- the daily deals ---------------------------------------------------------------------

    def daily_code(self, day: str, game: str, variant: str) -> str | None:
        key = (daily.c.day == day) & (daily.c.game == game) & (daily.c.variant == variant)
        with self.engine.connect() as conn:
            found: str | None = conn.execute(select(daily.c.code).where(key)).scalar()
        return found

    def choose_daily(self, day: str, game: str, variant: str, code: str) -> str:
        """Keeps ``code`` as the day's deal unless another server chose one first; the day's deal."""
        try:
            with self.engine.begin() as conn:
                conn.execute(daily.insert().values(day=day, game=game, variant=variant, code=code))
        except IntegrityError:
            pass  # chosen already: that one stands
        found = self.daily_code(day, game, variant)
        assert found is not None
        return found

    def daily_results(self, code: str, since: float) -> list[DailyResult]:
        """Each player's first daily game of ``code`` started since ``since`` with a move made,
        for the anonymous comparison: a second try (after the first was left or lost, and its
        cards seen) never counts, and one that does not rank (``ranked``) leaves its player out."""
        query = (
            select(
                games.c.player,
                games.c.status,
                games.c.closed,
                games.c.started,
                games.c.ended,
                games.c.table_text,
                games.c.from_offline,
                games.c.id,
            )
            .where(games.c.source == "daily", games.c.start == code, games.c.version > 0, games.c.created >= since)
            .order_by(games.c.created)
        )
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        out: dict[str, DailyResult] = {}
        for player, status, closed, started, ended, text, offline, game_id in rows:
            if player in out:
                continue
            # Only the server's clock is compared: not a device's, nor a game without one.
            ranked = not offline and started is not None and ended is not None
            seconds = (ended - started) if started is not None and ended is not None else 0.0
            moves = int(header_field(text, "moves") or 0)
            out[player] = DailyResult(player, status, bool(closed), seconds, moves, game_id, ranked=ranked)
        return list(out.values())

    def proved_winnable(self, code: str) -> bool:
        with self.engine.connect() as conn:
            found = conn.execute(select(verdicts.c.verdict).where(verdicts.c.code == code)).scalar()
        return found == "winnable"

    def save_verdict(
        self, code: str, game: str, variant: str, verdict: str, line_length: int, seconds: float, handed: bool
    ) -> None:
        """Keeps a verdict (a later one replaces an earlier ``unknown``: more time was given)."""
        values = {
            "game": game,
            "variant": variant,
            "verdict": verdict,
            "line_length": line_length,
            "seconds": seconds,
            "solved": time.time(),
            "handed": int(handed),
        }
        with self.engine.begin() as conn:
            done = conn.execute(update(verdicts).where(verdicts.c.code == code).values(**values)).rowcount
            if not done:
                conn.execute(verdicts.insert().values(code=code, **values))

    def deal_level(self, code: str) -> tuple[bool, str | None]:
        """Whether the deal's level was measured, and the level (None: not settled)."""
        with self.engine.connect() as conn:
            row = conn.execute(select(levels.c.level).where(levels.c.code == code)).first()
        return (False, None) if row is None else (True, row[0])

    def save_level(self, code: str, game: str, variant: str, level: str | None, measure: dict[str, Any]) -> None:
        """Keeps a deal's level (a second measure of the same deal, by another server, is the same)."""
        values = {"game": game, "variant": variant, "level": level, "rated": time.time()}
        values.update({k: measure[k] for k in ("verdict", "nodes", "wins", "seeds")})
        try:
            with self.engine.begin() as conn:
                conn.execute(levels.insert().values(code=code, **values))
        except IntegrityError:
            pass  # measured already: the budgets are in positions, so it is the same level

    def pool_count(self, game: str, variant: str) -> int:
        """Proved winnable deals of this variant not yet dealt."""
        with self.engine.connect() as conn:
            found = conn.execute(select(func.count()).select_from(verdicts).where(*_pool(game, variant))).scalar()
        return int(found or 0)

    def claim_winnable(self, game: str, variant: str) -> str | None:
        """Takes a proved winnable deal of this variant out of the pool (None when it is empty)."""
        while True:
            with self.engine.begin() as conn:
                code = conn.execute(select(verdicts.c.code).where(*_pool(game, variant)).limit(1)).scalar()
                if code is None:
                    return None
                done = conn.execute(
                    update(verdicts).where(verdicts.c.code == code, verdicts.c.handed == 0).values(handed=1)
                ).rowcount
            if done == 1:
                return str(code)


def _pool(game: str, variant: str) -> tuple[Any, ...]:
    return (
        verdicts.c.game == game,
        verdicts.c.variant == variant,
        verdicts.c.verdict == "winnable",
        verdicts.c.handed == 0,
    )


@dataclass(frozen=True, slots=True)
class DailyResult:
    """A player's first game of a daily deal, as the comparison counts it."""

    player: str
    status: str  # playing, won, blocked or left
    closed: bool
    seconds: float
    moves: int
    id: str = ""
    ranked: bool = True
    """Whether it is a figure of the comparison: a game a line from offline went onto is not."""


@dataclass(frozen=True, slots=True)
class Known:
    """A stored verdict."""

    verdict: str
    line_length: int
    seconds: float
    handed: bool
