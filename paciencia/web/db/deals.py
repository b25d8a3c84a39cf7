"""The deals' aggregate: what the solver said of each deal code (and the pool of winnable deals
not yet dealt), each deal's measured level, the daily deal of each game and variant and the
challenge of the week, and the challenges' figures (the comparison, the ranking, a player's
calendar). ``Store`` keeps it beside the games (one engine, one transaction discipline): ``Deals``
is the part of it that reads and writes these tables."""

from __future__ import annotations

import calendar
import datetime
import secrets
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select, text, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from paciencia.web.db.tables import daily, games, levels, site_keys, verdicts, weekly

DAY = 24 * 3600
DAILY_SOURCE = text("'daily'")
"""``games.source`` of a challenge's game, written as the partial index ``games_daily_by_start``
says it (a bound parameter would keep SQLite from the index)."""


def day_start(day: str) -> float:
    """The start of a UTC day (``2026-12-01``), in seconds since the epoch."""
    return float(calendar.timegm(time.strptime(day, "%Y-%m-%d")))


def day_end(day: str) -> float:
    return day_start(day) + DAY


def week_of(day: str) -> str:
    """The ISO week (``2026-W05``: weeks start on Monday) a UTC day is in."""
    year, week, _ = datetime.date.fromisoformat(day).isocalendar()
    return f"{year}-W{week:02d}"


def week_start(week: str) -> float:
    """The start of an ISO week's Monday (UTC), in seconds since the epoch."""
    year, _, number = week.partition("-W")
    monday = datetime.date.fromisocalendar(int(year), int(number), 1)
    return float(calendar.timegm(monday.timetuple()))


def week_end(week: str) -> float:
    return week_start(week) + 7 * DAY


class Deals:
    engine: Engine
    _challenge_key: bytes | None = None

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
        self._hand(code)
        try:
            with self.engine.begin() as conn:
                conn.execute(daily.insert().values(day=day, game=game, variant=variant, code=code))
        except IntegrityError:
            pass  # chosen already: that one stands
        found = self.daily_code(day, game, variant)
        assert found is not None
        return found

    # -- the challenge of the week, the challenges' key and their embargo ------------------------

    def weekly_code(self, week: str) -> tuple[str, str, str] | None:
        """The week's challenge as (game, variant, code), once chosen."""
        with self.engine.connect() as conn:
            row = conn.execute(select(weekly.c.game, weekly.c.variant, weekly.c.code).where(weekly.c.week == week))
            found = row.first()
        return None if found is None else (str(found[0]), str(found[1]), str(found[2]))

    def choose_weekly(self, week: str, game: str, variant: str, code: str) -> str:
        """Keeps ``code`` as the week's challenge unless another server chose one first."""
        self._hand(code)
        try:
            with self.engine.begin() as conn:
                conn.execute(weekly.insert().values(week=week, game=game, variant=variant, code=code))
        except IntegrityError:
            pass
        found = self.weekly_code(week)
        assert found is not None
        return found[2]

    def _hand(self, code: str) -> None:
        """Takes a challenge's deal out of the pool of winnable deals (its verdict was kept when it
        was proved): a "winnable deals only" game would otherwise deal it to someone, whose
        finished game would tell its code while the challenge runs."""
        with self.engine.begin() as conn:
            conn.execute(update(verdicts).where(verdicts.c.code == code).values(handed=1))

    def challenge_key(self) -> bytes:
        """The key that orders each day's candidate deals, made once per database (every server
        on it the same): without a secret, anyone with the source could work out tomorrow's deal."""
        if self._challenge_key is not None:
            return self._challenge_key
        query = select(site_keys.c.value).where(site_keys.c.name == "challenges")
        with self.engine.connect() as conn:
            found = conn.execute(query).scalar()
        if found is None:
            try:
                with self.engine.begin() as conn:
                    conn.execute(site_keys.insert().values(name="challenges", value=secrets.token_hex(32)))
            except IntegrityError:
                pass  # another server made it first: that one stands
            with self.engine.connect() as conn:
                found = conn.execute(query).scalar()
        key = bytes.fromhex(str(found))
        self._challenge_key = key
        return key

    def embargo(self, code: str, now: float | None = None) -> float | None:
        """Until when the deal ``code`` is kept from everyone: the end of the day it is a daily
        deal of, or of the week it is the challenge of (None: it is no running challenge)."""
        now = time.time() if now is None else now
        with self.engine.connect() as conn:
            days = conn.execute(select(daily.c.day).where(daily.c.code == code)).scalars().all()
            weeks = conn.execute(select(weekly.c.week).where(weekly.c.code == code)).scalars().all()
        ends = [day_end(d) for d in days] + [week_end(w) for w in weeks]
        last = max(ends, default=0.0)
        return last if last > now else None

    def embargoed_codes(self, now: float | None = None) -> set[str]:
        """The deals of every challenge still running (``embargo``)."""
        now = time.time() if now is None else now
        today = time.strftime("%Y-%m-%d", time.gmtime(now))
        with self.engine.connect() as conn:
            found = set(conn.execute(select(daily.c.code).where(daily.c.day >= today)).scalars())
            found |= set(conn.execute(select(weekly.c.code).where(weekly.c.week >= week_of(today))).scalars())
        return found

    def challenge_days(self, day_from: str, day_to: str) -> list[tuple[str, str, str, str]]:
        """The daily deals of the days ``day_from`` … ``day_to`` (included): (day, game, variant, code)."""
        query = select(daily.c.day, daily.c.game, daily.c.variant, daily.c.code).where(
            daily.c.day >= day_from, daily.c.day <= day_to
        )
        with self.engine.connect() as conn:
            return [(str(a), str(b), str(c), str(d)) for a, b, c, d in conn.execute(query).all()]

    def challenges_won(self, player: str) -> tuple[list[tuple[str, str, str]], list[str]]:
        """The daily deals (day, game, variant) and weeks whose challenge ``player`` won, from the
        games of that challenge started on its day (or week): a replay, a pasted table and an
        imported game are not the challenge's games."""
        mine = (
            games.c.player == player,
            games.c.source == "daily",
            games.c.status == "won",
            games.c.imported == 0,
        )
        days = (
            select(daily.c.day, daily.c.game, daily.c.variant, games.c.created)
            .select_from(games.join(daily, daily.c.code == games.c.start))
            .where(*mine)
        )
        weeks = (
            select(weekly.c.week, games.c.created)
            .select_from(games.join(weekly, weekly.c.code == games.c.start))
            .where(*mine)
        )
        with self.engine.connect() as conn:
            won = {
                (str(d), str(g), str(v))
                for d, g, v, created in conn.execute(days).all()
                if day_start(str(d)) <= created < day_end(str(d))
            }
            won_weeks = {
                str(w) for w, created in conn.execute(weeks).all() if week_start(str(w)) <= created < week_end(str(w))
            }
        return sorted(won), sorted(won_weeks)

    def daily_results(self, code: str, since: float, until: float | None = None) -> list[DailyResult]:
        """Each player's first game of the challenge ``code`` started since ``since`` (before
        ``until``) with a move made, for the comparison and the ranking: a second try (after the
        first was left or lost, and its cards seen) never counts, and one that does not rank
        (``ranked``: a line from offline went onto it, or its clock is not the server's) leaves
        its player out. A replay, a pasted table and an imported game are no challenge game."""
        query = (
            select(
                games.c.player,
                games.c.status,
                games.c.closed,
                games.c.started,
                games.c.ended,
                games.c.moves,
                games.c.from_offline,
                games.c.id,
            )
            .where(
                games.c.source == DAILY_SOURCE,  # as the index says it, for SQLite to take it
                games.c.start == code,
                games.c.version > 0,
                games.c.created >= since,
                games.c.imported == 0,
            )
            .order_by(games.c.created)
        )
        if until is not None:
            query = query.where(games.c.created < until)
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        out: dict[str, DailyResult] = {}
        for player, status, closed, started, ended, moves, offline, game_id in rows:
            if player in out:
                continue
            # Only the server's clock is compared: not a device's, nor a game without one.
            ranked = not offline and started is not None and ended is not None
            seconds = (ended - started) if started is not None and ended is not None else 0.0
            out[player] = DailyResult(player, status, bool(closed), seconds, int(moves or 0), game_id, ranked=ranked)
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
