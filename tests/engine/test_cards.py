import pytest

from paciencia.engine.cards import CARD_NAMES, Card, Rank, Suit, parse_card_id
from paciencia.engine.errors import InvalidCard


def test_card_parses_and_prints_itself() -> None:
    card = Card.parse("Ts")
    assert card == Card(Suit.SPADES, Rank.TEN)
    assert str(card) == "Ts"
    assert Card.parse(" qH ") == Card(Suit.HEARTS, Rank.QUEEN)


def test_every_card_round_trips_through_its_id_and_name() -> None:
    for i, name in enumerate(CARD_NAMES):
        card = Card.from_id(i)
        assert card.id == i
        assert str(card) == name
        assert Card.parse(name) == card
        assert parse_card_id(name) == i


def test_colours() -> None:
    assert Card.parse("Ah").is_red and Card.parse("Kd").is_red
    assert not Card.parse("As").is_red and not Card.parse("2c").is_red


@pytest.mark.parametrize("bad", ["", "T", "1s", "10s", "Tx", "Tss", "sT"])
def test_bad_cards_are_refused_naming_the_input(bad: str) -> None:
    with pytest.raises(InvalidCard, match=repr(bad).replace("[", r"\[")):
        Card.parse(bad)
