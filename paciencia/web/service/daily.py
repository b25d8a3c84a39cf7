"""The daily challenges: each day (UTC) one deal per game and variant, the same for everyone, and
one challenge of the week; where each player stands on each, their streak of days with a daily
won, a month's calendar of what they won, and the month's badges.

The day's candidates are deal numbers drawn from an HMAC of the day, the game and the variant
under a key made once per database (``Store.challenge_key``): every server on one database tries
the same ones in the same order, and no one without the key can work out tomorrow's deal from the
source. The first candidate proved winnable is the day's deal (a game without a solver takes the
first), and the first server to prove it writes it (``Store.choose_daily``), so that two servers
whose solvers are given different time never disagree. The week's challenge is chosen the same
way, for each ISO week in turn from the games and variants. Choosing is admitted as a
winnable-only game is (``admission.winnable``, asked only when a proof is to be made), bounded
by the game's seconds for one, and one at a time per challenge in a process: the many first
players of a day wait for the one choosing and take its deal.

A challenge's code reveals every card through the published shuffle, and a second browser (another
player) could play the ranked deal knowing every card if a finished game told it: the code is
told to no one until the day (or week) is over (``play.disclosure``'s embargo; ``code`` is null
until then). The figures (time and moves of those who won it, on the server's clock) name no card:
a player sees them once their own game of the deal is over (``figures_told``).
"""

from __future__ import annotations

import calendar
import datetime
import hashlib
import hmac
import threading
import time
from bisect import bisect_left, bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from paciencia.engine.dealcode import DEAL_COUNT, DealCode
from paciencia.games import REGISTRY, entry
from paciencia.play.disclosure import challenge_level, challenge_over, figures_told
from paciencia.web.db.deals import DAY, day_end, day_start, week_end, week_of, week_start
from paciencia.web.db.store import Store
from paciencia.web.service.winnable import NoWinnableDeal, WinnableDeals, bounds

__all__ = ["day_end", "day_start", "week_end", "week_of", "week_start"]

CANDIDATES = 40
"""Deal numbers tried, in the day's order, before giving up (a clear 503, try again)."""
BADGE_DAYS = (7, 15)
"""Days of a month with a daily won that earn a badge (and every day of the month, a third)."""


def today(now: float | None = None) -> str:
    return time.strftime("%Y-%m-%d", time.gmtime(time.time() if now is None else now))


def this_week(now: float | None = None) -> str:
    return week_of(today(now))


def pairs() -> list[tuple[str, str]]:
    """Every game and variant with a daily deal: each variant of each game on the site (a
    variant changes the deal's rules: fewer free cells, one card drawn at a time, cards face down)."""
    return [(name, variant) for name, found in REGISTRY.items() for variant in found.game.variants]


def solving(game: str) -> bool:
    return "solve" in REGISTRY[game].game.capabilities


def candidates(period: str, game: str, variant: str, key: bytes) -> list[str]:
    """The deal codes to try for ``period`` (a day, ``2026-12-01``, or a week, ``week 2026-W48``),
    in order: the same on every server of one database (``key``: ``Store.challenge_key``)."""
    cls = entry(game).game
    digest = hmac.new(key, f"paciencia daily {period} {game} {variant}".encode(), hashlib.sha256).digest()
    out = []
    for k in range(CANDIDATES):
        number = int.from_bytes(digest[(k % 4) * 8 : (k % 4) * 8 + 8], "big") + k * 0x9E3779B97F4A7C15
        out.append(str(DealCode(cls.prefix, cls.version, variant, number % DEAL_COUNT)))
    return out


def _first_winnable(
    deals: WinnableDeals, game: str, codes: list[str], what: str, admit: Callable[[], None] | None
) -> str:
    """The first of ``codes`` the solver proves winnable (the first, where the game has no solver).

    Bounded as a winnable-only game is: ``admit`` (the one admission's) is asked before the first
    proof this call makes, each proof takes its turn among the players' solves, and the whole of
    it takes at most the game's ``total`` seconds; past them ``NoWinnableDeal`` (503, try again),
    and the verdicts kept meanwhile let the next choice go on from there."""
    if not solving(game):
        return codes[0]
    bound = bounds(game)
    deadline = time.monotonic() + bound.total
    for code in codes:
        known = deals.store.verdict(code)
        if known is None or (known.verdict == "unknown" and known.seconds < bound.attempt):
            if admit is not None:
                admit()
                admit = None
            with deals.solving:  # its turn among the players' solves, then what time is left
                left = deadline - time.monotonic()
                if left < 0.05:
                    break
                deals.prove(code, min(bound.attempt, left), handed=True)  # never into the open pool
            known = deals.store.verdict(code)
        if known is not None and known.verdict == "winnable":
            return code
    raise NoWinnableDeal(what)


_CHOOSING = [threading.Lock() for _ in range(16)]
"""One challenge chosen at a time (striped by the challenge): the many first players of a day
wait for the one choosing it, then take its deal, instead of each proving the candidates."""


def _choosing(key: str) -> threading.Lock:
    return _CHOOSING[int.from_bytes(hashlib.sha256(key.encode()).digest()[:4], "big") % len(_CHOOSING)]


def daily_code(
    store: Store,
    deals: WinnableDeals,
    game: str,
    variant: str,
    day: str | None = None,
    admit: Callable[[], None] | None = None,
) -> str:
    """The day's deal of ``game`` in ``variant``, proving one the first time it is asked for
    (``admit`` asked first: ``_first_winnable``), one choice at a time."""
    day = day or today()
    found = store.daily_code(day, game, variant)
    if found is not None:
        return found
    what = f"daily {game} {variant} {day}"
    with _choosing(what):
        found = store.daily_code(day, game, variant)  # chosen while this one waited
        if found is not None:
            return found
        codes = candidates(day, game, variant, store.challenge_key())
        return store.choose_daily(day, game, variant, _first_winnable(deals, game, codes, what, admit))


def week_pair(week: str) -> tuple[str, str]:
    """The game and variant of the week's challenge: each game with a solver and variant in turn."""
    found = [(g, v) for g, v in pairs() if solving(g)] or pairs()
    return found[int(week_start(week) // (7 * DAY)) % len(found)]


def weekly_challenge(
    store: Store, deals: WinnableDeals, week: str | None = None, admit: Callable[[], None] | None = None
) -> tuple[str, str, str]:
    """The week's challenge as (game, variant, code), chosen the first time it is asked for (as
    ``daily_code`` chooses a day's)."""
    week = week or this_week()
    found = store.weekly_code(week)
    if found is not None:
        return found
    what = f"weekly {week}"
    with _choosing(what):
        found = store.weekly_code(week)
        if found is not None:
            return found
        game, variant = week_pair(week)
        codes = candidates(f"week {week}", game, variant, store.challenge_key())
        code = _first_winnable(deals, game, codes, f"weekly {game} {variant} {week}", admit)
        return game, variant, store.choose_weekly(week, game, variant, code)


@dataclass(frozen=True, slots=True)
class Challenge:
    """A challenge as a ranking is asked of it: a day's deal of a game and variant (``date``),
    or the week's (``week``), played from ``since`` until ``until``; ``code`` None while none
    was chosen for it."""

    game: str
    variant: str
    since: float
    until: float
    code: str | None
    date: str | None = None
    week: str | None = None

    def named(self) -> dict[str, str]:
        """What names it in an answer (never its code: the disclosure rule says when)."""
        out = {"game": self.game, "variant": self.variant}
        if self.date is not None:
            out["date"] = self.date
        if self.week is not None:
            out["week"] = self.week
        return out


def day_challenge(store: Store, game: str, variant: str, day: str) -> Challenge:
    """The day's challenge of ``game`` in ``variant`` (not chosen here: None before its first game)."""
    code = store.daily_code(day, game, variant)
    return Challenge(game, variant, day_start(day), day_end(day), code, date=day)


def week_challenge(store: Store, week: str) -> Challenge:
    """The week's challenge (its game and variant the week's turn while none is chosen)."""
    found = store.weekly_code(week)
    game, variant = (found[0], found[1]) if found is not None else week_pair(week)
    code = found[2] if found is not None else None
    return Challenge(game, variant, week_start(week), week_end(week), code, week=week)


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
    """The day's deal for this player: its level (``level(code)``, where it is measured) and its
    code once the day is over (both name the deal: ``disclosure.challenge_level``), whether they
    played it and how it ended, and, once their game of it is over, how their time and moves
    compare with everyone who won it."""
    day = day or today()
    code = store.daily_code(day, game, variant)
    out: dict[str, Any] = {"kind": "day", "day": day, "game": game, "variant": variant, "ends": day_end(day)}
    return _standing(store, player, out, code, day_start(day), day_end(day), level)


def week_standing(
    store: Store, player: str, week: str | None = None, level: Callable[[str], str | None] | None = None
) -> dict[str, Any]:
    """The challenge of the week for this player, as ``standing`` says a day's (its deal is
    chosen by the first game of it, as a day's is)."""
    week = week or this_week()
    found = store.weekly_code(week)
    game, variant, code = found if found is not None else (*week_pair(week), None)
    out: dict[str, Any] = {"kind": "week", "week": week, "game": game, "variant": variant, "ends": week_end(week)}
    return _standing(store, player, out, code, week_start(week), week_end(week), level)


def _standing(
    store: Store,
    player: str,
    out: dict[str, Any],
    code: str | None,
    since: float,
    until: float,
    level: Callable[[str], str | None] | None,
) -> dict[str, Any]:
    out.update({"code": None, "level": None, "played": False, "ended": False, "over": challenge_over(until)})
    if code is None:
        return out
    if out["over"]:  # the day (or week) is over: its deal is everyone's to know
        out["code"] = code
    if level is not None:  # measured from every card: the disclosure rule says when
        out["level"] = challenge_level(level(code), until)
    results = store.daily_results(code, since, until)
    mine = next((r for r in results if r.player == player), None)
    if mine is None:
        return out
    # Only the player's first game of the deal counts, and only once it is closed (won, left,
    # or reviewed once blocked): before, the others' figures could help it.
    out.update({"played": True, "ended": mine.status != "playing", "status": mine.status, "told": False})
    if not mine.closed:
        return out
    with store.held(mine.id, player) as saved:  # the disclosure rule's word on the figures
        if not figures_told(saved, store.replayed(saved)):
            return out
    out["told"] = True
    # The comparison keeps the server's clock: a game that a line from offline went onto (its
    # moves came at once, its clock is the device's) is no figure of it, the player's own
    # included; it counts in the player's statistics all the same.
    ranked = [r for r in results if r.ranked]
    won = [r for r in ranked if r.status == "won"]
    out.update({"players": len(ranked), "winners": len(won)})
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


# -- streaks, the month's calendar, badges ------------------------------------------------------


def streaks(days: list[str], now: float | None = None) -> tuple[int, int]:
    """(current, best): days in a row with a daily won. The current one still stands on a day
    not yet won (it ends once a whole day goes by without one)."""
    dates = sorted({datetime.date.fromisoformat(d) for d in days})
    best = run = 0
    previous: datetime.date | None = None
    for d in dates:
        run = run + 1 if previous is not None and (d - previous).days == 1 else 1
        best = max(best, run)
        previous = d
    current = 0
    on = datetime.date.fromisoformat(today(now))
    won = set(dates)
    if on not in won:
        on -= datetime.timedelta(days=1)
    while on in won:
        current += 1
        on -= datetime.timedelta(days=1)
    return current, best


def month_of(text: str | None, now: float | None = None) -> str:
    """``YYYY-MM``: the month asked for, else the current one (``ValueError`` for what is not one)."""
    if text is None:
        return today(now)[:7]
    year, dash, month = text.partition("-")
    if not (dash and len(year) == 4 and len(month) == 2 and year.isdigit() and month.isdigit()):
        raise ValueError(text)
    if not 1 <= int(month) <= 12 or not 2000 <= int(year) <= 9999:
        raise ValueError(text)
    return text


def record(store: Store, player: str, month: str | None = None, now: float | None = None) -> dict[str, Any]:
    """The player's streak of days with a daily won, the calendar of ``month`` (what they won
    each day, and the weeks whose challenge they won) and the month's badges."""
    month = month_of(month, now)
    days_won, weeks_won = store.challenges_won(player)
    current, best = streaks([d for d, _g, _v in days_won], now)
    year, number = int(month[:4]), int(month[5:])
    length = calendar.monthrange(year, number)[1]
    first, last = f"{month}-01", f"{month}-{length:02d}"
    on = today(now)
    won_by_day: dict[str, list[dict[str, str]]] = {}
    for d, g, v in days_won:
        if first <= d <= last:
            won_by_day.setdefault(d, []).append({"game": g, "variant": v})
    dealt: dict[str, int] = {}
    for d, _g, _v, _c in store.challenge_days(first, last):
        dealt[d] = dealt.get(d, 0) + 1
    dates = [f"{month}-{n:02d}" for n in range(1, length + 1)]
    days = [{"date": d, "won": won_by_day.get(d, []), "deals": dealt.get(d, 0), "future": d > on} for d in dates]
    weeks = sorted({week_of(d) for d in dates})
    weeks_out = [{"week": w, "won": w in weeks_won} for w in weeks]
    days_count = len(won_by_day)
    games_won = {w["game"] for ws in won_by_day.values() for w in ws}
    badges = [
        {"badge": f"days_{n}", "earned": days_count >= n, "progress": min(days_count, n), "goal": n} for n in BADGE_DAYS
    ]
    badges.append({"badge": "days_all", "earned": days_count >= length, "progress": days_count, "goal": length})
    every = sorted(REGISTRY)
    badges.append(
        {
            "badge": "every_game",
            "earned": set(every) <= games_won,
            "progress": len(games_won & set(every)),
            "goal": len(every),
        }
    )
    week_wins = sum(1 for w in weeks_out if w["won"])
    badges.append({"badge": "week", "earned": week_wins > 0, "progress": min(week_wins, 1), "goal": 1})
    return {
        "streak": {"current": current, "best": best},
        "calendar": {
            "month": month,
            "first_weekday": calendar.weekday(year, number, 1),
            "days": days,
            "weeks": weeks_out,
        },
        "badges": badges,
    }
