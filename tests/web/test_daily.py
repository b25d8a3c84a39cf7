"""The daily deal: the same proved winnable deal for everyone, its code withheld until its day
is over, an anonymous comparison once the player's own game of it has ended; and its place in
the statistics."""

from __future__ import annotations

import html
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from paciencia.engine.verdict import Verdict
from paciencia.games import new_state
from paciencia.solver import solve
from paciencia.web.service import daily


def play_line(client: TestClient, game: dict[str, Any], line: list[str]) -> dict[str, Any]:
    view = game
    for token in line:
        res = client.post(f"/api/games/{view['id']}/moves", json={"move": token, "version": view["version"]})
        assert res.status_code == 200, res.text
        view = res.json()
    return view


def standing(client: TestClient, game: str, variant: str) -> dict[str, Any]:
    deals = client.get("/api/daily").json()["deals"]
    found: dict[str, Any] = next(d for d in deals if d["game"] == game and d["variant"] == variant)
    return found


def test_the_daily_deal_is_the_same_for_everyone_and_compared_once_finished(
    app: FastAPI, client: TestClient, other: TestClient
) -> None:
    body = {"game": "klondike", "variant": "3", "daily": True}
    mine, theirs = (c.post("/api/games", json=body).json() for c in (client, other))
    assert mine["code"] is None  # the code would show every card: not while the game is on
    assert [p["cards"] for p in mine["places"]] == [p["cards"] for p in theirs["places"]]
    code = app.state.store.daily_code(daily.today(), "klondike", "3")
    assert code in daily.candidates(daily.today(), "klondike", "3", app.state.store.challenge_key())
    result = solve(new_state(code), 30)
    assert result.verdict is Verdict.WINNABLE  # proved winnable, as every daily deal is
    before = standing(client, "klondike", "3")
    assert before["played"] is False and before["code"] is None

    client.post(f"/api/games/{mine['id']}/moves", json={"move": "D", "version": 0})
    client.post(f"/api/games/{mine['id']}/moves", json={"move": "U", "version": 1})
    in_play = standing(client, "klondike", "3")
    assert in_play["played"] and not in_play["ended"] and in_play["code"] is None
    page = client.get("/en/daily").text
    assert code not in page

    won = play_line(client, {**mine, "version": 2}, list(result.line))
    assert won["status"] == "won" and won["code"] is None  # not before the day is over
    first = standing(client, "klondike", "3")
    assert first["ended"] and first["code"] is None and first["winners"] == 1 and first["time_beats"] is None
    play_line(other, theirs, [*result.line[:3], "U", *result.line[2:]])  # the same line with a detour
    second = standing(other, "klondike", "3")
    mine_now = standing(client, "klondike", "3")
    assert second["winners"] == 2 and mine_now["winners"] == 2 and second["players"] == 2
    # Fewer moves beat more; equal moves count half.
    expected = {-1: 1.0, 0: 0.5, 1: 0.0}[(first["moves"] > second["moves"]) - (first["moves"] < second["moves"])]
    assert mine_now["moves_beats"] == expected and second["moves_beats"] == 1.0 - expected
    daily_page = html.unescape(client.get("/en/daily").text)
    assert f"Your moves beat {expected:.0%} of that player's." in daily_page  # one other winner

    groups = client.get("/api/stats").json()["groups"]
    assert [(g["game"], g["kind"], g["won"]) for g in groups] == [("klondike", "daily", 1)]


def test_every_server_agrees_on_the_day_s_deal(app: FastAPI, db_url: str) -> None:
    from paciencia.web import Settings, create_app

    with TestClient(app) as a, TestClient(create_app(Settings(database_url=db_url))) as b:
        codes = set()
        for c in (a, b):
            game = c.post("/api/games", json={"game": "crescent", "variant": "F", "daily": True}).json()
            codes.add(game["code"])
        assert len(codes) == 1 and None not in codes  # Crescent F shows its code


def test_a_line_sent_from_offline_does_not_rank_in_the_daily_comparison(
    app: FastAPI, client: TestClient, other: TestClient
) -> None:
    """The comparison keeps the server's clock: a line played offline (a solver's, sent with
    the device's clock saying it took no time) counts in its player's statistics, not there."""
    import time

    body = {"game": "crescent", "variant": "F", "daily": True}
    mine, theirs = (c.post("/api/games", json=body).json() for c in (client, other))
    code = app.state.store.daily_code(daily.today(), "crescent", "F")
    line = list(solve(new_state(code), 30).line)
    now = time.time()
    sent = {"id": mine["id"], "base": 0, "tokens": line, "line": "daily-line-01", "started": now, "ended": now}
    res = client.post("/api/offline", json=sent)
    assert res.status_code == 200, res.text
    assert res.json()["game"]["status"] == "won" and res.json()["kept_apart"] is False
    assert play_line(other, theirs, [*line[:3], "U", *line[2:]])["status"] == "won"  # online, a detour
    offline, online = standing(client, "crescent", "F"), standing(other, "crescent", "F")
    assert offline["ended"] and offline["code"] is None  # not before the day is over
    assert "seconds" not in offline and "time_beats" not in offline  # not compared
    assert (online["players"], online["winners"], online["time_beats"]) == (1, 1, None)  # alone in it
    groups = client.get("/api/stats").json()["groups"]
    assert [(g["game"], g["kind"], g["won"]) for g in groups] == [("crescent", "daily", 1)]


@pytest.mark.parametrize("field", ["started", "ended"])
@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", "1e400", "-1", "-0.5", "4102444800"])
def test_an_offline_lines_clock_is_a_time_that_was(client: TestClient, field: str, value: str) -> None:
    # NaN was stored as NULL (a win in 0 s); 4102444800 is 2100-01-01.
    game = client.post("/api/games", json={"game": "crescent", "variant": "F", "daily": True}).json()
    body = f'{{"id": "{game["id"]}", "base": 0, "tokens": ["R"], "line": "clock-check", "{field}": {value}}}'
    res = client.post("/api/offline", content=body, headers={"content-type": "application/json"})
    assert res.status_code == 422 and res.json()["error"] == "bad_request", res.text
    assert client.get(f"/api/games/{game['id']}").json()["version"] == 0


def test_the_daily_page_answers_while_a_replay_of_the_left_daily_game_plays(client: TestClient) -> None:
    """Issue 36's item 6: the daily page answered 500 (``KeyError: 'players'``) while a replay of
    the player's left daily game was in play; it answers, and names neither the deal nor figures."""
    game = client.post("/api/games", json={"game": "klondike", "variant": "3", "daily": True}).json()
    moved = client.post(f"/api/games/{game['id']}/moves", json={"move": "D", "version": 0})
    assert moved.status_code == 200, moved.text
    assert client.post("/api/games", json={"replay": game["id"]}).status_code == 201  # leaves it
    page = client.get("/en/daily")
    assert page.status_code == 200, page.text
    code = client.app.state.store.daily_code(daily.today(), "klondike", "3")  # type: ignore[attr-defined]
    assert code not in page.text and code not in client.get("/api/daily").text
