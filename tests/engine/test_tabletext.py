"""Table text: read back what is printed; refuse what is not a legal position, naming the problem."""

import pytest

from paciencia.engine.errors import InvalidPosition
from paciencia.engine.reasons import Position
from paciencia.games import new_state, state_from_text

DEAL = new_state("CR1-N-AAAAAAB").to_text()


def replace_line(text: str, place: str, body: str | None) -> str:
    lines = text.splitlines()
    out = [line for line in lines if not line.startswith(f"{place}:")]
    if body is not None:
        out.append(f"{place}: {body}")
    return "\n".join(out)


def test_a_deal_reads_back_as_itself() -> None:
    assert state_from_text(DEAL).to_text() == DEAL
    shuffled_lines = DEAL.splitlines()[:1] + DEAL.splitlines()[1:][::-1]
    assert state_from_text("\n".join(shuffled_lines) + "\n\n").to_text() == DEAL


def test_missing_fields_take_defaults() -> None:
    _header, *rest = DEAL.splitlines()
    bare = "\n".join(["# crescent CR1-F-AAAAAAB", *rest])
    assert (
        state_from_text(bare).to_text().splitlines()[0] == "# crescent CR1-F-AAAAAAB status=playing moves=0 redeals=4"
    )


def refused(text: str) -> InvalidPosition:
    with pytest.raises(InvalidPosition) as caught:
        state_from_text(text)
    return caught.value


def test_a_status_that_is_not_the_positions_is_refused() -> None:
    e = refused(DEAL.replace("status=playing", "status=won"))
    assert e.reason == Position.STATUS_MISMATCH and "status=won" in str(e) and "playing" in str(e)
    assert refused(DEAL.replace("status=playing", "status=blocked")).reason == Position.STATUS_MISMATCH


@pytest.mark.parametrize("number", ["²", "①", "١", "007", "00", "٣", "1" * 11])
def test_header_numbers_are_plain_ascii_digits_without_leading_zeros(number: str) -> None:
    e = refused(DEAL.replace("moves=0", f"moves={number}"))
    assert e.reason == Position.BAD_NUMBER and f"moves={number}" in str(e)


def test_a_face_down_card_in_a_face_up_crescent_deal_is_refused() -> None:
    e = refused(replace_line(DEAL, "1", "[9d] 7h 5c 2h 9h 8d"))
    assert e.reason == Position.FACE_DOWN_IN_FACE_UP_DEAL and "pile 1" in str(e)
    down = new_state("CR1-D-AAAAAAB").to_text()
    assert state_from_text(down).to_text() == down  # the face-down deal has them


def test_crescent_face_down_cards_are_no_more_than_the_redeals_left_allow() -> None:
    down = new_state("CR1-D-AAAAAAB")
    down.play("R")
    text = down.to_text()
    assert state_from_text(text).to_text() == text  # four face down under each top after a redeal
    dealt = new_state("CR1-D-AAAAAAB").to_text()  # five face down under each top
    e = refused(dealt.replace("redeals=3", "redeals=2"))
    assert e.reason == Position.TOO_MANY_FACE_DOWN and "at most 4" in str(e)


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("", "header"),
        ("1: As", "header"),
        ("# crescent", "deal code"),
        ("# crescent CR1-N-AAAAA", "7"),
        ("# klondike CR1-N-AAAAAAB", "crescent code"),
        (DEAL.replace("redeals=3", "redeals=9"), "redeals=9"),
        (DEAL.replace("redeals=3", "redeals=x"), "redeals=x"),
        (DEAL.replace("moves=0", "moves=-1"), "moves=-1"),
        (DEAL.replace("moves=0", "moves=0 colour=red"), "colour"),
        (DEAL.replace("moves=0", "moves=0 moves=1"), "twice"),
        (DEAL.replace("moves=0", "moves"), "key=value"),
        (DEAL.replace("status=playing", "status=lost"), "status=lost"),
        (replace_line(DEAL, "7", None), "'7' is missing"),
        (DEAL + "17: As\n", "unknown place '17'"),
        (DEAL + "7: As\n", "given twice"),
        (DEAL.replace("1: 9d", "1: 9x"), "9x"),
        (DEAL + "oops\n", "oops"),
    ],
)
def test_bad_table_text_is_refused_naming_the_problem(text: str, needle: str) -> None:
    with pytest.raises(InvalidPosition, match=needle.replace("(", r"\(")):
        state_from_text(text)


def test_card_counts_are_checked() -> None:
    with pytest.raises(InvalidPosition, match="105 cards"):
        state_from_text(replace_line(DEAL, "1", "9d 7h 5c 2h 9h 8d 8d"))
    with pytest.raises(InvalidPosition, match="but 2h appears 1 time, 9h appears 3 times"):
        state_from_text(replace_line(DEAL, "1", "9d 7h 5c 9h 9h 8d"))  # 2h once, 9h three times
    with pytest.raises(InvalidPosition, match="103 cards"):
        state_from_text(replace_line(DEAL, "1", "9d 7h 5c 2h 9h"))


def test_crescent_places_are_checked() -> None:
    with pytest.raises(InvalidPosition, match="foundation As must run from the Ace up"):
        state_from_text(replace_line(replace_line(DEAL, "As", "2s"), "4", "Ts 9s 3s As 4d Qh"))
    with pytest.raises(InvalidPosition, match="face-down"):
        state_from_text(replace_line(DEAL, "1", "9d [7h] 5c 2h 9h 8d"))
    with pytest.raises(InvalidPosition, match="top card must be face up"):
        state_from_text(replace_line(DEAL, "1", "[9d] [7h] [5c] [2h] [9h] [8d]"))
    too_many = replace_line(replace_line(DEAL, "1", "9d 7h 5c 2h 9h 8d Jc Qc Ac Js 7s Kh 3d 8c"), "2", "")
    too_many = replace_line(too_many, "3", "Td 4c 3h Jc")
    with pytest.raises(InvalidPosition, match="pile 1 holds 14 cards"):
        state_from_text(too_many)
