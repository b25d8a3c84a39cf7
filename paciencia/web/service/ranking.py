"""The daily ranking: a challenge's players, won games first, the fastest first on the server's
clock, then the fewest moves; a name on it only where its player opted in.

What ranks, and why (``Store.daily_results`` picks each player's first game of the deal):

- Only a player's first game of the deal with a move made counts, a challenge game (``source``
  daily): a replay, a pasted table, a typed code (no one has it while the challenge runs) and an
  imported game are not the challenge's, and a second try after the first was seen never counts.
- It counts only played online: a game that a line from offline went onto (its moves reached the
  server at once, its clock is the device's) leaves its player out of the ranking altogether.
- Its time is the server's clock from the first move to the last, every move a request the
  server played. A time below what the solver's line for the deal (or the player's own line,
  where shorter) takes at ``HUMAN_PACE`` a move is no first sight of the deal: it is listed,
  flagged, and takes no place.

What it cannot prove: that no one looked at the deal before (a second browser, as another
player, explores it; the first then plays it fast). The page says so.

While the challenge runs, its ranking is told to a player only once their own game of it is over
(the disclosure rule's ``figures_told``): before, the others' figures could help it.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from typing import Any

from paciencia.i18n import Words
from paciencia.play.challenge_words import ADJECTIVES, ANIMALS
from paciencia.play.disclosure import figures_told
from paciencia.play.words import say
from paciencia.web.db.accounts import Accounts, Handle
from paciencia.web.db.deals import DailyResult
from paciencia.web.db.store import Store

HUMAN_PACE = 0.3
"""Seconds a move takes a person at the least, over a whole game: a tap or a drag and the card's
slide, with no time to think (a fast player averages a second or more)."""
ORDER = {"won": 0, "blocked": 1, "left": 2}
TOP = 100
"""Places a ranking answers from the first (and the asker's own, with ``AROUND`` either side)."""
AROUND = 2


def handle_text(words: Words, handle: Handle) -> str:
    """The handle in ``words``' language, each word capitalised (``Swift Wolf``, ``Lobo Veloz``)."""
    adjective = words.p_("handle adjective", ADJECTIVES[handle.adjective % len(ADJECTIVES)])
    animal = words.p_("handle animal", ANIMALS[handle.animal % len(ANIMALS)])
    text = say(words, "handle", adjective=adjective, animal=animal)
    return " ".join(w[:1].upper() + w[1:] for w in text.split(" "))


def draw_handle() -> Handle:
    return Handle(secrets.randbelow(len(ADJECTIVES)), secrets.randbelow(len(ANIMALS)), False)


def floor_seconds(line_length: int | None, moves: int) -> float:
    """The least time a person takes over the deal: its shortest known line at ``HUMAN_PACE``."""
    shortest = moves if not line_length else min(line_length, moves)
    return shortest * HUMAN_PACE


@dataclass(frozen=True, slots=True)
class Entry:
    result: DailyResult
    flagged: bool


def entries(results: list[DailyResult], line_length: int | None) -> list[Entry]:
    """The ranked players, in order: won (by time, then moves), then lost, then left; those
    flagged too fast after them. A first game still in play (blocked but not closed: one undo
    plays on), or not played online, is not ranked."""
    found = []
    for r in results:
        if not r.ranked or r.status not in ORDER or (r.status == "blocked" and not r.closed):
            continue
        flagged = r.status == "won" and r.seconds < floor_seconds(line_length, r.moves)
        found.append(Entry(r, flagged))
    return sorted(found, key=lambda e: (e.flagged, ORDER[e.result.status], e.result.seconds, e.result.moves))


def ranking(
    store: Store,
    accounts: Accounts,
    player: str,
    words: Words,
    code: str | None,
    since: float,
    until: float,
) -> dict[str, Any]:
    """``GET /api/daily/ranking``'s answer for the challenge ``code`` played between ``since`` and
    ``until`` (None: no deal was chosen then), as ``player`` may be told it."""
    mine = accounts.handle(player)
    me = {"shown": bool(mine and mine.shown), "handle": handle_text(words, mine) if mine else None}
    out: dict[str, Any] = {"entries": [], "shown": True, "me": me, "pace": HUMAN_PACE}
    if code is None:
        return out
    results = store.daily_results(code, since, until)
    if time.time() < until:  # running: told once the player's own game of it is over
        own = next((r for r in results if r.player == player), None)
        if own is None or not own.closed:
            return {**out, "shown": False}
        with store.held(own.id, player) as saved:
            if not figures_told(saved, store.replayed(saved)):
                return {**out, "shown": False}
    known = store.verdict(code)
    found = entries(results, known.line_length if known is not None and known.verdict == "winnable" else None)
    picked = window(found, player)
    names = accounts.handles_of([found[i].result.player for i, _place in picked])
    listed = []
    for i, place in picked:
        e = found[i]
        handle = names.get(e.result.player)
        listed.append(
            {
                "place": place,
                "position": i + 1,
                "handle": handle_text(words, handle) if handle is not None and handle.shown else None,
                "status": {"blocked": "lost"}.get(e.result.status, e.result.status),
                "seconds": round(e.result.seconds, 1),
                "moves": e.result.moves,
                "flagged": e.flagged,
                "mine": e.result.player == player,
            }
        )
    out["entries"] = listed
    out["total"] = len(found)
    return out


def window(found: list[Entry], player: str, top: int = TOP, around: int = AROUND) -> list[tuple[int, int | None]]:
    """The entries answered of the ranking ``found``, as (index, place): the first ``top``, and
    ``player``'s own with ``around`` either side; a flagged entry has no place (None)."""
    places: list[int | None] = []
    place = 0
    for e in found:
        place += 0 if e.flagged else 1
        places.append(None if e.flagged else place)
    mine = next((i for i, e in enumerate(found) if e.result.player == player), None)
    picked = set(range(min(top, len(found))))
    if mine is not None:
        picked |= set(range(max(0, mine - around), min(len(found), mine + around + 1)))
    return [(i, places[i]) for i in sorted(picked)]


def opt(accounts: Accounts, player: str, shown: bool, words: Words) -> dict[str, Any]:
    """``POST /api/daily/ranking/me``: the player's handle shown or not (drawn the first time)."""
    handle = accounts.set_handle(player, draw_handle(), shown)
    return {"shown": handle.shown, "handle": handle_text(words, handle)}
