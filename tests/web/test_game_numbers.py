"""Microsoft's game numbers on FreeCell's page and in the API (PRODUCT.md §7, issue 37): ``11982``
and ``#11982`` name the deal ``FC1-4-…`` of that number, because FreeCell says it numbers its
deals (the ``numbers`` capability); a game that does not takes no bare number, and a refused
code's example is the page's game's."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from paciencia.games import NUMBERS, REGISTRY, read_code
from paciencia.i18n import LOCALES, Words
from paciencia.play.words import say


@pytest.mark.parametrize(
    ("text", "code", "number"),
    [("11982", "FC1-4-AAAARSW", 11982), ("#1", "FC1-4-AAAAAAB", 1), (" # 617 ", "FC1-4-AAAAAXT", 617)],
)
def test_a_game_number_on_freecells_page_is_microsofts_deal(
    client: TestClient, text: str, code: str, number: int
) -> None:
    assert str(read_code(text, "freecell")) == code
    res = client.post("/api/games", json={"code": text, "game": "freecell"})
    assert res.status_code == 201, res.text
    view = res.json()
    assert view["game"] == "freecell" and view["code"] == code and view["number"] == number
    assert client.get(f"/api/games/{view['id']}").json()["number"] == number


def test_only_a_game_that_numbers_its_deals_takes_a_number(client: TestClient) -> None:
    numbered = {name for name, e in REGISTRY.items() if NUMBERS in e.game.capabilities}
    assert numbered == {"freecell"}
    for name in REGISTRY:
        res = client.post("/api/games", json={"code": "11982", "game": name})
        assert (res.status_code == 201) == (name in numbered), (name, res.text)
    res = client.post("/api/games", json={"code": "11982"})  # no game named: the first one's page
    assert res.status_code == 422 and res.json()["error"] == "bad_code"
    # A code of any game is still read on any page, and the views of other games carry no number.
    res = client.post("/api/games", json={"code": "KL1-3-AAAAAAB", "game": "freecell"})
    assert res.status_code == 201 and res.json()["game"] == "klondike" and res.json()["number"] is None


@pytest.mark.parametrize("lang", LOCALES)
@pytest.mark.parametrize("game", list(REGISTRY))
def test_a_refused_code_shows_the_example_of_the_pages_game(client: TestClient, game: str, lang: str) -> None:
    res = client.post(f"/api/games?lang={lang}", json={"code": "not a code", "game": game})
    assert res.status_code == 422 and res.json()["error"] == "bad_code"
    message = res.json()["message"]
    found = REGISTRY[game].game
    example = str(found(next(iter(found.variants))).code(1))
    assert example in message
    assert set(re.findall(r"[A-Z]{2}1-[A-Z0-9]-[A-Z]{7}", message)) == {example}
    key = "bad_code_number" if NUMBERS in found.capabilities else "bad_code"
    assert message == say(Words(lang), key, example=example)


@pytest.mark.parametrize("text", ["0", "#0", "8031810176", "#-1", "1e3", "١٢"])
def test_numbers_outside_the_deals_are_refused(client: TestClient, text: str) -> None:
    res = client.post("/api/games", json={"code": text, "game": "freecell"})
    assert res.status_code == 422 and res.json()["error"] == "bad_code"


def test_the_form_takes_a_number_and_the_table_shows_it_beside_the_code(client: TestClient) -> None:
    res = client.post("/en/freecell/new", data={"code": "#11982"}, follow_redirects=False)
    assert res.status_code == 303 and "/en/freecell/" in res.headers["location"]
    page = client.get(res.headers["location"]).text
    assert re.search(r'<code id="code">FC1-4-AAAARSW</code>\s*<span[^>]*id="deal-number"[^>]*>#11982</span>', page)
    refused = client.post("/pt-BR/freecell/new", data={"code": "CR1"}, follow_redirects=False)
    assert refused.status_code == 422
    error = re.search(r'<p class="error" role="alert">([^<]*)</p>', refused.text)
    assert error is not None and "FC1-4-AAAAAAB" in error[1] and "CR1" not in error[1]
