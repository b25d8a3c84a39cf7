"""Issue 43's record out and in: the player's whole record as one JSON file, written as the
disclosure rule lets it be told (a game still hiding cards as its stand-in, a running
challenge's game not at all), and brought in on another site of this software with an offline
line's checks: every move replayed, all or nothing, weighed against the player's hour, counted in
the statistics and in no ranking, calendar or streak. On SQLite and PostgreSQL."""

from __future__ import annotations

import copy
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from paciencia.games import new_state
from paciencia.play.words import ui_words
from paciencia.web import Settings, create_app
from paciencia.web.service import daily
from paciencia.web.service.admission import MOVES_BURST
from tests.web.test_daily_challenges import FREECELL, KLONDIKE, line_of, play_line, set_daily
from tests.web.test_secrecy import played

Game = dict[str, Any]
HIDDEN = "CR1-D-AAAAAAB"
"""A Crescent deal dealt face down."""


@pytest.fixture
def elsewhere(tmp_path: Path) -> Iterator[TestClient]:
    """A browser on another site of this software (its own database)."""
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'elsewhere.sqlite3'}"))
    with TestClient(app, base_url="http://127.0.0.1") as c:
        yield c


def new(client: TestClient, **body: Any) -> Game:
    res = client.post("/api/games", json=body)
    assert res.status_code == 201, res.text
    game: Game = res.json()
    return game


def record_of(client: TestClient) -> dict[str, Any]:
    res = client.get("/api/export")
    assert res.status_code == 200 and "attachment" in res.headers["content-disposition"], res.text
    found: dict[str, Any] = res.json()
    return found


def test_a_record_goes_to_another_site_with_nothing_hidden_told(
    app: FastAPI, client: TestClient, elsewhere: TestClient
) -> None:
    # A won FreeCell game, a Crescent game in play (cards face down), and today's daily, won.
    fc_game, _fc_variant, fc_code = FREECELL
    won = play_line(client, new(client, game=fc_game, code=fc_code), line_of(fc_code))
    in_play = played(client, new(client, game="crescent", code=HIDDEN))
    game, variant, code = KLONDIKE
    set_daily(app, daily.today(), game, variant, code)
    play_line(client, new(client, game=game, variant=variant, daily=True), line_of(code))
    client.post("/api/daily/ranking/me", json={"shown": True})
    found = record_of(client)
    assert found["format"] == "paciencia-record" and found["version"] == 1
    assert code not in str(found) and HIDDEN not in str(found)  # nothing hidden told
    assert found["withheld"] == 1  # the running challenge's game
    by_id = {g["id"]: g for g in found["games"]}
    assert set(by_id) == {won["id"], in_play["id"]}
    assert by_id[won["id"]]["start"] == fc_code and by_id[won["id"]]["closed"]
    standin = by_id[in_play["id"]]
    assert standin["standin"] and standin["start_kind"] == "text" and not standin["closed"]

    res = elsewhere.post("/api/import?lang=es", json=found)
    assert res.status_code == 200, res.text
    assert res.json()["imported"] == 2 and res.json()["message"] == "2 partidas importadas."
    history = elsewhere.get("/api/stats").json()["history"]
    assert {(h["game"], h["result"]) for h in history} == {("freecell", "won"), ("crescent", "playing")}
    assert next(h for h in history if h["game"] == "freecell")["code"] == fc_code
    again = elsewhere.post("/api/import", json=found)  # the same file twice: nothing more
    assert again.json()["imported"] == 0 and len(elsewhere.get("/api/stats").json()["history"]) == 2
    ours = next(h["id"] for h in history if h["game"] == "crescent")
    resumed = elsewhere.get(f"/api/games/{ours}").json()
    assert resumed["version"] == len(standin["tokens"]) and resumed["status"] == "playing"  # plays on
    assert elsewhere.get("/api/daily/ranking?week=" + daily.this_week()).json()["me"]["shown"] is False


def test_an_imported_daily_game_ranks_nowhere(app: FastAPI, client: TestClient, other: TestClient) -> None:
    """A file is its player's word: its daily games count in the statistics, not on the ranking,
    the calendar or the streak (its clock and its day are the file's)."""
    game, variant, code = FREECELL
    set_daily(app, daily.today(), game, variant, code)
    line = line_of(code)
    now = time.time()
    entry = {
        "id": "g1",
        "game": game,
        "start_kind": "code",
        "start": code,
        "tokens": line,
        "source": "daily",
        "created": now - 600,
        "started": now - 500,
        "ended": now - 100,
        "closed": True,
    }
    body = {"format": "paciencia-record", "version": 1, "games": [entry]}
    assert other.post("/api/import", json=body).json()["imported"] == 1
    groups = other.get("/api/stats").json()["groups"]
    assert [(g["game"], g["kind"], g["won"]) for g in groups] == [(game, "daily", 1)]
    state = other.get("/api/daily").json()
    assert state["streak"] == {"current": 0, "best": 0} and not any(d["won"] for d in state["calendar"]["days"])
    theirs = new(client, game=game, variant=variant, daily=True)
    play_line(client, theirs, line)
    entries = client.get(f"/api/daily/ranking?game={game}&variant={variant}").json()["entries"]
    assert [e["mine"] for e in entries] == [True]  # the imported game is in no ranking


def test_a_record_is_checked_whole_before_any_of_it_is_kept(client: TestClient) -> None:
    game, _variant, code = FREECELL
    line = line_of(code)
    good = {"id": "a", "game": game, "start_kind": "code", "start": code, "tokens": line, "created": 1.0e9}
    bad = {**copy.deepcopy(good), "id": "b", "tokens": [*line[:5], "8-8", *line[5:]]}
    body = {"format": "paciencia-record", "version": 1, "first": 10, "games": [good, bad]}
    res = client.post("/api/import?lang=it", json=body)
    assert res.status_code == 422 and res.json()["error"] == "import_refused", res.text
    assert res.json()["message"].startswith("La partita 12 dell’archivio è stata rifiutata: ")
    assert client.get("/api/stats").json()["history"] == []  # nothing kept
    future = {**good, "created": time.time() + 86400 * 365, "started": 4.0e9, "ended": 4.1e9}
    assert client.post("/api/import", json={**body, "games": [future]}).json()["imported"] == 1
    kept = client.get("/api/stats").json()["history"][0]
    assert kept["created"] <= time.time() and kept["seconds"] == 0  # no clock to come


@pytest.mark.parametrize(
    ("body", "status", "error"),
    [
        ({"format": "something", "version": 1, "games": []}, 422, "bad_request"),
        ({"format": "paciencia-record", "version": 2, "games": []}, 422, "bad_request"),
        (
            {
                "format": "paciencia-record",
                "version": 1,
                "games": [{"id": "x", "game": "nope", "start_kind": "code", "start": "X", "tokens": [], "created": 0}],
            },
            422,
            "bad_record",
        ),
        (
            {
                "format": "paciencia-record",
                "version": 1,
                "games": [
                    {
                        "id": "x",
                        "game": "klondike",
                        "start_kind": "code",
                        "start": "FC1-4-AAAAAAB",
                        "tokens": [],
                        "created": 0,
                    }
                ],
            },
            422,
            "bad_record",
        ),
    ],
)
def test_what_is_no_record_is_refused_in_the_page_s_language(
    client: TestClient, body: dict[str, Any], status: int, error: str
) -> None:
    res = client.post("/api/import?lang=pt-PT", json=body)
    assert res.status_code == status and res.json()["error"] == error, res.text
    if error == "bad_record":
        assert res.json()["message"] == ui_words("pt-PT")["bad_record"]


def test_a_record_is_weighed_as_an_offline_line(client: TestClient) -> None:
    state = new_state(KLONDIKE[2])
    many = ["D"] * (MOVES_BURST + 1)
    state.play_all(many)
    entry = {"id": "long", "game": "klondike", "start_kind": "code", "start": KLONDIKE[2], "tokens": many, "created": 0}
    res = client.post("/api/import", json={"format": "paciencia-record", "version": 1, "games": [entry]})
    assert res.status_code in (413, 422), res.text  # past the longest line (or the body's limit)
    assert client.get("/api/stats").json()["history"] == []


def test_the_devices_page_offers_the_record(client: TestClient) -> None:
    page = client.get("/it/devices").text
    ui = ui_words("it")
    assert 'href="/api/export"' in page and "/js/record.js" in page and ui["import_help"] in page.replace("&#39;", "'")
