"""A game's words come from its own package: a game of this file brings its own refusal reason,
kind of place, group name and catalog, and the site says them with no edit to a shared file;
and the words each real game gives for what generic code asks (Finish's condition)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from paciencia.engine.dealcode import DealCode
from paciencia.engine.protocol import Group, Observation, PlaceInfo
from paciencia.engine.reasons import Reason
from paciencia.games import new_state, registered
from paciencia.games.crescent.words import WRONG_RANK
from paciencia.games.table import Table
from paciencia.i18n import LOCALES, NP_, GameWords, Words, vocabulary
from paciencia.play.words import say
from tests.browser.test_toy_game import COLS, StairsGame, StairsMove, StairsState

TOO_HIGH = Reason("steps_too_high")


class StepsGame(StairsGame):
    """Stairs, but in words of its own: its columns are steps, and it refuses in its own reason."""

    name = "steps"
    prefix = "SQ"

    def new_state(self, number: int) -> StepsState:
        s = super().new_state(number)
        return StepsState(self, self.code(number), s.cols, s.down, s.up)


class StepsState(StairsState):
    def __init__(self, game: Any, code: DealCode, cols: list[list[int]], down: list[int], up: int, moves: int = 0):
        super().__init__(game, code, cols, down, up, moves)

    def check(self, move: StairsMove) -> Reason | None:
        reason = super().check(move)
        return TOO_HIGH if reason is WRONG_RANK else reason

    def observe(self) -> Observation:
        obs = super().observe()
        places = tuple(dataclasses.replace(p, kind="step") if p.kind == "column" else p for p in obs.places)
        groups = tuple(Group("steps", g.places) if g.name == "columns" else g for g in obs.groups)
        return dataclasses.replace(obs, places=places, groups=groups)


def _step(w: Words, p: PlaceInfo) -> str:
    if not p.cards:
        return w._("step %(number)d: empty", number=p.number)
    return w._("step %(number)d: %(card)s", number=p.number, card=w.top(p))


def _to_step(w: Words, p: PlaceInfo, card: int, n: int) -> str:
    return w._("%(card)s to step %(number)s.", card=w.card_name(card), number=p.number)


SPANISH = {
    "A step takes only a lower card": "Un peldaño solo admite una carta más baja",
    "step %(number)d: empty": "peldaño %(number)d: vacío",
    "step %(number)d: %(card)s": "peldaño %(number)d: %(card)s",
    "%(card)s to step %(number)s.": "%(card)s al peldaño %(number)s.",
    "The steps": "Peldaños",
}


def _po(entries: dict[str, str]) -> str:
    head = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
    head += '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n'
    body = "".join(f'\nmsgid "{k}"\nmsgstr "{v}"\n' for k, v in entries.items())
    body += '\nmsgctxt "step"\nmsgid "selected"\nmsgstr "seleccionado"\n'
    return head + body


@pytest.fixture
def steps(tmp_path: Path) -> Iterator[GameWords]:
    """The game registered with its words, and its Spanish catalog in a folder of its own."""
    locales = tmp_path / "locales"
    po = locales / "es" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text(_po(SPANISH), encoding="utf-8")
    words = GameWords(
        catalog=locales,
        reasons={TOO_HIGH: "A step takes only a lower card"},
        places={"step": _step},
        arrivals={"step": _to_step},
        selected={"step": NP_("step", "selected")},
        ui={"steps": "The steps"},
    )
    with registered(StepsGame, Table(words=words)):
        yield words


def _deal_with_a_refusal() -> tuple[str, str]:
    """A deal's code and a move its rules refuse as too high a card for a step."""
    for number in range(1, 200):
        state = StepsGame().new_state(number)
        for s in range(COLS):
            for d in range(COLS):
                if state.check(StairsMove(s, d)) is TOO_HIGH:
                    return str(state.code), str(StairsMove(s, d))
    raise AssertionError("no deal with such a move")


@pytest.mark.usefixtures("steps")
def test_a_games_own_reason_kind_and_catalog_reach_the_words() -> None:
    code, _move = _deal_with_a_refusal()
    state = new_state(code)
    es, en = Words("es"), Words("en")
    assert es.reason(TOO_HIGH) == SPANISH["A step takes only a lower card"]
    assert en.reason(TOO_HIGH) == "A step takes only a lower card"
    assert es.describe(state).startswith("peldaño 1: ")
    assert say(es, "steps") == "Peldaños"
    step = next(p for p in state.observe().places if p.kind == "step")
    assert es.arrival(step, 0, 1) == "as de picas al peldaño 1."
    assert "peldaño" not in Words("it").describe(state)  # no Italian catalog: its English words
    assert es.reason(Reason.SAME_PLACE) == "La carta ya está ahí"  # the site's words stay


@pytest.mark.usefixtures("steps")
def test_the_api_refuses_in_the_games_own_words(client: TestClient) -> None:
    code, move = _deal_with_a_refusal()
    game = client.post("/api/games?lang=es", json={"code": code}).json()
    assert [g["label"] for g in game["groups"]] == ["Peldaños", "Cimientos"]
    assert game["places"][0]["label"].startswith("peldaño 1: ")
    res = client.post(f"/api/games/{game['id']}/moves?lang=es", json={"move": move, "version": 0})
    assert res.status_code == 422
    assert res.json()["reason"] == "steps_too_high"
    assert res.json()["message"] == SPANISH["A step takes only a lower card"]


def test_the_words_of_an_unknown_reason_or_kind_are_an_error() -> None:
    with pytest.raises(ValueError, match="no_such"):
        Words("es").reason("no_such")
    with pytest.raises(ValueError, match="no_such"):
        Words("es").describe_place(PlaceInfo("1", "no_such", 0))


def test_two_games_that_word_one_kind_differently_are_refused(tmp_path: Path) -> None:
    other = GameWords(places={"column": _step})
    with registered(StepsGame, Table(words=other)), pytest.raises(ValueError, match="column"):
        vocabulary()


FINISH_WORDS = {
    "klondike": "Finish comes once every card is face up and the stock holds nothing unseen.",
    "freecell": "Finish comes once every cascade runs down in rank from its first card.",
}
DEALS = {"klondike": "KL1-3-AAAAAAB", "freecell": "FC1-4-AAAAAAB"}


@pytest.mark.parametrize("lang", LOCALES)
@pytest.mark.parametrize("game", sorted(FINISH_WORDS))
def test_finish_refused_says_the_games_own_condition(client: TestClient, game: str, lang: str) -> None:
    """FreeCell's Finish, refused, said Klondike's condition (a stock holding unseen cards)."""
    view = client.post(f"/api/games?lang={lang}", json={"code": DEALS[game]}).json()
    assert not view["can_finish"]
    res = client.post(f"/api/games/{view['id']}/finish?lang={lang}", json={"version": 0})
    assert res.status_code == 422 and res.json()["error"] == "cannot_finish"
    assert res.json()["message"] == Words(lang).t.gettext(FINISH_WORDS[game])
    if lang != "en":
        assert res.json()["message"] != FINISH_WORDS[game]
