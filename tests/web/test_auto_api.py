"""The automatic moves up on the site without a browser: ``POST /api/games/{id}/auto`` plays the
next one as a stored move (versioned, undone like any move), answers 422 when none applies, and
the view says whether one does (``can_auto``); the server never plays one by itself."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from paciencia.i18n import LOCALES, Words
from paciencia.play.words import UI
from tests.tables import CRESCENT_WON_IN_ONE, HEARTS, crescent_table, klondike_table

# The A♣ and then the 2♣ go up by the rule (Aces and 2s always do); the 9♥ never.
KLONDIKE = klondike_table({"1": ["[Kd]", "Ac"], "2": ["[Qs]", "2c"], "3": ["9h"]}, rest_in_stock=True)
# Spades overlapped, the descending foundation complete, no redeal left: the 5♠ goes up.
CRESCENT = crescent_table(
    {"Ks": "A", "As": "4"}, [["Ts", "5s"], ["6s", "7s"], ["8s", "9s"], ["Js", "Qs", "Ks"]], redeals=0
)


def start(client: TestClient, table: str) -> dict[str, Any]:
    res = client.post("/api/games", json={"table": table})
    assert res.status_code == 201, res.text
    game: dict[str, Any] = res.json()
    return game


def auto(client: TestClient, game: dict[str, Any], lang: str = "en") -> Any:
    return client.post(f"/api/games/{game['id']}/auto?lang={lang}", json={"version": game["version"]})


def test_klondike_auto_plays_one_stored_move_at_a_time_then_422(client: TestClient) -> None:
    game = start(client, KLONDIKE)
    assert game["can_auto"]
    res = auto(client, game)
    assert res.status_code == 200, res.text
    one = res.json()
    assert one["version"] == 1 and one["moves"] == 1 and one["sent_up"] == 1 and one["last"] == "1-Fc"
    assert one["announce"] == "Ace of clubs to the foundation of clubs. King of diamonds turned up."
    assert one["can_auto"] and one["can_undo"]
    two = auto(client, one).json()
    assert two["last"] == "2-Fc" and two["version"] == 2
    assert not two["can_auto"]
    res = auto(client, two)
    assert res.status_code == 422 and res.json()["error"] == "no_auto_move"
    assert client.get(f"/api/games/{game['id']}").json()["version"] == 2  # the refusal changed nothing
    # The record holds them as moves: the page reloaded shows them, and undo takes back one at a time.
    res = client.post(f"/api/games/{game['id']}/moves", json={"move": "U", "version": 2})
    undone = res.json()
    assert res.status_code == 200 and undone["announce"] == "Move undone."
    column2 = next(p for p in undone["places"] if p["id"] == "2")
    assert column2["cards"] == [40]  # the 2♣ is back on column 2
    assert undone["can_auto"] and undone["moves"] == 1


def test_auto_names_the_version_and_refuses_a_stale_one(client: TestClient) -> None:
    game = start(client, KLONDIKE)
    one = auto(client, game).json()
    res = client.post(f"/api/games/{game['id']}/auto", json={"version": 0})
    assert res.status_code == 409 and res.json()["error"] == "stale"
    assert res.json()["game"]["version"] == one["version"]
    for body in ({}, {"version": -1}, {"version": "1"}, {"version": 1, "move": "1-F"}):
        bad = client.post(f"/api/games/{game['id']}/auto", json=body)
        assert bad.status_code == 422 and bad.json()["error"] != "no_auto_move", body
    assert client.get(f"/api/games/{game['id']}").json()["version"] == 1


def test_the_server_never_plays_an_automatic_move_by_itself(client: TestClient) -> None:
    game = start(client, KLONDIKE)
    res = client.post(f"/api/games/{game['id']}/moves", json={"move": "D", "version": 0})
    view = res.json()
    assert view["version"] == 1 and view["last"] == "D" and view["can_auto"]
    column1 = next(p for p in view["places"] if p["id"] == "1")
    assert column1["cards"] == [39]  # the A♣ is still there


def test_crescent_auto(client: TestClient) -> None:
    game = start(client, CRESCENT)
    assert game["can_auto"]
    one = auto(client, game).json()
    assert one["last"] == "1-As" and one["version"] == 1
    assert one["announce"] == "5 of spades to the ascending foundation of spades. Pile 1 now shows 10 of spades."
    res = auto(client, one)
    assert res.status_code == 422 and res.json()["error"] == "no_auto_move"


def test_a_card_that_can_go_up_but_may_be_needed_stays(client: TestClient) -> None:
    game = start(client, HEARTS)  # the 3♥ fits the ascending hearts, but the suit is far from done
    assert "Ah" in game["dests"]["1"] and not game["can_auto"]
    assert auto(client, game).status_code == 422


@pytest.mark.parametrize("lang", LOCALES)
def test_the_refusal_is_in_the_request_language(client: TestClient, lang: str) -> None:
    game = start(client, HEARTS)
    res = auto(client, game, lang)
    assert res.status_code == 422
    assert res.json()["message"] == Words(lang).t.gettext(UI["no_auto_move"])
    if lang != "en":
        assert res.json()["message"] != UI["no_auto_move"]


def test_auto_on_anothers_game_and_on_an_ended_one(client: TestClient, other: TestClient) -> None:
    game = start(client, KLONDIKE)
    res = other.post(f"/api/games/{game['id']}/auto", json={"version": 0})
    assert res.status_code == 404
    # The last card of its suit, alone on its pile: it goes up with redeals left, and wins.
    last = start(client, CRESCENT_WON_IN_ONE)
    won = auto(client, last).json()
    assert won["status"] == "won" and won["last"] == "1-Ks" and not won["can_auto"]
    ended = auto(client, won)  # a won game is closed: it takes no more moves
    assert ended.status_code == 409 and ended.json()["error"] == "game_over"


def test_freecell_auto_follows_the_usual_rule(client: TestClient) -> None:
    # The reds and spades up to 4: the 5♠ under the K♣ goes up once the K♣ is off it; the 5♥ never
    # while the 4♣ is down.
    from tests.games.test_freecell import freecell_table, rest
    from tests.tables import up

    used = [up("s", "A234"), up("h", "A234"), up("d", "A234"), up("c", "A23"), ["5s", "Kc"], ["4c", "5h"]]
    others = sorted(rest(*used), key=lambda c: "A23456789TJQK".index(c[0]))
    table = freecell_table(
        {"Fs": "4", "Fh": "4", "Fd": "4", "Fc": "3", "1": ["5s", "Kc"], "2": ["4c", "5h"], "8": others}
    )
    game = start(client, table)
    assert not game["can_auto"]
    moved = client.post(f"/api/games/{game['id']}/moves", json={"move": "1-a", "version": 0}).json()
    assert moved["can_auto"]
    one = auto(client, moved).json()
    assert one["last"] == "1-Fs" and one["version"] == 2
    assert not one["can_auto"] and auto(client, one).status_code == 422
