"""``paciencia.engine.record``'s classes behave as the standard library's dataclasses: each class
below is made twice, once by each, and the two are held to the same answers."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar

import pytest

from paciencia.engine import record

T = TypeVar("T")
MAKERS: dict[str, tuple[Callable[..., Any], Callable[..., Any]]] = {
    "dataclasses": (dataclasses.dataclass, dataclasses.field),
    "record": (record._dataclass, record._field),
}


def classes(dataclass: Callable[..., Any], field: Callable[..., Any]) -> dict[str, Any]:
    """The kinds of dataclass the project makes (the engine's moves, places, words, cards)."""

    @dataclass(frozen=True, slots=True)
    class Place:
        place: str
        count: int = 0
        cards: tuple[int, ...] = ()
        NAMES: ClassVar[tuple[str, ...]] = ("a", "b")

    @dataclass(frozen=True, slots=True)
    class Move:
        src: int
        dst: int
        n: int = 1
        kind: int = field(init=False, compare=False, repr=False)

        def __post_init__(self) -> None:
            object.__setattr__(self, "kind", self.src * 10 + self.dst)

    @dataclass(frozen=True, slots=True)
    class GameMove(Move):
        def __str__(self) -> str:
            return f"{self.src}-{self.dst}"

    @dataclass(frozen=True, slots=True, order=True)
    class Card:
        suit: int
        rank: int

    @dataclass(frozen=True, eq=False)
    class Words:
        catalog: str | None = None
        reasons: dict[str, str] = field(default_factory=dict)

    @dataclass(frozen=True)
    class Table:
        name: str
        words: Words = field(default_factory=Words)
        spreads: dict[str, str] = field(default_factory=dict)

        def __repr__(self) -> str:
            return f"Table {self.name}"

    @dataclass(frozen=True, slots=True)
    class Played(Generic[T]):
        move: T
        count: int

    @dataclass
    class Open:
        x: int
        y: list[int] = field(default_factory=list)

    return dict(locals())


BOTH = {name: classes(*makers) for name, makers in MAKERS.items()}


def answers(ns: dict[str, Any]) -> list[object]:
    """Everything asked of one set of classes, as plain values."""
    place, move, game_move, card, words, table, played, open_ = (
        ns[k] for k in ("Place", "Move", "GameMove", "Card", "Words", "Table", "Played", "Open")
    )
    p = place("3", 2, (1, 2))
    m, g = move(1, 2), game_move(1, 2, 3)
    w = words("here")
    t = table("crescent", w)
    out: list[object] = [
        repr(p),
        p == place("3", 2, (1, 2)),
        p == place("3", 2),
        hash(p) == hash(place("3", 2, (1, 2))),
        hasattr(p, "__dict__"),
        place.__match_args__,
        repr(m),
        m.kind,
        m == move(1, 2),
        m == game_move(1, 2),
        str(g),
        g.kind,
        repr(g),
        sorted([card(2, 1), card(0, 5), card(0, 3)]) == [card(0, 3), card(0, 5), card(2, 1)],
        card(0, 1) < card(0, 2),
        w == words("here"),
        hash(w) != hash(words("here")),
        words().reasons is not words().reasons,
        repr(t),
        repr(played("D", 1)),
        played[int],
        copy.copy(p) == p,
        copy.copy(m).kind,
        copy.deepcopy(g) == g,
        copy.copy(t).name,
        [f.name for f in dataclasses.fields(m)],
        [f.name for f in dataclasses.fields(place)],
        dataclasses.is_dataclass(p),
        dataclasses.asdict(p),
        dataclasses.replace(p, count=5),
        dataclasses.replace(g, dst=4).kind,
        dataclasses.asdict(t)["words"]["catalog"],
        open_(1).y,
        open_.__hash__ is None,
    ]
    o = open_(1)
    o.x = 2
    out.append(o == open_(2))
    calls: list[Callable[[], object]] = [
        lambda: place(),
        lambda: place("1", 2, (), 4),
        lambda: place("1", county=2),
        lambda: place("1", place="2"),
    ]
    for call in calls:
        with pytest.raises(TypeError):
            call()
    changes: list[Callable[[], None]] = [
        lambda: setattr(p, "count", 1),
        lambda: delattr(p, "count"),
        lambda: setattr(t, "name", "x"),
    ]
    for change in changes:
        with pytest.raises(AttributeError):
            change()
    return out


def test_records_answer_as_dataclasses_do() -> None:
    made, expected = answers(BOTH["record"]), answers(BOTH["dataclasses"])
    assert [str(x) for x in made] == [str(x) for x in expected]


@record.dataclass(frozen=True, slots=True)
class Pickled:
    src: int
    kind: int = record.field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", self.src + 1)


def test_a_frozen_record_with_slots_is_pickled_whole() -> None:
    again = pickle.loads(pickle.dumps(Pickled(3)))
    assert (again, again.kind) == (Pickled(3), 4)


def test_an_option_the_project_does_not_use_is_refused() -> None:
    make: Any = record._dataclass
    with pytest.raises(TypeError):
        make(kw_only=True)
    with pytest.raises(TypeError):
        record._field(hash=False)  # type: ignore[call-arg]
    with pytest.raises(ValueError):

        @make(frozen=True)
        class Mutable:
            cards: list[int] = []  # noqa: RUF012 (the mistake refused)
