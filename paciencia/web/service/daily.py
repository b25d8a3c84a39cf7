"""The daily deal: one deal a day (UTC) per game and variant, proved winnable, the same for
everyone; and how a player's finished game of it compares with everyone's that day.

The day's candidates are deal numbers drawn from a hash of the day, the game and the variant, so
every server tries the same ones in the same order; the first proved winnable is the day's deal,
and the first server to prove it writes it (``Store.choose_daily``), so that two servers whose
solvers are given different time never disagree. The comparison counts numbers only (time and
moves of those who won it, on the server's clock: a game played offline is not compared), no
names, and is shown to a player only once their own game of it has ended: the day's code
reveals every card through the published shuffle.
"""

from __future__ import annotations

import calendar
import hashlib
import time
from bisect import bisect_left, bisect_right
from collections.abc import Callable
from typing import Any

from paciencia.engine.dealcode import DEAL_COUNT, DealCode
from paciencia.games import entry
from paciencia.play.disclosure import deal_told
from paciencia.web.db.store import Store
from paciencia.web.service.winnable import NoWinnableDeal, WinnableDeals, bounds

CANDIDATES = 40
"""Deal numbers tried, in the day's order, before giving up (a clear 503, try again)."""


def today() -> str:
    return time.strftime("%Y-%m-%d", time.gmtime())


def day_start(day: str) -> float:
    return float(calendar.timegm(time.strptime(day, "%Y-%m-%d")))


def candidates(day: str, game: str, variant: str) -> list[str]:
    """The day's deal codes to try, in order: the same on every server."""
    cls = entry(game).game
    digest = hashlib.sha256(f"paciencia daily {day} {game} {variant}".encode()).digest()
    out = []
    for k in range(CANDIDATES):
        number = int.from_bytes(digest[(k % 4) * 8 : (k % 4) * 8 + 8], "big") + k * 0x9E3779B97F4A7C15
        out.append(str(DealCode(cls.prefix, cls.version, variant, number % DEAL_COUNT)))
    return out


def daily_code(store: Store, deals: WinnableDeals, game: str, variant: str, day: str | None = None) -> str:
    """The day's deal of ``game`` in ``variant`` (proving one the first time it is asked for)."""
    day = day or today()
    found = store.daily_code(day, game, variant)
    if found is not None:
        return found
    seconds = bounds(game).attempt
    for code in candidates(day, game, variant):
        deals.prove(code, seconds, handed=False)
        known = store.verdict(code)
        if known is not None and known.verdict == "winnable":
            return store.choose_daily(day, game, variant, code)
    raise NoWinnableDeal(f"daily {game} {variant} {day}")


def _share_beaten(values: list[float], mine: float) -> float | None:
    """The share of the others whose figure is worse (greater) than ``mine``; ties count half."""
    ordered = sorted(values)
    others = len(ordered) - 1  # mine is among them
    if others <= 0:
        return None
    below, above = bisect_left(ordered, mine), len(ordered) - bisect_right(ordered, mine)
    ties = len(ordered) - below - above - 1
    return (above + ties / 2) / others


def standing(
    store: Store,
    player: str,
    game: str,
    variant: str,
    day: str | None = None,
    level: Callable[[str], str | None] | None = None,
) -> dict[str, Any]:
    """The day's deal for this player: its level (``level(code)``, where it is measured: the
    level is the deal's, chosen for everyone in advance like a chosen level, so it is said from
    the start), whether they played it and how it ended, and, once it has, the code and how
    their time and moves compare with everyone who won it today."""
    day = day or today()
    code = store.daily_code(day, game, variant)
    out: dict[str, Any] = {"day": day, "game": game, "variant": variant, "played": False, "ended": False, "level": None}
    if code is None:
        return out
    if level is not None:
        out["level"] = level(code)
    results = store.daily_results(code, day_start(day))
    mine = next((r for r in results if r.player == player), None)
    if mine is None:
        return out
    # Only the player's first game of the deal counts, and only once it is closed (won, left,
    # or reviewed once blocked): before, the code and the others' figures could help it.
    out.update({"played": True, "ended": mine.status != "playing", "status": mine.status, "told": False})
    if not mine.closed:
        return out
    with store.held(mine.id, player) as saved:  # the disclosure rule's word on the deal
        if not deal_told(saved, store.replayed(saved)):
            return out
    out["told"] = True
    # The comparison keeps the server's clock: a game that a line from offline went onto (its
    # moves came at once, its clock is the device's) is no figure of it, the player's own
    # included; it counts in the player's statistics all the same.
    ranked = [r for r in results if r.ranked]
    won = [r for r in ranked if r.status == "won"]
    out.update({"code": code, "players": len(ranked), "winners": len(won)})
    if mine.status == "won" and mine.ranked:
        out.update(
            {
                "seconds": round(mine.seconds, 1),
                "moves": mine.moves,
                "time_beats": _share_beaten([r.seconds for r in won], mine.seconds),
                "moves_beats": _share_beaten([float(r.moves) for r in won], float(mine.moves)),
            }
        )
    return out
