"""GET /api/examples/{game} and the Examples pages, through the real app."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from paciencia.games import REGISTRY, registered
from paciencia.games.crescent.example import SEED_DESCRIPTIONS
from paciencia.games.examples import example, must_example
from paciencia.games.table import Table
from tests.browser.test_toy_game import StairsGame


def test_the_crescent_steps_in_italian(client: TestClient) -> None:
    res = client.get("/api/examples/crescent?lang=it")
    assert res.status_code == 200
    data = res.json()
    steps = data["steps"]
    found = example("crescent")
    assert found is not None
    assert len(steps) == len(found.moves) + 1
    assert steps[0]["move"] is None and steps[0]["words"]
    assert steps[10]["move"] == "10-14"
    assert steps[10]["words"].startswith("Asso di picche sulla pila 14.")
    for name, text in SEED_DESCRIPTIONS.items():
        assert steps[data["marks"][name]]["description"] == text
    assert steps[-1]["status"] == "won"


@pytest.mark.parametrize("game", list(REGISTRY))
def test_every_game_answers_in_every_language(client: TestClient, game: str) -> None:
    for lang in ("en", "pt-PT", "pt-BR", "es", "it"):
        res = client.get(f"/api/examples/{game}", params={"lang": lang})
        assert res.status_code == 200
        assert res.json()["lang"] == lang
        assert client.get(f"/{lang}/{game}/examples").status_code == 200


def test_bad_input_is_refused_in_the_requests_language(client: TestClient) -> None:
    res = client.get("/api/examples/nothing?lang=es")
    assert res.status_code == 404
    assert res.json() == {"error": "not_found", "message": "Este juego no tiene ejemplo."}
    res = client.get("/api/examples/crescent?lang=xx", headers={"accept-language": "it"})
    assert res.status_code == 422
    assert res.json()["error"] == "bad_lang"
    assert res.json()["message"].startswith("xx non è una delle nostre lingue")
    assert client.get("/en/nothing/examples").status_code == 404


@pytest.fixture
def stairs() -> Iterator[None]:
    with registered(StairsGame, Table(board_label="columns")):
        yield


def test_a_game_without_an_example_answers_404(client: TestClient, stairs: None) -> None:
    assert client.get(f"/en/{StairsGame.name}/examples").status_code == 404
    assert client.get(f"/api/examples/{StairsGame.name}").status_code == 404


def test_a_step_in_the_query_is_the_page_first_shown(client: TestClient) -> None:
    page = client.get("/it/crescent/examples?step=9").text
    assert SEED_DESCRIPTIONS["before_ten"] in page
    assert 'data-step="9"' in page
    for bad in ("-3", "abc", "99999"):
        assert client.get(f"/it/crescent/examples?step={bad}").status_code == 200


def test_the_table_links_to_its_examples(client: TestClient) -> None:
    game = client.post("/api/games", json={"code": "CR1-N-AAAAAAB"}).json()
    page = client.get(f"/es/crescent/{game['id']}").text
    assert 'href="/es/crescent/examples" id="examples-link"' in page


def _slots(page: str) -> dict[str, str]:
    """Each place's drawn cards (its slot's markup), by place id."""
    place = r'data-place="([^"]+)"[^>]*><span class="name">[^<]*</span>'
    slot = r'<span class="slot" aria-hidden="true">(.*?)</span><span class="tag"'
    found = re.findall(place + slot, page)
    return dict(found)


def test_the_examples_board_draws_places_and_cards_as_the_table_does(client: TestClient) -> None:
    found = must_example("crescent")
    game = client.post("/api/games", json={"table": found.start}).json()
    table = _slots(client.get(f"/it/crescent/{game['id']}").text)
    shown = _slots(client.get("/it/crescent/examples").text)
    assert len(table) == 24
    assert shown == table
