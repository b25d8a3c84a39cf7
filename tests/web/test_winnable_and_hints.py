"""Winnable deals only (the setting, the pool, the verdicts kept, agreement with `paciencia solve`)
and the one hint endpoint for both games, on a real SQLite file."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from paciencia.games import state_from_text
from paciencia.games.crescent.rules import CrescentState
from paciencia.i18n import Words
from paciencia.web import Settings, create_app
from paciencia.web.db.store import Store
from paciencia.web.db.tables import verdicts
from paciencia.web.service.winnable import WinnableDeals
from tests.tables import HEARTS, LOST, QUIET_BUT_WINNABLE

VARIANTS = [
    ("crescent", "N"),
    ("crescent", "F"),
    ("crescent", "D"),
    ("crescent", "B"),
    ("klondike", "3"),
    ("klondike", "1"),
]


def app_with(tmp_path: Path, **settings: Any) -> FastAPI:
    return create_app(Settings(database_url=f"sqlite:///{tmp_path / 'games.sqlite3'}", **settings))


@pytest.fixture
def quiet(tmp_path: Path) -> Iterator[tuple[FastAPI, TestClient]]:
    """A site that keeps no pool: every winnable deal is sought while the player waits."""
    app = app_with(tmp_path, winnable_pool=0)
    with TestClient(app, base_url="http://127.0.0.1") as c:
        yield app, c


def start_code(app: FastAPI, client: TestClient, game_id: str) -> str:
    """The deal code a game started from, read on the server (the Klondike view withholds it)."""
    store: Store = app.state.store
    player = (client.cookies.get("paciencia_player") or "").partition(".")[0]  # the cookie: id.signature
    assert player
    return store.load(game_id, player).start


def test_winnable_only_deals_proved_deals_of_every_variant_and_the_command_line_agrees(
    quiet: tuple[FastAPI, TestClient],
) -> None:
    app, client = quiet
    codes = []
    for game, variant in VARIANTS:
        res = client.post("/api/games", json={"game": game, "variant": variant, "winnable_only": True})
        assert res.status_code == 201, res.text
        view = res.json()
        assert view["winnable"] is True
        if game == "klondike":
            assert view["code"] is None  # the shuffle would reveal the cards: still withheld
        code = start_code(app, client, view["id"])
        assert code.split("-")[1] == variant
        known = app.state.store.verdict(code)
        assert known is not None and known.verdict == "winnable" and known.handed and known.line_length > 0
        codes.append(code)
    for code in codes:
        out = subprocess.run(
            [sys.executable, "-m", "paciencia", "solve", code, "--timeout", "10"],
            capture_output=True,
            text=True,
            check=True,
        )
        assert out.stdout.splitlines()[0] == "winnable", code


def test_without_the_setting_a_deal_is_not_solved(quiet: tuple[FastAPI, TestClient]) -> None:
    app, client = quiet
    view = client.post("/api/games", json={"game": "crescent", "winnable_only": False}).json()
    assert view["winnable"] is False
    assert app.state.store.verdict(view["code"]) is None


def test_the_players_cookie_is_the_setting_when_the_body_does_not_say(quiet: tuple[FastAPI, TestClient]) -> None:
    app, client = quiet
    page = client.get("/en/klondike")  # deals a first game; the box starts unchecked
    assert 'id="winnable-only">' in page.text
    client.cookies.set("paciencia_winnable", "1")
    view = client.post("/api/games", json={"game": "klondike", "variant": "1"}).json()
    assert view["winnable"] is True and view["draw"] == 1
    page = client.get(f"/en/klondike/{view['id']}")
    assert 'id="winnable-only" checked>' in page.text
    assert 'id="winnable-badge"' in page.text and "✓ Winnable deal" in page.text
    assert client.post("/api/games", json={"game": "klondike", "winnable_only": False}).json()["winnable"] is False
    # The home page's forms (no script) follow the cookie too.
    res = client.post("/en/crescent/new", data={}, follow_redirects=False)
    assert res.status_code == 303
    game_id = res.headers["location"].rsplit("/", 1)[1]
    assert app.state.store.proved_winnable(start_code(app, client, game_id))


def test_a_replayed_or_typed_proved_deal_shows_the_badge(quiet: tuple[FastAPI, TestClient]) -> None:
    _, client = quiet
    first = client.post("/api/games", json={"game": "crescent", "winnable_only": True}).json()
    again = client.post("/api/games", json={"replay": first["id"]}).json()
    typed = client.post("/api/games", json={"code": first["code"]}).json()
    assert again["winnable"] and typed["winnable"] and again["code"] == typed["code"] == first["code"]


def test_nothing_proved_within_the_bound_is_said_in_the_pages_language(tmp_path: Path) -> None:
    app = app_with(tmp_path, winnable_pool=0, winnable_attempts=0)
    with TestClient(app, base_url="http://127.0.0.1") as client:
        res = client.post("/api/games?lang=pt-PT", json={"game": "crescent", "winnable_only": True})
        assert res.status_code == 503
        assert res.json()["error"] == "no_winnable_deal"
        assert res.json()["message"] == (
            "Não se encontrou a tempo nenhuma distribuição com solução provada; tenta de novo daqui a pouco."
        )
        client.cookies.set("paciencia_winnable", "1")
        page = client.post("/it/klondike/new", data={"variant": "1"})
        assert page.status_code == 422
        assert "Non è stata trovata in tempo nessuna mano sicuramente vincibile; riprova tra poco." in page.text


def test_a_code_is_solved_once_and_its_verdict_kept(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'v.sqlite3'}")
    deals = WinnableDeals(store, pool_size=0)
    try:
        assert deals.prove("KL1-3-AAAAAAB", 2.0, handed=False) is (store.proved_winnable("KL1-3-AAAAAAB"))
        with store.engine.connect() as conn:
            first = conn.execute(select(verdicts)).all()
        deals.prove("KL1-3-AAAAAAB", 2.0, handed=False)
        with store.engine.connect() as conn:
            assert conn.execute(select(verdicts)).all() == first  # not solved again: the same row, same time
        assert len(first) == 1 and first[0].game == "klondike" and first[0].variant == "3"
    finally:
        deals.close()
        store.close()


def test_the_pool_is_topped_up_in_the_background_and_new_games_come_from_it(tmp_path: Path) -> None:
    """Klondike, whose deals mostly solve in milliseconds: a busy machine cannot starve the pool
    (Crescent's pool can rest after a run of deals its thread could not settle)."""
    app = app_with(tmp_path, winnable_pool=2)
    store: Store = app.state.store
    with TestClient(app, base_url="http://127.0.0.1") as client:
        client.post("/api/games", json={"game": "klondike", "variant": "3", "winnable_only": True})
        deadline = time.monotonic() + 120
        while store.pool_count("klondike", "3") < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert store.pool_count("klondike", "3") == 2
        with store.engine.connect() as conn:
            pooled = set(
                conn.execute(select(verdicts.c.code).where(verdicts.c.handed == 0, verdicts.c.verdict == "winnable"))
                .scalars()
                .all()
            )
        view = client.post("/api/games", json={"game": "klondike", "variant": "3", "winnable_only": True}).json()
        code = start_code(app, client, view["id"])
        assert code in pooled
        known = store.verdict(code)
        assert known is not None and known.handed


def test_a_pool_drawn_from_while_its_thread_rests_is_topped_up_again(tmp_path: Path) -> None:
    """Each draw from a full pool, whose thread is at rest, wakes the thread (the claim used to
    come after the wake: a thread that looked first saw a full pool and rested on one deal short)."""
    store = Store(f"sqlite:///{tmp_path / 'v.sqlite3'}")
    deals = WinnableDeals(store, pool_size=2)
    try:

        def full() -> bool:
            deadline = time.monotonic() + 120
            while store.pool_count("klondike", "1") < 2 and time.monotonic() < deadline:
                time.sleep(0.05)
            return store.pool_count("klondike", "1") == 2

        deals.draw("klondike", "1")
        for _ in range(5):
            assert full()
            with store.engine.connect() as conn:
                pooled = set(conn.execute(select(verdicts.c.code).where(verdicts.c.handed == 0)).scalars())
            assert deals.draw("klondike", "1") in pooled
        assert full()
    finally:
        deals.close()
        store.close()


# -- hints -----------------------------------------------------------------------------------


def test_one_hint_endpoint_gives_crescent_a_move_to_play(client: TestClient) -> None:
    game = client.post("/api/games", json={"table": HEARTS}).json()
    hint = client.post(f"/api/games/{game['id']}/hint", json={"version": 0}).json()
    assert hint["kind"] == "move" and hint["n"] == 1
    assert hint["move"] == f"{hint['src']}-{hint['dst']}"
    played = client.post(f"/api/games/{game['id']}/moves", json={"move": hint["move"], "version": 0})
    assert played.status_code == 200 and played.json()["moves"] == 1
    stale = client.post(f"/api/games/{game['id']}/hint", json={"version": 0})
    assert stale.status_code == 409


def test_a_hint_never_leads_back_to_a_position_already_met(client: TestClient) -> None:
    game = client.post("/api/games", json={"code": "CR1-N-KEMUBCR"}).json()
    seen = {key_of(client, game)}
    for _ in range(6):
        hint = client.post(f"/api/games/{game['id']}/hint", json={"version": game["version"]}).json()
        if hint["kind"] != "move":
            break
        game = client.post(f"/api/games/{game['id']}/moves", json={"move": hint["move"], "version": game["version"]})
        game = game.json()
        key = key_of(client, game)
        assert key not in seen
        seen.add(key)


def key_of(client: TestClient, game: dict[str, Any]) -> tuple[object, ...]:
    """The position's key, as the solver's ``avoid`` holds them."""
    app = client.app
    assert isinstance(app, FastAPI)
    player = (client.cookies.get("paciencia_player") or "").partition(".")[0]  # the cookie: id.signature
    assert player
    state = state_from_text(app.state.store.load(game["id"], player).state.to_text())
    assert isinstance(state, CrescentState)
    return state.key()


def test_crescent_hint_says_when_the_position_is_proved_lost(client: TestClient) -> None:
    game = client.post("/api/games", json={"table": LOST}).json()
    assert game["status"] == "playing" and game["dests"]
    hint = client.post(f"/api/games/{game['id']}/hint?lang=es", json={"version": 0}).json()
    assert hint["kind"] == "lost"
    assert hint["message"] == (
        "El solucionador ha demostrado que ninguna secuencia de jugadas gana desde esta posición. "
        "Deshaz algunas jugadas o empieza una nueva partida."
    )


def test_crescent_hint_follows_a_winning_line_when_no_move_helps_one_move_ahead(client: TestClient) -> None:
    game = client.post("/api/games", json={"table": QUIET_BUT_WINNABLE}).json()
    hint = client.post(f"/api/games/{game['id']}/hint", json={"version": 0}).json()
    assert hint["kind"] == "move"
    assert hint["dst"] in game["dests"][hint["src"]]


@pytest.mark.parametrize(
    ("lang", "opening"),
    [("en", "Hint: "), ("pt-PT", "Dica: "), ("es", "Pista: "), ("it", "Suggerimento: ")],
)
def test_a_crescent_hint_names_the_card_and_where_it_goes_in_words(client: TestClient, lang: str, opening: str) -> None:
    game = client.post(f"/api/games?lang={lang}", json={"code": "CR1-N-AAAAAAB"}).json()
    hint = client.post(f"/api/games/{game['id']}/hint?lang={lang}", json={"version": 0}).json()
    assert hint["kind"] == "move"
    message = hint["message"]
    # A card's name, not its glyph; and the destination as a move's words have it (with its article).
    assert message.startswith(opening) and not set(message) & set("♠♥♦♣"), message
    words = Words(lang)
    src, dst = hint["src"], hint["dst"]
    card = next(p for p in game["places"] if p["id"] == src)["card"]
    assert words.card_name(card) in message
    if dst.isdigit():
        assert words._("%(card)s to pile %(number)s.", card=words.card_name(card), number=int(dst)) in message
