"""One admission for every heavy or writing path (``paciencia/web/service/admission.py``): a player's
flood of offline lines or of winnable-only games is refused past its bound while another player
is still let through, the bound holds across two apps on one database, and a long line is
written in bounded transactions (SQLite's one writer is free between them; a write cut short
leaves a game that loads, and the line sent again completes it)."""

from __future__ import annotations

import secrets
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import Engine, event, select

from paciencia.games import new_state
from paciencia.web import Settings, create_app
from paciencia.web.db.limits import RUNNING_SECONDS, Limits, Rate, Refused
from paciencia.web.db.store import Store
from paciencia.web.db.tables import buckets
from paciencia.web.service.admission import Admission, Rates

KLONDIKE = "KL1-3-AAAAAAB"
MOVES_BURST = 5000  # docs/operations.md: a player's moves sent from offline, at once
MOVES_PER_HOUR = 2000
WINNABLE_BURST = 8  # winnable-only and chosen-level games, at once


def player(client: TestClient) -> TestClient:
    """``client`` as a player with a cookie (a game of its own)."""
    assert client.post("/api/games", json={"code": KLONDIKE}).status_code == 201
    return client


def line(client: TestClient, moves: int, lang: str = "en") -> Any:
    """A line of ``moves`` draws on a Klondike deal started offline, as the browser sends it."""
    body = {"start_kind": "code", "start": KLONDIKE, "tokens": ["D"] * moves, "line": secrets.token_hex(8)}
    return client.post(f"/api/offline?lang={lang}", json=body)


def level_game(client: TestClient) -> Any:
    return client.post("/api/games", json={"game": "klondike", "winnable_only": True, "level": "easy"})


@pytest.fixture
def two(app: FastAPI) -> Iterator[tuple[TestClient, TestClient]]:
    """Two players behind different addresses."""
    with (
        TestClient(app, base_url="http://127.0.0.1", client=("10.0.0.1", 1000)) as a,
        TestClient(app, base_url="http://127.0.0.1", client=("10.0.0.2", 1000)) as b,
    ):
        yield player(a), player(b)


def test_a_players_offline_lines_are_refused_past_its_hour_while_another_player_is_admitted(
    two: tuple[TestClient, TestClient],
) -> None:
    flooder, other = two
    sent = [line(flooder, 2000) for _ in range(2)]
    assert [r.status_code for r in sent] == [200, 200]
    refused = line(flooder, 2000, "pt-PT")
    assert refused.status_code == 429, refused.text
    assert refused.json()["error"] == "too_many_moves"
    assert "sem ligação" in refused.json()["message"]  # the page's language
    # What the player has left (1,000 moves) is 1,000 short: half an hour at 2,000 an hour.
    wait = int(refused.headers["retry-after"])
    assert 3600 * 900 / MOVES_PER_HOUR <= wait <= 3600 * 1100 / MOVES_PER_HOUR, wait
    assert line(flooder, 900).status_code == 200  # what is left of its burst still goes through
    assert line(other, 2000).status_code == 200  # another player is not held up
    # A line longer than any hour gives is refused as such (the browser lets it go), for anyone.
    too_long = line(other, MOVES_BURST + 1, "es")
    assert too_long.status_code == 413 and too_long.json()["error"] == "line_too_long"
    assert str(MOVES_BURST) in too_long.json()["message"] and "sin conexión" in too_long.json()["message"]


def test_new_cookies_from_one_address_share_its_bound_on_offline_moves(app: FastAPI) -> None:
    answers = []
    for _ in range(7):  # seven cookies of one address, each within its own bound
        with TestClient(app, base_url="http://127.0.0.1", client=("10.0.0.3", 1000)) as c:
            answers.append(line(player(c), 4000).status_code)
    # The address holds four players' bursts (20,000 moves): five lines, then 429.
    assert answers == [200] * 5 + [429] * 2, answers
    with TestClient(app, base_url="http://127.0.0.1", client=("10.0.0.4", 1000)) as elsewhere:
        assert line(player(elsewhere), 4000).status_code == 200


def test_a_players_winnable_games_are_refused_past_its_bound_while_another_player_is_admitted(
    two: tuple[TestClient, TestClient],
) -> None:
    flooder, other = two
    made = [level_game(flooder) for _ in range(WINNABLE_BURST + 3)]
    codes = [r.status_code for r in made]
    assert codes[:WINNABLE_BURST] == [201] * WINNABLE_BURST and set(codes[WINNABLE_BURST:]) == {429}, codes
    refused = made[-1]
    assert refused.json()["error"] == "too_many_games" and int(refused.headers["retry-after"]) >= 1
    # A winnable-only deal takes from the same bound (refused before any deal is solved) …
    assert flooder.post("/api/games", json={"game": "klondike", "winnable_only": True}).status_code == 429
    # … a plain deal does not, nor the other player's.
    assert flooder.post("/api/games", json={"game": "klondike"}).status_code == 201
    assert level_game(other).status_code == 201
    flooder.cookies.set("paciencia_winnable", "1")  # the player's setting, which the page's form follows
    page = flooder.post("/pt-BR/klondike/new", data={"variant": "3"})
    assert page.status_code == 422 and "Jogos novos demais" in page.text  # the page's form, in its words


def test_the_bounds_hold_across_two_apps_on_one_database(db_url: str) -> None:
    one, two = create_app(Settings(database_url=db_url)), create_app(Settings(database_url=db_url))
    with TestClient(one, base_url="http://127.0.0.1") as a, TestClient(two, base_url="http://127.0.0.1") as b:
        player(a)
        b.cookies.set("paciencia_player", a.cookies["paciencia_player"])
        lines = [line((a, b)[n % 2], 1500).status_code for n in range(6)]
        assert lines == [200, 200, 200, 429, 429, 429], lines  # 3 x 1,500 of 5,000, then short
        games = [level_game((a, b)[n % 2]).status_code for n in range(WINNABLE_BURST + 4)]
        assert games.count(201) == WINNABLE_BURST and games[-4:] == [429] * 4, games


# -- bounded transactions ------------------------------------------------------------------------


def sqlite_file(db_url: str) -> Path:
    return Path(db_url.removeprefix("sqlite:///"))


def test_a_long_line_is_written_in_bounded_transactions_with_the_writer_free_between(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    store = Store(url)
    tokens = ["D"] * 3000
    state = new_state(KLONDIKE)
    state.play_all(tokens)
    game_id = "line-" + secrets.token_hex(8)
    outside = sqlite3.connect(sqlite_file(url), timeout=0, isolation_level=None)  # never waits
    written: list[int] = [0]  # moves written in each transaction so far
    free: list[int] = []  # the moves stored (seen from outside) when an outside write went through

    def began(_conn: Any) -> None:
        written.append(0)
        stored = outside.execute("SELECT count(*) FROM moves WHERE game_id = ?", (game_id,)).fetchone()[0]
        try:  # another player's write, while the line is being stored
            outside.execute("BEGIN IMMEDIATE")
            outside.execute("UPDATE limit_gate SET turns = turns + 1")
            outside.execute("COMMIT")
            free.append(stored)
        except sqlite3.OperationalError:
            pass

    def executing(_conn: Any, _cursor: Any, statement: str, parameters: Any, _context: Any, many: bool) -> None:
        if statement.startswith("INSERT INTO moves"):
            written[-1] += len(parameters) if many else 1

    event.listen(store.engine, "begin", began)
    event.listen(store.engine, "before_cursor_execute", executing)
    try:
        saved = store.create("p", "code", KLONDIKE, state, "offline", tokens, game_id=game_id)
    finally:
        event.remove(store.engine, "begin", began)
        event.remove(store.engine, "before_cursor_execute", executing)
        outside.close()
    assert saved.version == 3000 and sum(written) == 3000
    assert max(written) <= 500, written  # a few hundred moves a transaction at most
    assert any(0 < n < 3000 for n in free), free  # the writer was free while the line was stored
    assert Store(url).load(game_id, "p").tokens == tokens
    store.close()


@contextmanager
def cut_at_the_third_chunk(store: Store) -> Iterator[None]:
    """A write of a record that stops (``Cut``) as its third chunk of moves is inserted."""
    chunks = [0]

    def cut(_conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        if statement.startswith("INSERT INTO moves"):
            chunks[0] += 1
            if chunks[0] == 3:
                raise Cut

    event.listen(store.engine, "before_cursor_execute", cut)
    try:
        yield
    finally:
        event.remove(store.engine, "before_cursor_execute", cut)


class Cut(Exception):
    """The write stopped here (as a process killed mid-line)."""


def test_a_line_cut_short_loads_and_plays_on_and_sent_again_is_completed(db_url: str) -> None:
    store = Store(db_url)
    tokens = ["D"] * 1200
    state = new_state(KLONDIKE)
    state.play_all(tokens)
    game_id = "line-" + secrets.token_hex(8)
    with cut_at_the_third_chunk(store), pytest.raises(Cut):
        store.create("p", "code", KLONDIKE, state, "offline", tokens, game_id=game_id)
    # Another process finds a game standing where the write stopped, whole: it loads and plays on.
    elsewhere = Store(db_url)
    partial = elsewhere.load(game_id, "p")
    assert 0 < partial.version < len(tokens) and partial.tokens == tokens[: partial.version]
    replayed = new_state(KLONDIKE)
    replayed.play_all(partial.tokens)
    assert partial.state.to_text() == replayed.to_text() and not partial.closed
    elsewhere.close()
    # The same line sent again is taken up where it stopped: one game, the whole line.
    again = store.create("p", "code", KLONDIKE, state, "offline", tokens, game_id=game_id)
    assert again.version == len(tokens) and again.tokens == tokens
    fresh = Store(db_url)
    assert fresh.load(game_id, "p").tokens == tokens
    # Sent once more (its answer lost): the same game, nothing written twice.
    assert store.create("p", "code", KLONDIKE, state, "offline", tokens, game_id=game_id).tokens == tokens
    assert fresh.load(game_id, "p").version == len(tokens)
    fresh.close()
    store.close()


def test_a_line_cut_short_and_sent_again_through_the_api_is_completed(app: FastAPI) -> None:
    """The line's answer never came (the write stopped after two chunks): the browser sends it
    again, and the game its id names is completed, not answered as it stands."""
    with TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False) as client:
        player(client)
        store: Store = app.state.store
        body = {"start_kind": "code", "start": KLONDIKE, "tokens": ["D"] * 1200, "line": "cut-line-0001"}
        with cut_at_the_third_chunk(store):
            assert client.post("/api/offline", json=body).status_code == 500  # the answer that never came
        res = client.post("/api/offline", json=body)
        assert res.status_code == 200, res.text
        assert res.json()["game"]["version"] == 1200


# -- what an admission costs the database ----------------------------------------------------------


@contextmanager
def statements(engine: Engine) -> Iterator[list[str]]:
    """The statements ``engine`` sent meanwhile."""
    sent: list[str] = []

    def executing(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        sent.append(statement)

    event.listen(engine, "before_cursor_execute", executing)
    try:
        yield sent
    finally:
        event.remove(engine, "before_cursor_execute", executing)


def test_a_hints_admission_and_release_take_five_statements_and_a_refusal_takes_nothing(db_url: str) -> None:
    """A hint is admitted in four statements (the turn, the hints under way, both buckets at once,
    its place) and released in one: they ran for every hint, in the server (issue 39). A bucket
    short refuses the hint and takes nothing from the other."""
    store = Store(db_url)
    admission = Admission(Limits(store.engine), Rates(hints=Rate(0.6, 3)))
    try:
        admission.release("alice", admission.hint("alice", "10.0.0.1", room=4))  # the buckets made
        if store.engine.dialect.name == "sqlite":  # the limits' commits wait for no disk; a move's does
            with admission.limits.engine.connect() as limits, store.engine.connect() as moves:
                assert limits.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL
                assert moves.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
        with statements(admission.limits.engine) as sent:
            ticket = admission.hint("alice", "10.0.0.1", room=4)
        assert len(sent) <= 4, sent
        with statements(admission.limits.engine) as sent:
            admission.release("alice", ticket)
        assert len(sent) == 1, sent
        # bob behind alice's address: the address's bucket (x4) has room, bob's own is full.
        for _ in range(3):
            admission.release("bob", admission.hint("bob", "10.0.0.1", room=4))
        with pytest.raises(Refused) as short:
            admission.hint("bob", "10.0.0.1", room=4)
        assert short.value.reason == "too_many" and short.value.wait > 0
        takes = admission.takes("hints", "bob", "10.0.0.1")
        with store.engine.connect() as conn:
            left = {str(k): float(v) for k, v in conn.execute(select(buckets.c.key, buckets.c.tokens))}
        assert left[takes[1].key] == pytest.approx(12 - 5, abs=0.5)  # alice's two, bob's three: not a fourth
        # A place left by a process killed mid-hint no longer counts once it has lapsed.
        admission.limits.admit("carol", 4, [], now=time.time() - 2 * RUNNING_SECONDS)
        admission.release("dave", admission.hint("dave", None, room=1))
    finally:
        store.close()
