"""The one protocol and board for moves that take cards away (issue 42): what the view says of
them (``takes``: each removal's partner and token), their words done and hinted in every
locale, and the board's ``<place>-<place>`` read by the games that take cards away."""

from __future__ import annotations

import pytest

from paciencia.engine.protocol import Analysis, takes_of
from paciencia.games import GAMES, REGISTRY, new_state
from paciencia.i18n import LOCALES, Words
from paciencia.play.views import Meta, game_view
from paciencia.web.service.games import hint_answer

PY = "PY1-3-AAAAAAC"  # its first moves: 23+24 (a pair), 28 (a King)
TP = "TP1-1-AAAAAAC"


@pytest.fixture(autouse=True)
def on_the_site(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("pyramid", "tripeaks"):  # whether or not the site lists them yet
        monkeypatch.setitem(REGISTRY, name, GAMES[name])


def test_takes_names_each_removal_from_both_of_its_cards() -> None:
    s = new_state(PY)
    legal = [m for m in s.legal_moves() if str(m) != "D"]
    takes = s.observe().takes
    assert takes == takes_of(legal)
    assert takes["23"] == (("24", "23+24"),) and takes["24"] == (("23", "23+24"),)
    assert takes["28"] == ((None, "28"),)  # a King goes alone
    assert s.observe().dests == {}  # no destination


def test_a_card_onto_the_waste_is_a_destination_not_a_removal() -> None:
    obs = new_state(TP).observe()
    assert obs.takes == {} and set(obs.dests.values()) == {("W",)}


def test_the_view_says_takes_while_the_game_is_played() -> None:
    s = new_state(PY)
    view = game_view(Meta("g", 0), s.observe(), Words("en"))
    assert view["takes"]["23"] == [["24", "23+24"]] and view["takes"]["28"] == [[None, "28"]]


@pytest.mark.parametrize("locale", LOCALES)
def test_a_removal_is_said_and_hinted_in_every_locale(locale: str) -> None:
    words = Words(locale)
    s = new_state(PY)
    before = s.observe()
    hint = hint_answer(s.copy(), Analysis("move", "23+24"), words)
    assert hint["taken"] == ["23", "24"] and hint["dst"] is None and hint["src"] == "23"
    ace, queen = (words.card_name(before.place(p).cards[0]) for p in ("23", "24"))
    assert ace in hint["message"] and queen in hint["message"]
    played = s.step("24-23")  # the board's way, read as the pair
    assert played.token == "23+24"
    said = game_view(Meta("g", 1), s.observe(), words, (before, played))["announce"]
    assert ace.lower() in said.lower() and queen.lower() in said.lower()
    if locale != "en":
        assert "Taken away" not in said and "take away" not in hint["message"]
    king = s.observe()
    played = s.step("28")
    said = game_view(Meta("g", 2), s.observe(), words, (king, played))["announce"]
    assert words.card_name(king.place("28").cards[0]).lower() in said.lower()


def test_tripeaks_reads_the_boards_card_onto_the_waste() -> None:
    s = new_state(TP)
    first = next(iter(s.observe().dests))
    assert s.step(f"{first}-W").token == first
