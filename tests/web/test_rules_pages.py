"""The rules pages say what the seeds say, in every language: the refusals in the table's own
words, the schemas (the board description as their text alternative), the links to the
Examples page's steps, the variants."""

from __future__ import annotations

import html
import re

import pytest
from fastapi.testclient import TestClient

from paciencia.engine.reasons import Reason
from paciencia.games.crescent.example import SEED_DESCRIPTIONS
from paciencia.games.crescent.words import BASE_LOCKED, EMPTY_PILE, PILE_FULL, WRONG_RANK
from paciencia.games.examples import must_example
from paciencia.i18n import LOCALES, Words

CRESCENT = must_example("crescent")
KLONDIKE = must_example("klondike")


def _alts(page: str) -> list[str]:
    return [html.unescape(a) for a in re.findall(r'class="schema-board" role="img" aria-label="([^"]*)"', page)]


@pytest.mark.parametrize("lang", LOCALES)
def test_crescent_rules_quote_the_refusals_and_show_both_examples(client: TestClient, lang: str) -> None:
    page = html.unescape(client.get(f"/{lang}/crescent/rules").text)
    words = Words(lang)
    for reason in (PILE_FULL, Reason.WRONG_SUIT, WRONG_RANK, EMPTY_PILE, BASE_LOCKED):
        assert words.reason(reason) in page, reason
    assert words.action("redeal", 0) in page
    assert 'class="in-short"' in page
    assert f'href="/{lang}/crescent/examples?step=10"' in page  # the tenth move
    assert f'href="/{lang}/crescent/examples?step={CRESCENT.mark("after_redeal")}"' in page
    for code in ("CR1-F-", "CR1-D-", "CR1-B-"):
        assert code in page
    assert "Crescent Four" in page
    assert len(_alts(page)) == 4  # the deal, before the tenth move, either side of the first redeal


def test_the_italian_schemas_carry_the_seeds_descriptions(client: TestClient) -> None:
    alts = _alts(client.get("/it/crescent/rules").text)
    assert alts[1] == SEED_DESCRIPTIONS["before_ten"]
    assert alts[2] == SEED_DESCRIPTIONS["first_phase"]
    assert alts[3] == SEED_DESCRIPTIONS["after_redeal"]


@pytest.mark.parametrize("lang", LOCALES)
def test_klondike_rules_have_their_schemas_and_links(client: TestClient, lang: str) -> None:
    page = html.unescape(client.get(f"/{lang}/klondike/rules").text)
    alts = _alts(page)
    assert len(alts) == 2  # the deal, the first draw's fan
    assert all(alt.endswith(".") and ":" in alt for alt in alts)
    assert f'href="/{lang}/klondike/examples?step={KLONDIKE.mark("first_draw")}"' in page
    assert page.count('class="card') >= 7 + 3


def test_the_english_klondike_rules_say_the_seeds_points(client: TestClient) -> None:
    page = html.unescape(client.get("/en/klondike/rules").text)
    for said in (
        "without jokers",
        "Ace is the lowest",
        "Spades and clubs are black",
        "phase",
        "preview card",
        "close that notice",
        "turned it over at least once",
        "one tap on it copies it",
        "recycles are unlimited",
        "gold rush",
        "Tips",
    ):
        assert said in page, said


@pytest.mark.parametrize("lang", LOCALES)
@pytest.mark.parametrize("game", ["pyramid", "tripeaks"])
def test_the_take_away_rules_show_the_deal_and_each_named_step(client: TestClient, game: str, lang: str) -> None:
    """Pyramid's King alone, pair and waste; TriPeaks' run from the waste and turn of the stock:
    each a schema linked to its step, its board description the text alternative."""
    example = must_example(game)
    page = html.unescape(client.get(f"/{lang}/{game}/rules").text)
    alts = _alts(page)
    assert len(alts) == 1 + len(example.marks) and len(example.marks) >= 2
    assert all(alt.endswith(".") and ":" in alt for alt in alts)
    for _name, step in example.marks:
        assert f'href="/{lang}/{game}/examples?step={step}"' in page
