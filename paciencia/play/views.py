"""What the browser is sent for a position, for every game: the game's Observation, in words.

The browser holds no rules: for every place it gets its role, its visible cards and its
accessible name; for every source the places that accept it now and how many cards it may
carry; the game's buttons and taps; everything else it asks for. Nothing here depends on a
card the player has not been shown: the Observation carries none.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from paciencia.engine.protocol import Observation, PlaceInfo, Played, Role, Status, taken_of
from paciencia.games import NUMBERS, entry
from paciencia.i18n import Words
from paciencia.play.words import say

LEFT = "left"
"""The status of a game its player left for a newer one of the same game."""


@dataclass(frozen=True, slots=True)
class Meta:
    """What the table says of a game beside its position: which of the player's games it is and
    how long its record is (``version``), whether it was left or is over for good, whether it
    started from a pasted table text (whose header's code is the paster's word), its clock, and
    whether its deal was proved winnable."""

    id: str
    version: int
    left: bool = False
    closed: bool = False
    pasted: bool = False
    started: float | None = None
    ended: float | None = None
    winnable: bool = False
    level: str | None = None
    """The deal's level where the table may say it (``shown_level``)."""
    level_pending: bool = False
    """The deal's level is being measured."""
    deal_told: bool = False
    """What names the whole deal may be told (``play.disclosure.deal_told``): the code among it."""

    def result(self, obs: Observation) -> str:
        """The status the table shows: the position's, or ``left``."""
        return LEFT if self.left else obs.status.value

    def elapsed(self, now: float) -> float:
        if self.started is None:
            return 0.0
        return max(0.0, (self.ended if self.ended is not None else now) - self.started)


SUITS = ["♠", "♥", "♦", "♣"]
RED = [False, True, True, False]

_LABELS: dict[tuple[str, PlaceInfo], str] = {}
_FACES: dict[tuple[str, int], str] = {}


def face(words: Words, card: int) -> str:
    key = (words.locale, card)
    found = _FACES.get(key)
    if found is None:
        found = _FACES[key] = words.card_face(card)
    return found


def label(words: Words, place: PlaceInfo) -> str:
    """``words.describe_place(place)``, remembered: a game has few distinct places."""
    key = (words.locale, place)
    found = _LABELS.get(key)
    if found is None:
        if len(_LABELS) > 100_000:
            _LABELS.clear()
        found = _LABELS[key] = words.describe_place(place)
    return found


_NAMES: dict[tuple[str, str, str, int, int], str] = {}


def name(words: Words, place: PlaceInfo) -> str:
    """``words.place_name(place)``, remembered (it reads the place's kind, number and suit only)."""
    key = (words.locale, place.kind, place.place, place.number, place.suit)
    found = _NAMES.get(key)
    if found is None:
        found = _NAMES[key] = words.place_name(place)
    return found


def announce(words: Words, before: Observation, played: Played[Any], obs: Observation) -> str:
    """What the token played did (from the observations before and after it), then the end if it came."""
    parts: list[str] = []
    if played.undo:
        parts.append(say(words, "undone"))
    else:
        move = played.move
        src, n, dst = move.places()
        action = next((a for a in before.actions if a.token == str(move)), None)
        taken = taken_of(move)
        if action is not None:
            parts.append(_action_words(words, action.name, before, obs))
        elif taken and dst is None:
            parts.append(removal(words, before, taken, "taken"))  # the cards gone are the move's own
        elif dst is not None:
            there = obs.place(dst)
            came = before.place(src).cards if src is not None else ()
            if n <= len(came):  # the first card moved, as the source showed it
                parts.append(arrival(words, there, came[-n], n))
            elif there.cards:
                parts.append(arrival(words, there, there.cards[-n] if n <= len(there.cards) else there.cards[-1], n))
            if there.count < before.place(dst).count + n:  # cards left it at once (a complete run, by itself)
                parts += _gone_up(words, before, obs, dst)
                parts.append(_left_behind(words, before.place(dst), there))
            if src is not None:
                parts.append(_left_behind(words, before.place(src), obs.place(src)))
        if action is not None or (dst is None and not taken):
            parts += _gone_up(words, before, obs, dst)
    if obs.status != Status.PLAYING:
        parts.append(words.status(obs.status.value))
    return " ".join(p[:1].upper() + p[1:] for p in parts if p)  # sentences that start with a card's name


def removal(words: Words, obs: Observation, taken: tuple[str, ...], key: str) -> str:
    """A removal's words (``key`` ``taken``: done; ``hint_take``: a hint's), its cards as ``obs``
    shows them: one card alone, or a pair."""
    cards = [words.card_name(obs.place(p).cards[-1]) for p in taken if obs.place(p).cards]
    if len(cards) == 1:
        return say(words, key + "_one", card=cards[0])
    return say(words, key + "_two", card=cards[0], other=cards[1])


def _gone_up(words: Words, before: Observation, obs: Observation, dst: str | None) -> list[str]:
    """The cards that went to a foundation by themselves as the token was played (a complete
    run that leaves as part of the move or the deal that completed it), as arrivals there."""
    out = []
    for was, now in zip(before.places, obs.places, strict=True):
        if now.role == Role.FOUNDATION and now.place != dst and now.count > was.count and now.cards:
            out.append(arrival(words, now, now.cards[-1], now.count - was.count))
    return out


def _action_words(words: Words, name: str, before: Observation, obs: Observation) -> str:
    return words.action_done(name, obs)  # the game's words for its action


def arrival(words: Words, place: PlaceInfo, card: int, n: int) -> str:
    """``card`` (the first of ``n``) goes to ``place``: a move's words, and a hint's, as the
    game whose kind of place it is says them."""
    return words.arrival(place, card, n)


def _left_behind(words: Words, was: PlaceInfo, now: PlaceInfo) -> str:
    """What the source now shows: a card turned face up; or its new end card (or that it is
    empty) where a place shows only its top card, the cards under it hidden, or where it shows
    every one of two or more cards (a cascade spread out: the card now at its end is the one
    that plays, which a screen reader would otherwise find only by reading the whole pile)."""
    if now.role != Role.TABLEAU:
        return ""
    if now.face_down < was.face_down and now.cards:
        return say(words, "turned_up", card=words.card_name(now.cards[-1]))
    hidden = was.count > was.face_down + len(was.cards)  # cards under the top one were hidden
    spread = was.face_down == 0 and was.count == len(was.cards) >= 2
    if hidden or spread:
        if not now.count:
            return say(words, "now_empty", place=words.place_name(now))
        if now.cards:
            return say(words, "now_shows", place=words.place_name(now), card=words.card_name(now.cards[-1]))
    return ""


def _groups(words: Words, obs: Observation) -> list[dict[str, Any]]:
    """The groups in board order, each with its rank in the description's order."""
    read = {place: i for i, group in enumerate(obs.reading) for place in group}
    return [
        {"name": g.name, "label": say(words, g.name), "places": list(g.places), "read": min(read[p] for p in g.places)}
        for g in obs.groups
    ]


def shown_code(meta: Meta, obs: Observation) -> str | None:
    """The deal code the table names: where the disclosure rule tells the deal, and the game's
    own observation has a code to give; never for a pasted position, whose header's code is the
    paster's word, not checked against its cards (there the table names the game and variant)."""
    if obs.code is None or meta.pasted or not meta.deal_told:
        return None
    return str(obs.code)


def level_text(words: Words, level: str | None) -> str:
    return say(words, "level_is", level=say(words, "level_" + level)) if level else ""


def title(words: Words, meta: Meta, obs: Observation) -> str:
    """The game's name, its variant's where the table names it, and the code once it may be shown."""
    table = entry(obs.game).table
    parts = [say(words, table.title) if table.title else obs.game]
    variant = table.variant_titles.get(obs.variant)
    if variant:
        parts.append("— " + say(words, variant))
    code = shown_code(meta, obs)
    if code is not None and not table.variant_titles:
        parts.append(code)
    return " ".join(parts)


def status_text(words: Words, result: str) -> str:
    return say(words, "result_left") if result == LEFT else words.status(result)


def end_title(words: Words, game: str, result: str) -> str:
    """The results panel's title: the table's words for this end, or the status's."""
    key = entry(game).table.end_titles.get(result)
    return say(words, key) if key else status_text(words, result)


def game_view(
    meta: Meta,
    obs: Observation,
    words: Words,
    played: tuple[Observation, Played[Any]] | None = None,
    can_auto: bool = False,
) -> dict[str, Any]:
    """The position ``obs`` of the game ``meta`` for the browser, as ``GameView`` documents it
    (built as plain data: it is the server's hottest path, and these values come from the
    engine, so there is nothing to validate). ``played``: the view answers this token, played
    on the position before it (``last``, ``announce``). ``can_auto``: an automatic move up
    applies to the position (``State.auto_move``)."""
    labels = {p.place: label(words, p) for p in obs.places}
    places = []
    for p in obs.places:
        top = p.cards[-1] if p.cards else None
        places.append(
            {
                "id": p.place,
                "kind": p.kind,
                "role": p.role.value,
                "number": p.number,
                "count": p.count,
                "down": p.face_down,
                "cards": list(p.cards),
                "card": top,
                "face": face(words, top) if top is not None else None,
                "label": labels[p.place],
                "name": name(words, p),
            }
        )
    closed = meta.closed
    playing = not closed and obs.status == Status.PLAYING
    code = shown_code(meta, obs)
    caps = entry(obs.game).game.capabilities
    result = meta.result(obs)
    f = obs.figures
    ranks = [words.rank_letter(r) for r in range(13)]
    view: dict[str, Any] = {
        "id": meta.id,
        "game": obs.game,
        "variant": obs.variant,
        "lang": words.locale,
        "title": title(words, meta, obs),
        "code": code,
        "number": obs.code.number if code is not None and obs.code is not None and NUMBERS in caps else None,
        "version": meta.version,
        "status": result,
        "closed": closed,
        "status_text": status_text(words, result),
        "end_title": end_title(words, obs.game, result),
        "moves": f.moves,
    }
    view.update(f.counts)  # the game's own counters, by the names its Table shows them under
    view.update(obs.parameters)
    actions = []
    for a in obs.actions:
        enabled = a.enabled and playing
        text = words.action(a.name, a.left)
        actions.append(
            {"name": a.name, "token": a.token, "enabled": enabled, "text": text, "place": a.place, "left": a.left}
        )
        view["can_" + a.name] = enabled
        if text:
            view[a.name + "_text"] = text
    view.update(
        {
            "can_undo": obs.can_undo and not closed,
            "can_finish": obs.can_finish and playing,
            "can_auto": playing and can_auto,
            "actions": actions,
            "places": places,
            "groups": _groups(words, obs),
            "runs": dict(obs.runs),
            "dests": {} if closed else {k: list(v) for k, v in obs.dests.items()},
            "taps": obs.taps if playing else {},
            "takes": {k: [list(e) for e in v] for k, v in obs.takes.items()} if playing else {},
            "deck": {"ranks": ranks, "suits": SUITS, "red": RED},
            "ranks": ranks,
            "elapsed": round(meta.elapsed(time.time()), 1),
            "running": meta.started is not None and meta.ended is None,
            "last": played[1].token if played is not None else None,
            "announce": announce(words, played[0], played[1], obs) if played is not None else "",
            "description": ". ".join("; ".join(labels[n] for n in group) for group in obs.reading) + ".",
            "winnable": meta.winnable,
            # Whether the device may keep this game's record (``/record``): the disclosure rule's
            # word, so a page never asks for a record the server would refuse.
            "record": meta.deal_told,
        }
    )
    view["level"] = meta.level
    view["level_text"] = level_text(words, meta.level)
    view["level_pending"] = meta.level is None and meta.closed and meta.level_pending
    return view
