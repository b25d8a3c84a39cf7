"""Klondike on the site without a browser: the API's views, hints, Finish, and the pages."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from paciencia.games import new_state, state_from_text
from paciencia.games.klondike.rules import KlondikeState
from paciencia.i18n import LOCALES
from tests.tables import FINISH, MOVES, NO_USEFUL
from tests.tables import KLONDIKE_BLOCKED_IN_ONE as BLOCKED_IN_ONE
from tests.tables import KLONDIKE_WON_IN_ONE as WON_IN_ONE
from tests.web.reviewing import reviewed

DEAL = "KL1-3-AAAAAAB"
RULES_TITLES = {
    "en": "How to play Klondike",
    "pt-PT": "Como se joga o Klondike",
    "pt-BR": "Como jogar Klondike",
    "es": "Cómo se juega a Klondike",
    "it": "Come si gioca a Klondike",
}


def start(client: TestClient, **body: Any) -> dict[str, Any]:
    res = client.post("/api/games", json=body)
    assert res.status_code == 201, res.text
    game: dict[str, Any] = res.json()
    return game


def play(client: TestClient, game: dict[str, Any], move: str) -> dict[str, Any]:
    res = client.post(f"/api/games/{game['id']}/moves", json={"move": move, "version": game["version"]})
    assert res.status_code == 200, res.text
    view: dict[str, Any] = res.json()
    return view


def hidden_cards(state: KlondikeState) -> set[int]:
    out = set(state.stock)
    for col, down in zip(state.cols, state.down, strict=True):
        out.update(col[:down])
    return out


def test_a_random_klondike_deal_draw_three_or_one(client: TestClient) -> None:
    three = start(client, game="klondike")
    assert three["game"] == "klondike" and three["draw"] == 3
    one = start(client, game="klondike", variant="1")
    assert one["draw"] == 1
    res = client.post("/api/games", json={"game": "klondike", "variant": "N"})
    assert res.status_code == 422 and res.json()["error"] == "bad_variant"


def test_views_name_no_face_down_card_and_no_code_until_the_end(client: TestClient) -> None:
    game = start(client, code=DEAL)
    state = new_state(DEAL)
    assert isinstance(state, KlondikeState)
    views = [game]
    for token in ("D", "D", "6-F", "D", "U", "D"):
        game = play(client, game, token)
        state.play(token)
        views.append(game)
        shown = {c for p in game["places"] for c in p["cards"]}
        assert not shown & hidden_cards(state)
    for view in views:
        text = str(view)
        assert view["code"] is None and DEAL not in text
        assert "[" not in view["description"]
    # The table text (which brackets the face-down cards) is not in any answer either.
    assert client.get(f"/api/games/{game['id']}").json()["code"] is None


def test_a_pasted_games_code_is_not_named_even_once_it_is_over(client: TestClient) -> None:
    """The header's code of a pasted position is not checked against its cards (issue 21): the
    game ends without the site naming it (a dealt game's code comes at its end: the engine's
    observation, tests/games)."""
    game = start(client, table=WON_IN_ONE)
    assert game["code"] is None
    won = play(client, game, "1-Fc")
    assert won["status"] == "won" and won["code"] is None
    assert won["sent_up"] == 1 and won["recycles"] == 0 and won["moves"] == 1
    blocked = play(client, start(client, table=BLOCKED_IN_ONE), "1-F")
    # Blocked, it may still be undone; its review closes it (and a pasted game never names a code).
    assert blocked["status"] == "blocked" and blocked["code"] is None and blocked["can_undo"]
    assert reviewed(client, blocked["id"]).status_code == 200
    closed = client.get(f"/api/games/{blocked['id']}").json()
    assert closed["closed"] and closed["code"] is None and not closed["can_undo"]


def test_destinations_name_runs_and_foundations(client: TestClient) -> None:
    game = start(client, table=MOVES)
    assert game["dests"] == {"1x2": ["2"], "2": ["4"], "4": ["6"], "4x3": ["3"], "5": ["1"], "Fh": ["7"]}
    assert game["can_draw"] and not game["can_finish"]
    view = play(client, game, "5-1")
    assert view["announce"] == "7 of clubs to column 1. 2 of clubs turned up."


def test_hint_gives_a_move_or_says_none_helps(client: TestClient) -> None:
    game = start(client, table=MOVES)
    res = client.post(f"/api/games/{game['id']}/hint", json={"version": 0})
    hint = res.json()
    assert res.status_code == 200 and hint["kind"] == "move"
    assert hint["move"] in {"1x2-2", "2-4", "5-1", "Fh-7", "D", "4x3-3", "4-6"}
    assert play(client, game, hint["move"])["moves"] == 1
    stale = client.post(f"/api/games/{game['id']}/hint", json={"version": 0})
    assert stale.status_code == 409
    quiet = start(client, table=NO_USEFUL)
    res = client.post(f"/api/games/{quiet['id']}/hint?lang=pt-BR", json={"version": 0})
    # Nothing can ever move but the King, whatever the seven face-down hearts are: lost in every
    # completion drawn (5040 of them exist, too many to draw all: so not said to be proved).
    assert res.json()["kind"] == "lost"
    assert res.json()["title"] == "Esta posição muito provavelmente não tem mais solução"
    assert re.match(r"Em cada uma das \d+ disposições das cartas não vistas", res.json()["message"])


def test_finish_plays_one_step_at_a_time_and_only_when_allowed(client: TestClient) -> None:
    game = start(client, table=MOVES)
    res = client.post(f"/api/games/{game['id']}/finish", json={"version": 0})
    assert res.status_code == 422 and res.json()["error"] == "cannot_finish"
    game = start(client, table=FINISH)
    assert game["can_finish"]
    for _ in range(27):
        res = client.post(f"/api/games/{game['id']}/finish", json={"version": game["version"]})
        assert res.status_code == 200, res.text
        game = res.json()
    assert game["status"] == "won" and game["sent_up"] == 27


def test_crescent_games_have_no_finish(client: TestClient) -> None:
    game = start(client)
    res = client.post(f"/api/games/{game['id']}/finish", json={"version": 0})
    assert res.status_code == 422 and res.json()["error"] == "no_finish"


def test_replay_deals_the_same_cards(client: TestClient) -> None:
    game = start(client, code=DEAL)
    play(client, game, "D")
    again = start(client, replay=game["id"])
    assert again["id"] != game["id"] and again["places"] == game["places"] and again["moves"] == 0


# -- pages ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LOCALES)
def test_klondike_pages_in_every_language(client: TestClient, lang: str) -> None:
    table = client.get(f"/{lang}/klondike")
    assert table.status_code == 200 and f'<html lang="{lang}">' in table.text
    assert f'href="/{lang}/klondike/rules"' in table.text
    assert "<script>" not in table.text and " onclick=" not in table.text
    rules = client.get(f"/{lang}/klondike/rules")
    assert rules.status_code == 200 and f"<h1>{RULES_TITLES[lang]}</h1>" in rules.text
    home = client.get(f"/{lang}/")
    assert f'action="/{lang}/klondike/new"' in home.text and f'action="/{lang}/crescent/new"' in home.text


def test_home_form_starts_draw_one_and_the_table_page_hides_the_code(client: TestClient) -> None:
    res = client.post("/es/klondike/new", data={"variant": "1"}, follow_redirects=False)
    assert res.status_code == 303 and res.headers["location"].startswith("/es/klondike/")
    page = client.get(res.headers["location"])
    assert 'data-draw="1"' in page.text and "KL1-1-" not in page.text
    # A Crescent game opened at a Klondike address goes to its own table, and back.
    crescent = start(client)
    assert client.get(f"/en/klondike/{crescent['id']}", follow_redirects=False).status_code == 303
    kl = start(client, game="klondike")
    assert client.get(f"/en/crescent/{kl['id']}", follow_redirects=False).headers["location"].endswith(kl["id"])


def test_table_text_start_is_kept(client: TestClient) -> None:
    game = start(client, table=MOVES)
    assert isinstance(state_from_text(MOVES), KlondikeState) and game["version"] == 0
