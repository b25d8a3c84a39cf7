import pytest

from paciencia.engine.dealcode import DEAL_COUNT, DealCode, SplitMix64, number_to_letters, shuffled
from paciencia.engine.errors import InvalidCode
from paciencia.games import game_for, new_state


def test_splitmix64_matches_the_published_reference_outputs() -> None:
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    rng = SplitMix64(1234567)
    assert [rng.next() for _ in range(3)] == [6457827717110365317, 3203168211198807973, 9817491932198370423]


def test_codes_parse_case_insensitively_with_spaces() -> None:
    code = DealCode.parse("  cr1-n-aaaaaab \n")
    assert code == DealCode("CR", 1, "N", 1)
    assert str(code) == "CR1-N-AAAAAAB"


def test_deal_number_is_base_26_with_a_as_zero() -> None:
    assert DealCode.parse("CR1-N-AAAAAAA").number == 0
    assert DealCode.parse("CR1-N-AAAAABA").number == 26
    assert DealCode.parse("KL1-3-ZZZZZZZ").number == DEAL_COUNT - 1
    assert number_to_letters(26**3 + 2) == "AAABAAC"
    with pytest.raises(InvalidCode):
        number_to_letters(DEAL_COUNT)


@pytest.mark.parametrize(
    "bad",
    ["", "CR1", "CR1-N-AAAAAA", "CR1-N-AAAAAAAA", "CR1-N-AAAAAA1", "CR-N-AAAAAAB", "CR1N-AAAAAAB", "CR1-N-AAA AAAB"],
)
def test_malformed_codes_name_the_expected_form(bad: str) -> None:
    with pytest.raises(InvalidCode, match="CR1-N-AAAAAAB"):
        DealCode.parse(bad)


@pytest.mark.parametrize(
    ("bad", "needle"),
    [
        ("CR1-X-AAAAAAB", "variant 'X'"),
        ("XX1-N-AAAAAAB", "unknown game 'XX'"),
        ("CR2-N-AAAAAAB", "version 2"),
        ("KL1-2-AAAAAAB", "variant '2'"),
    ],
)
def test_unknown_games_versions_and_variants_are_refused(bad: str, needle: str) -> None:
    with pytest.raises(InvalidCode, match=needle):
        new_state(bad)


def test_the_shuffle_is_a_permutation_and_depends_on_game_and_number() -> None:
    items = list(range(52))
    a = shuffled(items, DealCode("CR", 1, "N", 5))
    assert sorted(a) == items and a != items
    assert shuffled(items, DealCode("CR", 1, "F", 5)) == a  # the variant never changes the shuffle
    assert shuffled(items, DealCode("CR", 1, "N", 6)) != a
    assert shuffled(items, DealCode("KL", 1, "N", 5)) != a


def test_variants_deal_the_same_cards() -> None:
    base = game_for(DealCode.parse("CR1-N-AAAAAAB")).new_state(1).to_text()
    four = new_state("CR1-F-AAAAAAB").to_text()
    assert base.splitlines()[1:] == four.splitlines()[1:]
