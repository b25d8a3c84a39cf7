"""The one admission for every heavy or writing path: hints (and the chance of winning, and
review steps), reviews and replays from a late move, winnable-only and chosen-level games, and
lines sent back from offline. Each asks here before any work is done for it, and is refused
with 429 and ``Retry-After`` (in the page's language) past its player's bucket or its
address's: a player who makes new cookies is still one address, and an address shared by a
household or a school still lets each of its players through.

The buckets are ``limits``' rows (``paciencia/web/db/limits.py``), shared by every process on the
database: ``--workers N`` or several servers give no more than one.

What each costs and why (``Rates``):

- A hint costs one of ``hints`` (60 a minute past a burst of 10): a person asks far fewer.
- A review worked out or a replay from a late move costs one of ``heavy`` (10 a minute, burst
  5): each is up to seconds of a worker.
- A winnable-only or chosen-level game costs one of ``winnable`` (4 a minute, burst 8): when
  the pool of proved deals is empty each one is solved while the player waits (seconds of a
  core); a person who looks through a few deals for one they like still gets 8 at once.
- A small write of the player's own (opting in or out of the rankings, removing a device)
  costs one of ``account`` (30 a minute, burst 10).
- A one-time link code made costs one of ``links`` (2 a minute, burst 5): a person makes one,
  maybe two; each drops the player's code before it.
- A code typed to join a player costs one of ``joins`` (1 a minute, burst 5; an address's
  bucket four times that): a person types a code once or twice. Besides, each live code
  (``code_tries``) takes ``CODE_TRIES`` tries in all, right or wrong, from every address: past
  them it is burnt, so guessing one code is ``CODE_TRIES`` tries against the words it has
  (``service/devices.py`` says the odds) however many addresses try.
- A line sent from offline costs its moves from ``moves``: 2,000 an hour, a burst of 5,000.
  A person plays a few hundred moves an hour, so a long day offline (several hours, many
  games, all sent on the way back) goes through at once, and then a player writes at most
  2,000 moves an hour, 0.6 a second (every cookie of one address together: four times that).
  A line longer than the burst (``LINE_MOST``) could never be taken: it is refused as too
  long (413), not told to wait. It is weighed by all its moves, not the new ones alone: the
  server replays it whole, and a line that does not fit its game is stored whole as a game of
  its own.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from paciencia.play.errors import ServiceError
from paciencia.web.db.limits import Limits, Rate, Take

HINTS_PER_MINUTE = 60
"""Hints one player may ask a minute (past a burst of ``HINT_BURST``): a person asks far fewer;
a script asking without pause would keep a worker busy for good."""
HINT_BURST = 10
HEAVY_PER_MINUTE = 10
"""Reviews worked out and replays from a late move one player may ask a minute (past a burst of
``HEAVY_BURST``): each costs up to seconds of a worker, a hint a fifth of one."""
HEAVY_BURST = 5
WINNABLE_PER_MINUTE = 4
"""Winnable-only and chosen-level games one player may start a minute, past ``WINNABLE_BURST``."""
WINNABLE_BURST = 8
MOVES_PER_HOUR = 2000
"""Moves of lines sent from offline one player may have stored an hour, past ``MOVES_BURST``."""
MOVES_BURST = 5000
ACCOUNT_PER_MINUTE = 30
ACCOUNT_BURST = 10
LINKS_PER_MINUTE = 2
LINKS_BURST = 5
JOINS_PER_MINUTE = 1
"""Codes one player may type a minute to join another (past ``JOINS_BURST``)."""
JOINS_BURST = 5
CODE_TRIES = 5
"""Tries one link code takes in all, from everyone, before it is burnt (it lives ten minutes)."""
PER_ADDRESS = 4.0
"""An address's buckets are this many players' (refill and burst): players behind one address."""


@dataclass(frozen=True, slots=True)
class Rates:
    """Each path's bucket, per player (an address's: ``per_address`` times as large)."""

    hints: Rate = field(default_factory=lambda: Rate(HINTS_PER_MINUTE, HINT_BURST))
    heavy: Rate = field(default_factory=lambda: Rate(HEAVY_PER_MINUTE, HEAVY_BURST))
    winnable: Rate = field(default_factory=lambda: Rate(WINNABLE_PER_MINUTE, WINNABLE_BURST))
    moves: Rate = field(default_factory=lambda: Rate(MOVES_PER_HOUR / 60, MOVES_BURST))
    account: Rate = field(default_factory=lambda: Rate(ACCOUNT_PER_MINUTE, ACCOUNT_BURST))
    links: Rate = field(default_factory=lambda: Rate(LINKS_PER_MINUTE, LINKS_BURST))
    joins: Rate = field(default_factory=lambda: Rate(JOINS_PER_MINUTE, JOINS_BURST))
    code_tries: Rate = field(default_factory=lambda: Rate(1 / 30, CODE_TRIES))
    """A code's own bucket: ``CODE_TRIES`` at first, one more every half hour (the code is gone
    in ten minutes: no try comes back in its life; full again in 150 minutes, as the moves'
    bucket, so the clean-up of full buckets keeps no row longer than it did)."""
    per_address: float = PER_ADDRESS

    @property
    def line_most(self) -> int:
        """The longest line taken: the moves' burst (a longer one would wait for ever)."""
        return self.moves.burst


def retry_after(wait: float) -> dict[str, str]:
    return {"Retry-After": str(max(1, math.ceil(min(wait, 24 * 3600))))}


class Admission:
    """Admits each heavy or writing request of ``player`` from ``address`` (None: not known,
    as in a process of its own: the player's buckets alone), or refuses it (``ServiceError``)."""

    def __init__(self, limits: Limits, rates: Rates | None = None) -> None:
        self.limits = limits
        self.rates = rates or Rates()

    def takes(self, kind: str, player: str, address: str | None, cost: float = 1.0) -> list[Take]:
        """What a request of ``kind`` (``hints``, ``heavy``, ``winnable``, ``moves``, ``account``,
        ``links``, ``joins``) takes."""
        rate: Rate = getattr(self.rates, kind)
        found = [Take(f"{kind}:{player}", rate, cost)]
        if address:
            found.append(Take(f"{kind}@{address}", rate.times(self.rates.per_address), cost))
        return found

    def refused_for(self, kind: str, player: str, address: str | None) -> float:
        """Seconds this process knows the request must wait, without the database (0: ask)."""
        return max(self.limits.refused_for(t.key) for t in self.takes(kind, player, address))

    def _take(self, kind: str, player: str, address: str | None, cost: float = 1.0) -> float:
        return self.limits.take_all(self.takes(kind, player, address, cost))

    # -- the hint pool's places ------------------------------------------------------------------

    def hint(self, player: str, address: str | None, room: int) -> str:
        """A place among the ``room`` hints worked out at once: its ticket for ``release``;
        ``limits.Refused`` (``hint_running``, ``busy``, ``too_many``) for the pool to answer."""
        return self.limits.admit(player, room, self.takes("hints", player, address))

    def release(self, player: str, ticket: str) -> None:
        self.limits.release(player, ticket)

    # -- the others: 429 or nothing ------------------------------------------------------------

    def heavy(self, player: str, address: str | None) -> None:
        """A review worked out, a replay from a late move."""
        wait = self._take("heavy", player, address)
        if wait > 0:
            raise ServiceError(429, "too_many_requests", "too_many_heavy", retry_after(wait))

    def winnable(self, player: str, address: str | None) -> None:
        """A winnable-only or chosen-level game (a deal proved winnable, maybe solved now)."""
        wait = self._take("winnable", player, address)
        if wait > 0:
            raise ServiceError(429, "too_many_games", "too_many_games", retry_after(wait))

    def line(self, player: str, address: str | None, moves: int) -> None:
        """A line of ``moves`` sent back from offline: its moves from the player's hour."""
        most = self.rates.line_most
        if moves > most:
            raise ServiceError(413, "line_too_long", "offline_line_too_long", most=most)
        wait = self._take("moves", player, address, max(1, moves))
        if wait > 0:
            raise ServiceError(429, "too_many_moves", "too_many_offline", retry_after(wait))

    def account(self, player: str, address: str | None) -> None:
        """A small write of the player's own: opting in or out of the rankings, removing a device."""
        wait = self._take("account", player, address)
        if wait > 0:
            raise ServiceError(429, "too_many_changes", "too_many_changes", retry_after(wait))

    def link(self, player: str, address: str | None) -> None:
        """A one-time link code made."""
        wait = self._take("links", player, address)
        if wait > 0:
            raise ServiceError(429, "too_many_links", "too_many_links", retry_after(wait))

    def join(self, player: str, address: str | None) -> None:
        """A code typed to join another player (before it is looked for)."""
        wait = self._take("joins", player, address)
        if wait > 0:
            raise ServiceError(429, "too_many_joins", "too_many_joins", retry_after(wait))

    def code_try(self, code: str) -> bool:
        """One of the link code ``code``'s tries (its row's id), from whoever types it: False once
        its ``CODE_TRIES`` are spent (the code is then burnt)."""
        return self.limits.take_all([Take(f"code:{code}", self.rates.code_tries)]) <= 0
