"""Hindsight over commitments: the strong autoplayer's Klondike player (``bench/honest_play.py
--hop``), honest like the hints (it reads the player's ``Knowledge`` alone).

A *commitment* is a move that no single move undoes (a card turned up, a column emptied, a
talon card played), reached by moves that one move does undo (part of a run moved off a face-up
card, a card sent up off a face-up card or taken down). Each commitment is judged by hindsight:
the unseen cards are dealt afresh among their places, the commitment made, and the position
searched with every card known on a small budget of positions (``LIMIT``), a position with every
column card up and at most one in the talon counting as won. A UCB1 bandit spends batches of ten
such samples on the commitments until one has ``SAMPLES`` (lonelybot's allocation), or, by
default, the commitments race on common layouts: each still in the race is searched on the same
deals of the unseen cards, and one is dropped when the leader wins on more of them by a clear
margin (the paired difference), so that a clear choice costs few samples. All of it runs in C
(``_search.hop``).

The small budget is part of the judgement, not only a saving: a win found within it is a win that
many ways of playing on reach, so the player prefers positions that are won whatever the unseen
cards turn out to be. The figures: docs/honesty.md, "A stronger honest player".
"""

from __future__ import annotations

from paciencia.engine.knowledge import Knowledge
from paciencia.games.klondike.analysis import SEARCHED
from paciencia.games.klondike.rules import KlondikeState
from paciencia.games.klondike.solver import TC, TF, Step, _c_line, _c_position

SAMPLES = 1500
"""Samples of the commitment played, before it is played."""
LIMIT = 1000
"""Positions searched in a sample."""
GIVE_UP = 200
"""Samples each after which, with none won, the player stops looking (the caller decides)."""
UCB = 0.5
"""UCB1's constant (lonelybot's allocation, ``race=False``)."""
Z = 2.5
"""The race's margin, in standard errors of the paired difference (``race=True``)."""
TALON = 7
"""The C search's place number for the talon (columns are 0-6)."""
CLOSE = 0.015
"""With ``sight``: how near the leader's share won a commitment off the columns must be to go
before a leader that plays a talon card (the race's own closeness, ``RACE_CLOSE`` in C)."""


def hop_line(
    knowledge: Knowledge, samples: int = SAMPLES, limit: int = LIMIT, race: bool = True, sight: bool = False
) -> tuple[str, ...] | None:
    """The moves (tokens) of the commitment that the samples rate best (the only one, when
    there is one), or ``None`` when there is none or none won a sample."""
    lines = hop_lines(knowledge, samples, limit, race, sight)
    return lines[0] if lines else None


def hop_lines(
    knowledge: Knowledge, samples: int = SAMPLES, limit: int = LIMIT, race: bool = True, sight: bool = False
) -> list[tuple[str, ...]]:
    """Every commitment's moves, the best rated first (by the samples played, then won: the
    allocation plays the best most); none when no commitment won a sample (unless there is one
    commitment only). The tokens play on the real position as on ``knowledge``'s completions.
    ``sight``: on a near tie (``CLOSE``), a commitment that ends off the columns (a card turned
    up, a column emptied) goes before one that plays a talon card, which changes the cards the
    draws reach: hindsight knows them, the player does not (the diagnosis in docs/honesty.md)."""
    from paciencia.games.klondike import _search

    state = knowledge.state
    assert isinstance(state, KlondikeState)
    completion = knowledge.complete(sorted(knowledge.unseen))
    assert isinstance(completion, KlondikeState)
    slots = [_c_slot(completion, line, k) for line, k in knowledge.unknown]
    rows, nodes = _search.hop(
        *_c_position(completion), slots, samples, limit, knowledge.seed, GIVE_UP, Z if race else UCB, race
    )
    SEARCHED[0] += nodes
    if len(rows) > 1 and not any(wins for _, wins, _ in rows):
        return []
    rows.sort(key=lambda r: (r[2], r[1]), reverse=True)
    if sight:
        rows = _sight_first(rows)
    return [_c_line(completion, steps, wins=False) for steps, _, _ in rows]


Row = tuple[list[Step], int, int]


def _sight_first(rows: list[Row]) -> list[Row]:
    """``rows`` (best first), with the best near tie that plays no talon card first when the
    leader plays one."""
    if not rows or not _plays_talon(rows[0][0]):
        return rows
    _, wins, played = rows[0]
    for i, (other, w, n) in enumerate(rows[1:], 1):
        if n == played and wins - w <= CLOSE * played and not _plays_talon(other):
            return [rows[i], *rows[:i], *rows[i + 1 :]]
    return rows


def _plays_talon(steps: list[Step]) -> bool:
    return bool(steps) and steps[-1][0] in (TF, TC)


def _c_slot(state: KlondikeState, line: int, k: int) -> tuple[int, int]:
    """An unknown slot (``place_lines`` numbering: 0 the stock, 6-12 the columns) as the C
    search's place and index (the talon: the waste bottom to top, then the stock in drawing order)."""
    if line == 0:
        return TALON, len(state.waste) + len(state.stock) - 1 - k
    if 6 <= line <= 12:
        return line - 6, k
    raise ValueError(f"not an unknown Klondike slot: {(line, k)}")


HINT_SAMPLES = 150
"""The hints' race: layouts at most (a hint's CPU budget; docs/honesty.md, issue 40 part 3)."""


def hint_line(knowledge: Knowledge) -> tuple[str, ...] | None:
    """The hints' commitment: the sight player's best (``HINT_SAMPLES`` layouts at most) that
    leads to no position met since a card last came into sight, or None."""
    return fresh_line(knowledge, HINT_SAMPLES, LIMIT, True, True)


def fresh_line(knowledge: Knowledge, samples: int, limit: int, race: bool, sight: bool) -> tuple[str, ...] | None:
    """The best commitment (``hop_lines``) that leads to no position met since a card last came
    into sight (``fresh_moves``'s rule: the player would go round), or None."""
    from paciencia.analysis.honest import path_keys

    first = knowledge.complete(sorted(knowledge.unseen))
    met = path_keys(first, knowledge.since) | {first.key()}
    for line in hop_lines(knowledge, samples, limit, race, sight):
        sim = first.copy()
        for t in line:
            sim.play(t)
        if sim.key() not in met:
            return line
    return None
