"""The JSON API: games, moves, and a clear 4xx for every bad request, with nothing changed."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from paciencia.games import new_state, state_from_text
from paciencia.i18n import Words
from paciencia.play.words import say
from paciencia.web import Settings, create_app
from paciencia.web.db.store import Store
from paciencia.web.routes.models import GameView
from tests.tables import BLOCKING_MOVE, FULL_PILE, WINNING_MOVE
from tests.tables import CRESCENT_BLOCKED_IN_ONE as BLOCKED_IN_ONE
from tests.tables import CRESCENT_WON_IN_ONE as WON_IN_ONE

CODE = "CR1-N-AAAAAAB"


def start(client: TestClient, lang: str = "en", **body: Any) -> dict[str, Any]:
    res = client.post(f"/api/games?lang={lang}", json=body or {"code": CODE})
    assert res.status_code == 201, res.text
    data: dict[str, Any] = res.json()
    return data


def play(client: TestClient, game: dict[str, Any], move: str, lang: str = "en") -> Any:
    return client.post(f"/api/games/{game['id']}/moves?lang={lang}", json={"move": move, "version": game["version"]})


def legal_pile_move(code: str = CODE) -> str:
    state = new_state(code)
    return next(str(m) for m in state.legal_moves() if str(m) != "R")


def assert_unchanged(client: TestClient, game: dict[str, Any]) -> None:
    now = client.get(f"/api/games/{game['id']}?lang={game['lang']}").json()
    assert now["version"] == game["version"]
    assert now["places"] == game["places"]


# -- games and moves ---------------------------------------------------------------------------


def test_new_game_from_a_code_sends_places_destinations_and_words(client: TestClient) -> None:
    game = start(client, lang="pt-PT")
    state = new_state(CODE)
    assert game["code"] == CODE and game["status"] == "playing" and game["version"] == 0
    assert [p["id"] for p in game["places"]] == [str(i) for i in range(1, 17)] + [
        "As",
        "Ah",
        "Ad",
        "Ac",
        "Ks",
        "Kh",
        "Kd",
        "Kc",
    ]
    legal = {str(m) for m in state.legal_moves()} - {"R"}
    assert {f"{s}-{d}" for s, ds in game["dests"].items() for d in ds} == legal
    assert game["redeal_text"] == "Redistribuir (restam 3)"
    assert game["places"][0]["label"].startswith("pilha 1: 6 cartas, ")
    kings = [p["face"] for p in game["places"] if p["kind"] == "desc"]
    assert kings == ["R♠", "R♥", "R♦", "R♣"]
    assert len(game["id"]) >= 22  # 128 random bits, base64url
    GameView.model_validate(game)  # the answer is what the schema says
    assert game["description"] == Words("pt-PT").describe(state)


def test_game_ids_are_random_and_long(client: TestClient) -> None:
    ids = {start(client)["id"] for _ in range(5)}
    assert len(ids) == 5 and all(len(i) >= 22 for i in ids)


def test_new_random_game_and_from_table_text(client: TestClient) -> None:
    random = start(client, variant="N")
    assert random["code"].startswith("CR1-N-")
    pasted = start(client, table=FULL_PILE)
    assert pasted["places"][0]["count"] == 13


def test_a_move_is_stored_before_it_is_answered(client: TestClient, db_url: str) -> None:
    game = start(client)
    move = legal_pile_move()
    res = play(client, game, move)
    assert res.status_code == 200
    after = res.json()
    assert after["version"] == 1 and after["moves"] == 1 and after["can_undo"]
    assert after["announce"]
    store = Store(db_url)  # a second reader of the same file sees the move at once
    saved = store.load(game["id"], client.cookies["paciencia_player"].partition(".")[0])
    assert saved.tokens == [move]
    store.close()


def test_undo_and_redeal(client: TestClient) -> None:
    game = start(client)
    game = play(client, game, legal_pile_move()).json()
    game = play(client, game, "U").json()
    assert game["moves"] == 0 and not game["can_undo"] and game["version"] == 2
    for left, text in ((2, "Redeal (2 left)"), (1, "Redeal (1 left)"), (0, "No redeals")):
        game = play(client, game, "R").json()
        assert game["redeals"] == left and game["redeal_text"] == text
    assert not game["can_redeal"]


def test_won_and_blocked(client: TestClient) -> None:
    won = play(client, start(client, table=WON_IN_ONE), WINNING_MOVE).json()
    assert won["status"] == "won" and won["status_text"] == "You won!"
    assert won["announce"] == "Ace of spades to the descending foundation of spades. You won!"
    blocked = play(client, start(client, table=BLOCKED_IN_ONE), BLOCKING_MOVE).json()
    assert blocked["status"] == "blocked" and blocked["can_undo"]
    assert blocked["announce"].endswith("No move left: the game is blocked")


def test_restart_resumes_the_same_game_with_its_undo_history(db_url: str) -> None:
    with TestClient(create_app(Settings(database_url=db_url)), base_url="http://127.0.0.1") as first:
        game = start(first)
        game = play(first, game, legal_pile_move()).json()
        cookie = first.cookies["paciencia_player"]
    with TestClient(create_app(Settings(database_url=db_url)), base_url="http://127.0.0.1") as second:
        second.cookies.set("paciencia_player", cookie)
        again = second.get(f"/api/games/{game['id']}").json()
        assert again["version"] == 1 and again["places"] == game["places"] and again["can_undo"]
        undone = play(second, again, "U").json()
        assert undone["moves"] == 0


# -- bad requests: a 4xx with a clear message, nothing changed --------------------------------


def test_unknown_game(client: TestClient) -> None:
    res = client.get("/api/games/nope-nope-nope-nope-nope")
    assert res.status_code == 404 and res.json()["error"] == "not_found"
    res = client.post("/api/games/nope/moves", json={"move": "1-2", "version": 0})
    assert res.status_code == 404 and "no such game" in res.json()["message"]


def test_someone_elses_game_cannot_be_read_or_moved(client: TestClient, other: TestClient) -> None:
    game = start(client)
    assert other.get(f"/api/games/{game['id']}").status_code == 404
    res = play(other, game, legal_pile_move())
    assert res.status_code == 404 and res.json()["error"] == "not_found"
    res = other.post("/api/games", json={"replay": game["id"]})
    assert res.status_code == 404
    assert_unchanged(client, game)


def test_malformed_json(client: TestClient) -> None:
    game = start(client)
    res = client.post(
        f"/api/games/{game['id']}/moves", content=b'{"move": "1-2", ', headers={"content-type": "application/json"}
    )
    assert res.status_code == 400 and res.json()["error"] == "malformed_json"
    assert "JSON" in res.json()["detail"] and res.json()["message"] == "The request is not understood."
    assert_unchanged(client, game)


@pytest.mark.parametrize(
    "body",
    [
        {"move": "1-2"},
        {"version": 0},
        {"move": 12, "version": 0},
        {"move": "1-2", "version": -1},
        {"move": "1-2", "version": 0, "extra": 1},
        [1, 2],
    ],
)
def test_malformed_request(client: TestClient, body: Any) -> None:
    game = start(client)
    res = client.post(f"/api/games/{game['id']}/moves", json=body)
    assert res.status_code == 422 and res.json()["error"] == "bad_request"
    assert res.json()["message"].startswith("The request is not understood")
    assert_unchanged(client, game)


@pytest.mark.parametrize("move", ["1-17", "x", "1--2", "Ax-1", "12"])
def test_malformed_move(client: TestClient, move: str) -> None:
    game = start(client)
    res = play(client, game, move)
    assert res.status_code == 422 and res.json()["error"] == "malformed_move"
    assert "expected SRC-DST" in res.json()["detail"] and move in res.json()["message"]
    assert_unchanged(client, game)


@pytest.mark.parametrize(
    ("lang", "move", "message"),
    [
        ("pt-PT", "2-1", "Esta pilha está cheia; escolha outro destino"),
        ("es", "2-3", "No se puede colocar en una pila vacía"),
        ("it", "4-2", "Deve essere di valore superiore o inferiore"),
        ("en", "Ah-1", "A card never goes back from a foundation to a pile"),
        ("pt-PT", "4-1", "Tem de ser de um valor superior ou inferior"),
    ],
)
def test_illegal_move_names_the_reason_in_the_language(client: TestClient, lang: str, move: str, message: str) -> None:
    game = start(client, table=FULL_PILE)
    res = play(client, game, move, lang=lang)
    assert res.status_code == 422
    assert res.json()["error"] == "illegal_move" and res.json()["message"] == message
    assert_unchanged(client, game)


def test_base_card_is_locked(client: TestClient) -> None:
    game = start(client, lang="it")
    res = play(client, game, "As-Ks", lang="it")
    assert res.status_code == 422 and res.json()["message"] == "La base della fondazione è bloccata"
    assert_unchanged(client, game)


def test_undo_with_nothing_to_undo(client: TestClient) -> None:
    game = start(client)
    res = play(client, game, "U")
    assert res.status_code == 422 and res.json()["reason"] == "nothing_to_undo"
    assert_unchanged(client, game)


def test_stale_move_is_refused_with_the_current_game(client: TestClient) -> None:
    game = start(client)
    moved = play(client, game, legal_pile_move()).json()
    res = play(client, game, "R")  # made on version 0, but the game is at 1
    assert res.status_code == 409
    body = res.json()
    assert body["error"] == "stale" and body["game"]["version"] == 1 and body["game"]["places"] == moved["places"]
    assert "another tab" in body["message"]
    assert_unchanged(client, moved)


def test_oversized_body(client: TestClient) -> None:
    game = start(client)
    res = client.post(f"/api/games/{game['id']}/moves", json={"move": "1-2", "version": 0, "pad": "x" * 40000})
    assert res.status_code == 413 and res.json()["error"] == "too_large"

    def chunks() -> Any:  # no Content-Length: the limit is counted as the body arrives
        for _ in range(10):
            yield b"x" * 8000

    res = client.post(f"/api/games/{game['id']}/moves", content=chunks(), headers={"content-type": "application/json"})
    assert res.status_code == 413 and res.json()["message"] == "The request is too large."
    assert_unchanged(client, game)


def test_bad_code_and_bad_position(client: TestClient) -> None:
    res = client.post("/api/games?lang=es", json={"code": "CR1-N-AAA"})
    assert res.status_code == 422 and res.json()["error"] == "bad_code"
    res = client.post("/api/games", json={"table": "# crescent CR1-N-AAAAAAA\n1: As\n"})
    assert res.status_code == 422 and res.json()["error"] == "bad_position"
    assert "missing" in res.json()["detail"] and "missing" not in res.json()["message"]


def test_an_unknown_game_or_api_path_is_refused_in_json(client: TestClient) -> None:
    res = client.post("/api/games", json={"code": "KL1-3-AAAAAAB", "game": "zzz"})
    assert res.status_code == 422 and res.json()["error"] == "bad_request" and "zzz" in res.json()["detail"]
    res = client.get("/api/nothing-here")
    assert res.status_code == 404 and res.json()["error"] == "not_found"


def test_openapi_schema_is_served(client: TestClient) -> None:
    schema = client.get("/api/openapi.json").json()
    assert {"/api/games", "/api/games/{game_id}", "/api/games/{game_id}/moves"} <= set(schema["paths"])
    assert "GameView" in schema["components"]["schemas"]
    assert client.get("/docs").status_code == 404  # no page that pulls assets from elsewhere


def test_table_text_in_the_store_matches_the_game(client: TestClient, db_url: str) -> None:
    game = start(client)
    play(client, game, legal_pile_move())
    store = Store(db_url)
    from sqlalchemy import select

    from paciencia.web.db.tables import games

    with store.engine.connect() as conn:
        text = conn.execute(select(games.c.table_text).where(games.c.id == game["id"])).scalar_one()
    state = new_state(CODE)
    state.play(legal_pile_move())
    assert state_from_text(text).to_text() == state.to_text()
    store.close()


def test_two_servers_on_one_database_stay_consistent(db_url: str) -> None:
    """A second server process (here a second app) sees the first one's moves, and the reverse."""
    with (
        TestClient(create_app(Settings(database_url=db_url)), base_url="http://127.0.0.1") as one,
        TestClient(create_app(Settings(database_url=db_url)), base_url="http://127.0.0.1") as two,
    ):
        game = start(one)
        two.cookies.set("paciencia_player", one.cookies["paciencia_player"])
        assert two.get(f"/api/games/{game['id']}").json()["version"] == 0  # two caches the game
        moved = play(one, game, legal_pile_move()).json()
        again = play(two, moved, "U")  # made on version 1, which two has not seen yet
        assert again.status_code == 200 and again.json()["version"] == 2 and again.json()["moves"] == 0
        stale = play(one, moved, "R")  # one's copy is behind now: the database says no
        assert stale.status_code == 409 and stale.json()["game"]["version"] == 2


@pytest.mark.parametrize("lang", ["pt-PT", "pt-BR", "es", "it"])
def test_errors_are_in_the_page_language_with_the_engines_words_apart(client: TestClient, lang: str) -> None:
    words = Words(lang)
    bad_code = client.post(f"/api/games?lang={lang}", json={"code": "XX1-Q-12"}).json()
    assert bad_code["message"] == say(words, "bad_code", example="CR1-N-AAAAAAB") and "XX1-Q-12" in bad_code["detail"]
    bad_table = client.post(f"/api/games?lang={lang}", json={"table": "# crescent CR1-N-AAAAAAA\n1: As\n"}).json()
    assert bad_table["message"] == say(words, "bad_table_plain") and "missing" in bad_table["detail"]
    game = start(client, lang)
    bad_move = play(client, game, "1-99", lang).json()
    assert bad_move["message"] == say(words, "bad_move", move="1-99") and "expected" in bad_move["detail"]
    for answer in (bad_code, bad_table, bad_move):
        assert "expected" not in answer["message"] and "not a" not in answer["message"]
