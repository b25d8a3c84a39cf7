"""The Examples pages' games, each in its game's package: the Crescent one is the seeds' won game."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from paciencia.engine.cards import parse_card_id
from paciencia.engine.protocol import Status
from paciencia.games import REGISTRY
from paciencia.games.crescent.example import SEED_DESCRIPTIONS
from paciencia.games.examples import DATA, example, package
from paciencia.i18n import Words


@pytest.mark.parametrize("game", list(REGISTRY))
def test_every_example_replays_to_won(game: str) -> None:
    found = example(game)
    assert found is not None
    states = list(s.status for s in found.states())
    assert states[-1] == Status.WON
    assert all(s == Status.PLAYING for s in states[:-1])


def test_crescent_passes_through_the_seeds_three_positions() -> None:
    found = example("crescent")
    assert found is not None
    italian = Words("it")
    seen = [italian.describe(s) for s in found.states()]
    assert seen[found.mark("before_ten")] == SEED_DESCRIPTIONS["before_ten"]
    assert seen[found.mark("first_phase")] == SEED_DESCRIPTIONS["first_phase"]
    assert seen[found.mark("after_redeal")] == SEED_DESCRIPTIONS["after_redeal"]
    assert found.mark("before_ten") == 9  # the position the seed shows for the 10th move


def test_crescent_tenth_move_puts_the_ace_of_spades_of_pile_10_on_the_king_of_spades_of_pile_14() -> None:
    found = example("crescent")
    assert found is not None
    assert found.moves[9] == "10-14"
    states = found.states()
    for _ in range(10):
        before = next(states).copy()
    after = next(states)
    assert before.observe().place("10").cards[-1] == parse_card_id("As")
    assert before.observe().place("14").cards[-1] == parse_card_id("Ks")
    assert after.observe().place("14").cards[-1] == parse_card_id("As")
    assert after.observe().place("14").count == 7


def test_crescent_first_redeal_turns_pile_1_as_the_seeds_say() -> None:
    found = example("crescent")
    assert found is not None
    first = found.moves.index("R")
    states = found.states()
    for _ in range(first + 1):
        before = next(states).copy()
    after = next(states)
    cards = [parse_card_id(t) for t in ["2h", "9c", "Jd", "Jd"]]
    assert [c for c, _ in dict(before.place_lines())["1"]] == cards
    assert [c for c, _ in dict(after.place_lines())["1"]] == cards[1:] + cards[:1]


def test_the_stored_data_is_what_the_script_writes() -> None:
    """Each data file holds its start and its line only, in its game's move notation (each token
    reads as a move that prints as the token: ``12+W``, ``3x4-6``)."""
    for game in REGISTRY:
        pkg = package(game)
        assert pkg is not None
        data = json.loads((resources.files(pkg) / DATA).read_text(encoding="utf-8"))
        assert data["game"] == game
        assert set(data) == {"game", "start_kind", "start", "moves"}
        rules = REGISTRY[game].game(next(iter(REGISTRY[game].game.variants)))
        assert all(str(rules.parse_move(t)) == t for t in data["moves"]), game


def test_klondike_example_is_draw_three() -> None:
    found = example("klondike")
    assert found is not None
    assert found.start.startswith("KL1-3-")
