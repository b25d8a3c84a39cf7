"""What a player may be told about a game, decided in one place.

During play nothing the site says may depend on a card the player has not been shown. Most of
what is said comes from the game's ``Observation``, which carries no such card. What names the
whole deal does: its code (the published shuffle turns a code into every card), its record (its
start is the code), its review, its measured level, the daily deal's figures, and a refusal of a
move played on the deal's real cards. ``deal_told`` decides, for every one of them, whether it
may be told; every answer that says any of them asks it.

The states it decides over (each in ``tests/web/test_secrecy.py``'s matrix): playing; blocked and
not yet closed (one undo plays on); won; closed by review; left for another game; left while a
replay of the same deal (or an offline line kept apart from it) is in play; a pasted position;
the daily deal. A game in play whose every card was seen tells all (a deal dealt face up).

A daily challenge's deal is everyone's until its day is over (the challenge of the week's until
its week is): nothing that names it is told before then, not even to a player whose own game of
it is over, for a second browser (another player) would learn it by leaving the game and play
the ranked deal knowing every card. The rankings' figures name no card: they are told to a
player once their own game of the deal is over (``figures_told``).
"""

from __future__ import annotations

import time

from paciencia.engine.protocol import Status
from paciencia.play.errors import ServiceError
from paciencia.play.held import HeldGame


def deal_told(game: HeldGame, replayed: bool) -> bool:
    """Whether what names ``game``'s whole deal may be told to its player now. ``replayed``: the
    same start is in play in another of the player's games (``Store.open_starts``); only asked
    of a closed game, for a game in play is itself the one that hides.

    - A pasted position: its cards are the player's own (its record tells only them).
    - The game's observation names its code while in play or won: no card is unseen (a deal dealt face up),
      or the game's own rule says a won position shows every card.
    - Otherwise only once closed for good (won, left, reviewed once blocked: a blocked game not
      yet closed takes an undo and plays on), and while no other game of the player plays the
      same deal (the closed game would tell what that one hides).
    """
    obs = game.observation()
    shows_all = obs.code is not None and obs.status in (Status.PLAYING, Status.WON)
    return told(
        closed=game.closed,
        replayed=replayed,
        pasted=game.start_kind == "text",
        shows_all=shows_all,
        embargoed=embargoed(game),
    )


def embargoed(game: HeldGame, now: float | None = None) -> bool:
    """Whether ``game``'s deal is a challenge whose day (or week) is not over yet: kept from
    everyone until then, whatever the game's state, a won game's included (its player saw every
    card, one at a time; the code gives a second browser the whole layout at once). A deal dealt
    face up has no embargo (``Store.embargo``): anyone who starts the challenge sees all of it."""
    return game.embargo is not None and (time.time() if now is None else now) < game.embargo


def told(
    *, closed: bool, replayed: bool, pasted: bool = False, shows_all: bool = False, embargoed: bool = False
) -> bool:
    """``deal_told`` from a game's facts (where only its stored row is at hand, as for the
    statistics, ``shows_all`` is left false: the stricter answer)."""
    return pasted or (not embargoed and (shows_all or (closed and not replayed)))


def challenge_over(until: float, now: float | None = None) -> bool:
    """Whether a challenge whose day (or week) ends at ``until`` is over: until then nothing that
    names its deal is told to anyone (its code, its measured level), whatever their own game of it."""
    return (time.time() if now is None else now) >= until


def challenge_level(measured: str | None, until: float, now: float | None = None) -> str | None:
    """A challenge's level where it may be said: a level measured from every card of the deal
    tells of the unseen ones (``shown_level``), so only once the challenge is over; no player
    chose it."""
    return shown_level(None, measured, told=challenge_over(until, now))


def figures_told(game: HeldGame, replayed: bool) -> bool:
    """Whether the figures of a challenge's deal (everyone's time and moves on it: the ranking,
    the comparison) may be told to ``game``'s player: once their own game of it is over for good
    and no other game of theirs plays it. The figures name no card, so the challenge's embargo
    does not hold them back; before, they could help the game still in play."""
    return game.closed and not replayed


def hide_unless_told(game: HeldGame, replayed: bool) -> None:
    """409 ``record_hidden`` unless ``deal_told``: for the answers that are nothing but the deal
    (the record, a line replayed on the deal's own cards)."""
    if not deal_told(game, replayed):
        raise ServiceError(409, "record_hidden", "record_hidden")


def shown_level(chosen: str | None, measured: str | None, told: bool) -> str | None:
    """The deal's level where the table may say it: chosen by the player (they asked for a deal
    of that level), or measured, where the deal is told (the level is worked out from every card
    of the deal, so it tells of the unseen ones)."""
    if chosen is not None:
        return chosen
    return measured if told else None
