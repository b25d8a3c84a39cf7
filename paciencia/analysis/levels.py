"""A difficulty for every deal: easy, medium, hard, expert, or not winnable.

A deal is *measured* once: the solver settles it with every card known on a budget of positions
(``SOLVE_NODES``; its node count to a win is its effort), and the honest player
(``paciencia.analysis.honest``, which sees only what a player is shown) plays it to the end
``SEEDS`` times, each time drawing its completions from a different seed. The honest player's
wins and the solver's effort make one difficulty figure (``difficulty``: mostly the honest
losses, the effort breaking ties); the level is where that figure falls among the thresholds
measured over a sample of deals (``scripts/make-levels``), kept with the levelled pools in
``levels.json``. Every budget is in positions, never in seconds, so a deal's measure is the
same on any machine.

A level is full knowledge (it is computed from every card of the deal): it is said of a game
only once the game is closed, or from the start when the player chose the level.
"""

from __future__ import annotations

import hashlib
import json
import math
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from paciencia.analysis import calibration
from paciencia.analysis.honest import Budget, advise
from paciencia.engine.knowledge import Knowledge
from paciencia.engine.protocol import State, Status
from paciencia.engine.verdict import Verdict
from paciencia.games import REGISTRY, new_state
from paciencia.solver import solve

LEVELS = ("easy", "medium", "hard", "expert")
"""The levels of a winnable deal, easiest first."""
NOT_WINNABLE = "unwinnable"
"""The level of a deal the solver proved lost (or could not win on its budget)."""
SEEDS = 4
"""Honest games played per deal, each on its own seed of completions (seeds 1 to 4: seed 0 is
the site's own hints', left for measuring the levels against)."""
PLAY = (8, 4_000)
"""The honest player's budget (completions, positions each) in a level's games: a third of the
site's hints' completions and a fifth of their positions, so that a deal is measured in about a
second of a core (the site's own hints play each measured deal once more, apart, to check the
levels against: ``scripts/make-levels``)."""
SOLVE_NODES = 5_000_000
"""The solver's budget per deal."""
FIGURES = (1, 2)
"""The difficulty figures (``difficulty``), kept per variant in its ``measure`` settings so that a
deal measured later is measured as its variant's were: 1, the share of honest games lost with the
solver's effort breaking ties (a variant without a ``figure`` setting); 2, how far the honest games
got (``Light``), for variants whose honest games nearly all win or nearly all lose, where the share
lost ties on most deals (each game's levels.json says which figure its variants use)."""
CUTS = ("quarters", "wins", "shares")
"""How a variant's winnable deals are cut into the four levels, kept in its ``measure`` settings
as ``"cut"`` (a variant without one: quarters). "quarters": a quarter of the deals measured each
(``thresholds``). "wins", on the first figure: by the honest games won alone (``win_cuts``), for a
variant where most deals tie on every game won, so that quarters would cut that tie on the
solver's effort, which says nothing there of how often a player who sees only what you see wins.
"shares": each level its own share of the deals, in order (kept as ``"shares"``), chosen on a first
part of the sample so that neighbouring levels' win rates lie apart and checked on the rest
(``bench/level_shares.py``), for a variant whose quarters leave two neighbours overlapping.
A variant measured on no honest game (``seeds`` 0) is cut on the solver's effort alone: the
first figure of a deal with no game is one plus its effort (``difficulty``)."""
MOVE_CAP = 1500
HINTS_DEALS = 4
HINTS_MOVES = 60
"""A variant's record of the hints its levels were measured with (``fingerprint``): the site's
hints' first moves, and the chance shown before each, on the sample's first deals."""
DATA = "levels.json"
"""Each game's levelled pools, in its own package (``scripts/make-levels`` writes it)."""


@dataclass(frozen=True, slots=True)
class Light:
    """How far one honest game of a deal's measure got: won; ``home``, the share of the deal's
    cards on the foundations at its end (1 for a win); ``chance``, the mean chance its advice
    gave over its positions (how sure the player could be along the way); its moves."""

    won: bool
    home: float
    chance: float
    moves: int

    def as_list(self) -> list[Any]:
        return [int(self.won), round(self.home, 4), round(self.chance, 4), self.moves]

    @classmethod
    def of(cls, row: list[Any]) -> Light:
        return cls(bool(row[0]), float(row[1]), float(row[2]), int(row[3]))

    @property
    def progress(self) -> float:
        """One figure from 0 to 1, higher further: the cards home and the chance, equally."""
        return (self.home + self.chance) / 2


@dataclass(frozen=True, slots=True)
class Measure:
    """What a deal's level rests on: the solver's verdict and positions searched, the honest
    games won of those played (``games``: each one's ``Light``, where the figure needs them)."""

    code: str
    verdict: str
    nodes: int
    wins: int
    seeds: int
    games: tuple[Light, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        found = {
            "code": self.code,
            "verdict": self.verdict,
            "nodes": self.nodes,
            "wins": self.wins,
            "seeds": self.seeds,
        }
        if self.games:
            found["games"] = [g.as_list() for g in self.games]
        return found

    @classmethod
    def of(cls, row: dict[str, Any]) -> Measure:
        """A measured row's (``scripts/make-levels measure``)."""
        games = tuple(Light.of(g) for g in row.get("games", ()))
        return cls(row["code"], row["verdict"], row["nodes"], row["wins"], row["seeds"], games)


def seeded(knowledge: Knowledge, seed: int) -> Knowledge:
    """The same knowledge with its completions drawn from another seed (``seed`` 0: its own).
    Still a function of what the player knows alone: the seed mixes into the knowledge's digest."""
    if seed == 0:
        return knowledge
    digest = hashlib.sha256(seed.to_bytes(8, "big") + knowledge.digest).digest()
    return replace(knowledge, digest=digest)


class Cancelled(Exception):
    """A measure given up on (its ``cancel`` said so: the server is stopping)."""


def autoplay(
    start: State[Any],
    budget: Budget | None = None,
    seed: int = 0,
    chances: list[float] | None = None,
    cancel: Callable[[], bool] | None = None,
    moves: list[str] | None = None,
    cap: int = MOVE_CAP,
    plain: bool = False,
) -> bool:
    """The honest player's game from ``start`` to its end (on the site's hint budget unless
    told); whether it was won. ``chances``: gets the chance the advice gave at each position;
    ``moves``: the moves played; ``cap``: the moves played at most (the first of a game, for a
    fingerprint of the hints: ``fingerprint``); ``plain``: the plain search's game
    (``honest.advise``), not the site's hints: a level's honest games."""
    game = start.game
    budget = budget or Budget(*game.hint_budget)
    state = start.copy()
    tokens: list[str] = [] if moves is None else moves
    while len(tokens) < min(cap, MOVE_CAP) and state.status == Status.PLAYING:
        if cancel is not None and cancel():
            raise Cancelled(str(start.code))
        advice = advise(seeded(game.knowledge(start, tokens), seed), budget, plain=plain)
        if chances is not None:
            chances.append(advice.chance)
        token = advice.analysis.token
        if advice.analysis.kind != "move" or token is None:
            break
        state.play(token)
        tokens.append(token)
    return state.status == Status.WON


def home_share(state: State[Any]) -> float:
    """The share of the deal's cards on its foundations (the places of its "foundations" group)."""
    homes = {p for g in state.observe().groups if g.name == "foundations" for p in g.places}
    lines = state.place_lines()
    total = sum(len(cards) for _, cards in lines)
    return sum(len(cards) for name, cards in lines if name in homes) / total if total else 0.0


def light(
    start: State[Any], budget: Budget, seed: int, cancel: Callable[[], bool] | None = None, cap: int = MOVE_CAP
) -> Light:
    """One honest game of a deal's measure (``autoplay`` on ``seed``), and how far it got."""
    chances: list[float] = []
    moves: list[str] = []
    won = autoplay(start, budget, seed, chances, cancel, moves, cap, plain=True)
    end = start.copy()
    end.play_all(moves)
    home = 1.0 if won else home_share(end)
    return Light(won, home, sum(chances) / len(chances) if chances else 0.0, len(moves))


def measure(
    code: str,
    seeds: int = SEEDS,
    budget: Budget | None = None,
    nodes: int = SOLVE_NODES,
    cancel: Callable[[], bool] | None = None,
    figure: int = 1,
) -> Measure:
    """A deal's measure (seconds of work: callers run it off any request); ``cancel``: asked
    before each move of the honest games, ``Cancelled`` once it says so; ``figure``: the
    difficulty figure it is for (``FIGURES``; 2 keeps each game's ``Light``)."""
    start = new_state(code)
    result = solve(start, math.inf, nodes)
    verdict = result.verdict.value
    if result.verdict == Verdict.WINNABLE:
        check = start.copy()
        check.play_all(result.line)
        if check.status != Status.WON:  # never level a deal on a line that does not win
            verdict = Verdict.UNKNOWN.value
    if verdict != Verdict.WINNABLE.value:
        return Measure(code, verdict, result.nodes, 0, 0)  # lost with every card known: lost for the player too
    return play(Measure(code, verdict, result.nodes, 0, 0), seeds, budget, cancel, figure)


def play(
    m: Measure,
    seeds: int = SEEDS,
    budget: Budget | None = None,
    cancel: Callable[[], bool] | None = None,
    figure: int = 1,
) -> Measure:
    """A winnable deal's honest games (seeds 1 to ``seeds``) added to its solver's measure ``m``
    (games it already has are kept: seeds after them are played)."""
    start = new_state(m.code)
    budget = budget or Budget(*PLAY)
    if figure == 1:
        wins = sum(autoplay(start, budget, seed, None, cancel, plain=True) for seed in range(1, seeds + 1))
        return Measure(m.code, m.verdict, m.nodes, wins, seeds)
    games = list(m.games) + [light(start, budget, seed, cancel) for seed in range(len(m.games) + 1, seeds + 1)]
    return Measure(m.code, m.verdict, m.nodes, sum(g.won for g in games), len(games), tuple(games))


def fingerprint(rows: list[dict[str, Any]], deals: int = HINTS_DEALS, moves: int = HINTS_MOVES) -> dict[str, Any]:
    """Which hints the site's games of measured rows (``scripts/make-levels measure``, in the
    sample's order) were played with, told by what they did: on the first ``deals`` deals, the
    first ``moves`` moves and the chance shown before each (a row keeps what it measured: rows
    of older runs kept the chances alone, rows whose game came from bench/honest_play.py the
    moves alone). A behaviour, not a hash of the source: an edit that changes no hint keeps it,
    any that changes a move or a chance shown breaks it (``hints_differ``)."""
    found: list[dict[str, Any]] = []
    for r in rows[:deals]:
        entry: dict[str, Any] = {"code": r["code"]}
        if "tokens" in r:
            entry["tokens"] = list(r["tokens"][:moves])
        if "chances" in r:
            entry["chances"] = list(r["chances"][:moves])
        found.append(entry)
    return {"seed": 0, "moves": moves, "deals": found}


def hints_differ(entry: dict[str, Any], moves: int = HINTS_MOVES) -> str | None:
    """Today's site hints (``autoplay`` on seed 0 and the site's budget, as the measure played
    them) replayed on a fingerprint's deal (``fingerprint``) for its first ``moves`` moves: the
    first move or chance that differs from the recorded one, said, or None when all agree."""
    tokens: list[str] = []
    chances: list[float] = []
    autoplay(new_state(entry["code"]), None, 0, chances, None, tokens, moves)
    now: dict[str, list[Any]] = {"chances": [round(c, 4) for c in chances], "tokens": tokens}
    for i in range(moves):
        for key, what in (("chances", "the chance shown before it"), ("tokens", "the hint")):
            if key not in entry:
                continue
            was, found = list(entry[key][:moves]), now[key]
            if i < max(len(was), len(found)):
                old, new = (was[i] if i < len(was) else None), (found[i] if i < len(found) else None)
                if old != new:
                    return f"{entry['code']}, move {i + 1}: {what} is {new} today, was {old} when measured"
    return None


def difficulty(m: Measure, nodes: int = SOLVE_NODES, figure: int = 1) -> float:
    """One figure, higher harder (``FIGURES``). 1: the share of honest games lost, plus the
    solver's effort (the log of its positions against its budget's) as a tenth, which orders
    deals the honest games tie on (a deal measured on no honest game: one plus its effort, so
    the effort alone orders such deals). 2: one less the honest games' mean progress (``Light``: the
    cards they brought home and the chance their advice gave on the way), which orders deals
    whose games all won, or all lost, by how near they came; the effort as a thousandth."""
    effort = min(math.log(max(m.nodes, 1)) / math.log(max(nodes, 2)), 1.0)
    if figure == 2:
        if not m.games:
            return 1.0 + 0.001 * effort
        return 1.0 - sum(g.progress for g in m.games) / len(m.games) + 0.001 * effort
    lost = (m.seeds - m.wins) / m.seeds if m.seeds else 1.0
    return lost + 0.1 * effort


def level_of(m: Measure, cuts: list[float], nodes: int = SOLVE_NODES, figure: int = 1) -> str | None:
    """The level of a measured deal, where ``cuts`` are the three thresholds of difficulty
    between easy, medium, hard and expert; None when the solver could not settle it."""
    if m.verdict == Verdict.UNWINNABLE.value:
        return NOT_WINNABLE
    if m.verdict != Verdict.WINNABLE.value:
        return None
    return LEVELS[bisect_right(cuts, difficulty(m, nodes, figure))]


def win_cuts(seeds: int) -> list[float]:
    """The cuts of "wins" (``CUTS``) on the first figure, for deals measured on ``seeds`` honest
    games: easy, every game won; medium, all but one; hard, all but two; expert, fewer. Each cut
    lies between a count of games lost plus the effort's tenth and the next count, so from 3 to 9
    games."""
    if not 3 <= seeds <= 9:
        raise ValueError(f"levels cut on the honest games' wins need 3 to 9 games a deal, not {seeds}")
    return [(lost + 0.5) / seeds + 0.05 for lost in range(3)]


def thresholds(
    measures: list[Measure],
    nodes: int = SOLVE_NODES,
    figure: int = 1,
    cut: str = "quarters",
    shares: Sequence[float] | None = None,
) -> list[float]:
    """The cuts that make each level about a quarter of the winnable deals measured (ties kept
    on one side: a cut lies between two different figures); ``cut`` "wins": ``win_cuts`` on the
    deals' games; "shares": each level about its share of ``shares`` (``CUTS``).

    >>> ms = [Measure(f"D{i}", Verdict.WINNABLE.value, 10, 4 - i % 5, 4) for i in range(20)]
    >>> [round(c, 2) for c in thresholds(ms)]  # 4 deals of each count of games lost, 0 to 4
    [0.14, 0.39, 0.64]
    >>> [round(c, 2) for c in thresholds(ms, cut="shares", shares=(0.2, 0.4, 0.2, 0.2))]
    [0.14, 0.64, 0.89]
    """
    if cut == "wins":
        if figure != 1:
            raise ValueError("levels cut on the honest games' wins are on the first figure")
        return win_cuts(max((m.seeds for m in measures if m.verdict == Verdict.WINNABLE.value), default=0))
    if cut == "quarters":
        shares = (0.25, 0.25, 0.25, 0.25)
    elif cut != "shares":
        raise ValueError(f"no such cut: {cut} ({', '.join(CUTS)})")
    if shares is None or len(shares) != 4 or min(shares) <= 0 or abs(sum(shares) - 1) > 1e-6:
        raise ValueError(f"levels cut by shares need four shares above 0 that make 1, not {shares}")
    figures = sorted(difficulty(m, nodes, figure) for m in measures if m.verdict == Verdict.WINNABLE.value)
    if not figures:
        return [0.0, 0.0, 0.0]
    cuts = []
    for q in (1, 2, 3):
        # floor(len x the shares below the cut), the quarters' q * len // 4 exactly
        at = figures[min(len(figures) - 1, int(len(figures) * sum(shares[:q]) + 1e-9))]
        below = [f for f in figures if f < at]
        cuts.append((below[-1] + at) / 2 if below else at - 1e-9)
    return cuts


# -- the levelled pools (package data) ---------------------------------------------------------


def data_path(game: str) -> Path:
    return REGISTRY[game].folder / DATA


@cache
def _data() -> dict[str, Any]:
    """Every registered game's pools, by ``<game>:<variant>``."""
    variants: dict[str, Any] = {}
    for name in REGISTRY:
        path = data_path(name)
        if path.exists():
            variants.update(json.loads(path.read_text(encoding="utf-8"))["variants"])
    return {"variants": variants}


def cuts(game: str, variant: str) -> list[float] | None:
    """The variant's thresholds, where its deals were measured."""
    found = _data()["variants"].get(f"{game}:{variant}")
    return list(found["cuts"]) if found else None


def pool(game: str, variant: str, level: str) -> list[str]:
    """The variant's deals of this level, measured in advance."""
    found = _data()["variants"].get(f"{game}:{variant}")
    return list(found["pools"].get(level, [])) if found else []


def known(code: str) -> str | None:
    """The level of a deal in the pools (or measured with them), if it is one."""
    for found in _data()["variants"].values():
        level = found["levels"].get(code)
        if level is not None:
            return str(level)
    return None


def honest_chance(game: str, variant: str, chance: float) -> float | None:
    """The honest player's chance of winning from a position whose share of winnable layouts is
    ``chance``, as measured (``paciencia.analysis.calibration``); None where it was not."""
    found = _data()["variants"].get(f"{game}:{variant}")
    if not found or "calibration" not in found:
        return None
    return calibration.honest(found["calibration"]["rates"], chance)


def figures(game: str, variant: str) -> dict[str, dict[str, int]] | None:
    """Per level (and "unwinnable"), the deals measured and the site's own hints' games won on
    them (seed 0, a game apart from those the level rests on); None where no levels were measured."""
    found = _data()["variants"].get(f"{game}:{variant}")
    return dict(found["figures"]) if found and "figures" in found else None


def hints(game: str, variant: str) -> dict[str, Any] | None:
    """The record of the hints the variant's levels were measured with (``fingerprint``)."""
    found = _data()["variants"].get(f"{game}:{variant}")
    return dict(found["hints"]) if found and "hints" in found else None


def settings(game: str, variant: str) -> dict[str, Any] | None:
    """How the variant's deals were measured (seeds, budgets), for measuring one more the same way."""
    found = _data()["variants"].get(f"{game}:{variant}")
    return dict(found["measure"]) if found else None


def rate(
    code: str, game: str, variant: str, cancel: Callable[[], bool] | None = None
) -> tuple[Measure, str | None] | None:
    """Measures a deal as its variant's pools were measured and gives its level; None for a
    variant without measured thresholds."""
    c = cuts(game, variant)
    how = settings(game, variant)
    if c is None or how is None:
        return None
    figure = int(how.get("figure", 1))  # the variants measured before figure 2 say none
    m = measure(code, how["seeds"], Budget(how["completions"], how["play_nodes"]), how["solve_nodes"], cancel, figure)
    return m, level_of(m, c, how["solve_nodes"], figure)
