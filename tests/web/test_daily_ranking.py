"""Issue 43's daily ranking: won first, then the server's clock, then moves; only each player's
first online game of the deal (no offline line, no replay, no pasted table); a time no person
makes flagged and placed nowhere; names only where opted in, in the reader's language; told
while the day runs only to a player whose own game of it is over. On SQLite and PostgreSQL."""

from __future__ import annotations

import html
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import update

from paciencia.games import new_state, state_from_text
from paciencia.i18n import LOCALES, Words
from paciencia.play.challenge_words import ADJECTIVES, ANIMALS
from paciencia.play.words import ui_words
from paciencia.solver import solve
from paciencia.web.db.deals import DailyResult
from paciencia.web.db.store import Store
from paciencia.web.db.tables import games as games_table
from paciencia.web.service import daily
from paciencia.web.service.ranking import AROUND, HUMAN_PACE, TOP, entries
from tests.web.test_daily_challenges import FREECELL, KLONDIKE, NODES, line_of, play_line, player_of, set_daily

Game = dict[str, Any]
GAME, VARIANT, CODE = KLONDIKE
RANKING = f"/api/daily/ranking?game={GAME}&variant={VARIANT}"


def start(client: TestClient) -> Game:
    res = client.post("/api/games", json={"game": GAME, "variant": VARIANT, "daily": True})
    assert res.status_code == 201, res.text
    game: Game = res.json()
    return game


def took(store: Store, game_id: str, seconds: float) -> None:
    """The game's clock made ``seconds`` long (its moves came faster than a person plays)."""
    with store.engine.begin() as conn:
        ended = conn.execute(games_table.select().where(games_table.c.id == game_id)).mappings().one()["ended"]
        conn.execute(update(games_table).where(games_table.c.id == game_id).values(started=ended - seconds))


@pytest.fixture
def players(app: FastAPI) -> Iterator[list[TestClient]]:
    clients = [TestClient(app, base_url="http://127.0.0.1") for _ in range(6)]
    for c in clients:
        c.__enter__()
    yield clients
    for c in clients:
        c.__exit__(None, None, None)


def test_the_ranking_keeps_first_online_games_in_order(app: FastAPI, players: list[TestClient]) -> None:
    set_daily(app, daily.today(), GAME, VARIANT, CODE)
    store: Store = app.state.store
    line = line_of(CODE)
    fast, slow, leaver, offline, paster, scripted = players
    assert fast.get(RANKING).json()["shown"] is False  # no game of it yet: nothing told
    won = play_line(fast, start(fast), line)
    took(store, won["id"], 300.0)
    won_slow = play_line(slow, start(slow), line)
    took(store, won_slow["id"], 400.0)
    first = play_line(leaver, start(leaver), ["D"])
    again = start(leaver)  # leaves the first: that one counts, not the win after it
    took(store, play_line(leaver, again, line)["id"], 200.0)
    assert first["id"] != again["id"]
    # Offline from the daily game (its cards hidden): a stand-in plays on, a game of its own,
    # won and sent back; the daily game stays as it was online, left for that one.
    game = play_line(offline, start(offline), ["D"])
    stand = offline.get(f"/api/games/{game['id']}/standin").json()
    standin = state_from_text(stand["start"])
    standin.play_all(stand["tokens"])
    own = solve(standin, nodes=NODES).line  # the stand-in's unseen cards are its own: a line of its own
    now = time.time()
    body = {
        "start_kind": "text",
        "start": stand["start"],
        "tokens": [*stand["tokens"], *own],
        "line": "rank-offline-1",
        "started": now - 900,
        "ended": now,
        "standin_for": game["id"],
    }
    sent = offline.post("/api/offline", json=body)
    assert sent.status_code == 200 and sent.json()["game"]["status"] == "won", sent.text
    # A pasted table of the deal, won: no challenge game.
    pasted = paster.post("/api/games", json={"table": new_state(CODE).to_text()}).json()
    assert play_line(paster, pasted, line)["status"] == "won"
    # Played as fast as requests go: flagged, no place.
    play_line(scripted, start(scripted), line)
    # A replay of the fast player's game, won faster still: not the challenge's game.
    replay = fast.post("/api/games", json={"replay": won["id"]}).json()
    play_line(fast, replay, line)

    entries = fast.get(RANKING).json()["entries"]
    assert [(e["place"], e["status"], e["moves"], e["flagged"], e["mine"]) for e in entries] == [
        (1, "won", len(line), False, True),
        (2, "won", len(line), False, False),
        (3, "left", 1, False, False),
        (4, "left", 1, False, False),
        (None, "won", len(line), True, False),
    ]
    assert entries[0]["seconds"] == 300.0 and entries[-1]["seconds"] < len(line) * HUMAN_PACE
    assert all(e["handle"] is None for e in entries)  # no one opted in
    assert paster.get(RANKING).json()["shown"] is False  # a pasted table is no game of the deal
    mine = scripted.get(RANKING).json()
    assert mine["shown"] and mine["code"] is None and [e["mine"] for e in mine["entries"]] == [False] * 4 + [True]
    assert CODE not in fast.get(f"/en/daily/ranking?game={GAME}&variant={VARIANT}").text


def test_a_line_sent_from_offline_onto_the_daily_game_does_not_rank(
    app: FastAPI, client: TestClient, other: TestClient
) -> None:
    """A deal dealt face up plays offline from its record: the line goes onto the daily game
    itself, whose moves then came at once on the device's clock; its player is not ranked."""
    game, variant, code = FREECELL
    set_daily(app, daily.today(), game, variant, code)
    line = line_of(code)
    mine = client.post("/api/games", json={"game": game, "variant": variant, "daily": True}).json()
    now = time.time()
    body = {"id": mine["id"], "base": 0, "tokens": line, "line": "rank-offline-2", "started": now - 900, "ended": now}
    sent = client.post("/api/offline", json=body)
    assert sent.status_code == 200 and sent.json()["game"]["status"] == "won", sent.text
    theirs = other.post("/api/games", json={"game": game, "variant": variant, "daily": True}).json()
    took(app.state.store, play_line(other, theirs, line)["id"], 300.0)
    found = client.get(f"/api/daily/ranking?game={game}&variant={variant}").json()
    assert found["shown"] and [(e["place"], e["mine"]) for e in found["entries"]] == [(1, False)]


def test_a_past_day_s_ranking_is_everyone_s(app: FastAPI, client: TestClient, other: TestClient) -> None:
    yesterday = time.strftime("%Y-%m-%d", time.gmtime(time.time() - 86400))
    set_daily(app, yesterday, GAME, VARIANT, CODE)
    store: Store = app.state.store
    client.get("/en/")
    state = new_state(CODE)
    line = line_of(CODE)
    state.play_all(line)
    saved = store.create(player_of(client), "code", CODE, state, "daily", line)
    noon = daily.day_start(yesterday) + 12 * 3600
    with store.engine.begin() as conn:
        conn.execute(
            update(games_table).where(games_table.c.id == saved.id).values(created=noon, started=noon, ended=noon + 400)
        )
    found = other.get(f"{RANKING}&date={yesterday}").json()  # a player who never played it
    assert found["shown"] and found["code"] == CODE and found["date"] == yesterday
    assert [(e["place"], e["seconds"]) for e in found["entries"]] == [(1, 400.0)]


def test_a_name_shows_only_once_opted_in_and_in_the_reader_s_language(app: FastAPI, client: TestClient) -> None:
    set_daily(app, daily.today(), GAME, VARIANT, CODE)
    won = play_line(client, start(client), line_of(CODE))
    took(app.state.store, won["id"], 300.0)
    assert client.get(RANKING).json()["entries"][0]["handle"] is None
    res = client.post("/api/daily/ranking/me?lang=pt-PT", json={"shown": True})
    assert res.status_code == 200 and res.json()["shown"], res.text
    portuguese = res.json()["handle"]
    words = Words("pt-PT")
    animals = {words.p_("handle animal", a).capitalize() for a in ANIMALS}
    adjectives = {words.p_("handle adjective", a).capitalize() for a in ADJECTIVES}
    animal, _, adjective = portuguese.partition(" ")  # the animal first in Portuguese
    assert animal in animals and adjective in adjectives, portuguese
    english = client.get(RANKING + "&lang=en").json()
    assert english["me"] == {"shown": True, "handle": english["entries"][0]["handle"]}
    assert english["entries"][0]["handle"] != portuguese
    again = client.post("/api/daily/ranking/me", json={"shown": True}).json()
    assert again["handle"] == english["me"]["handle"]  # drawn once, kept
    assert client.post("/api/daily/ranking/me", json={"shown": False}).json()["shown"] is False
    assert client.get(RANKING).json()["entries"][0]["handle"] is None


@pytest.mark.parametrize(
    ("query", "error"),
    [
        ("game=nope&variant=1", "bad_challenge"),
        ("game=klondike&variant=7", "bad_challenge"),
        ("game=klondike&variant=1&date=2999-01-01", "bad_date"),
        ("game=klondike&variant=1&date=yesterday", "bad_date"),
        ("game=klondike&variant=1&date=2026-1-1", "bad_date"),
        ("week=2026-W99", "bad_date"),
        ("week=2999-W01", "bad_date"),
    ],
)
def test_a_bad_ranking_question_is_refused_in_the_page_s_language(client: TestClient, query: str, error: str) -> None:
    res = client.get(f"/api/daily/ranking?{query}&lang=it")
    assert res.status_code == 422 and res.json()["error"] == error, res.text
    assert res.json()["message"] == ui_words("it")[error]


@pytest.mark.parametrize("body", [{"shown": "yes"}, {"shown": 1}, {}, {"shown": True, "name": "Troll"}])
def test_no_free_text_reaches_the_rankings(client: TestClient, body: dict[str, Any]) -> None:
    res = client.post("/api/daily/ranking/me", json=body)
    assert res.status_code == 422 and res.json()["error"] == "bad_request", res.text


@pytest.mark.parametrize("lang", LOCALES)
def test_the_ranking_page_says_what_it_proves_in_every_language(app: FastAPI, client: TestClient, lang: str) -> None:
    set_daily(app, daily.today(), GAME, VARIANT, CODE)
    ui = ui_words(lang)
    page = client.get(f"/{lang}/daily/ranking?game={GAME}&variant={VARIANT}")
    assert page.status_code == 200
    text = html.unescape(page.text)
    for key in ("ranking_about", "ranking_proves", "ranking_play_first", "ranking_name_about"):
        assert ui[key] in text, (lang, key)
    assert ui["ranking_cannot"] % {"seconds": f"{HUMAN_PACE:g}"} in text
    week = client.get(f"/{lang}/daily/ranking?week={daily.this_week()}")
    assert week.status_code == 200 and ui["ranking"] in html.unescape(week.text)


def test_opting_in_without_a_script(client: TestClient) -> None:
    back = f"game={GAME}&variant={VARIANT}"
    res = client.post("/en/daily/ranking/me", data={"shown": "1", "back": back}, follow_redirects=False)
    assert res.status_code == 303 and res.headers["location"] == f"/en/daily/ranking?{back}"
    assert client.get(RANKING).json()["me"]["shown"] is True


def test_a_blocked_game_that_plays_on_is_not_ranked_until_closed() -> None:
    """Blocked but not closed, a game takes one undo and plays on: it is still in play, so it
    has no place yet; closed (left, or reviewed once blocked), it ranks after the wins."""
    won = DailyResult("a", "won", True, 300.0, 120)
    blocked = DailyResult("b", "blocked", False, 200.0, 90)
    assert [e.result.player for e in entries([won, blocked], None)] == ["a"]
    closed = DailyResult("b", "blocked", True, 200.0, 90)
    assert [e.result.player for e in entries([closed, won], None)] == ["a", "b"]


def test_the_ranking_answers_the_top_and_the_asker_s_neighbourhood(app: FastAPI, client: TestClient) -> None:
    """However many played, the answer is the first ``TOP`` places, the asker's own place and two
    either side of it, and how many ranked: its size, and the work of it, bounded per request."""
    set_daily(app, daily.today(), GAME, VARIANT, CODE)
    store: Store = app.state.store
    line = line_of(CODE)
    client.get("/en/")
    me = player_of(client)
    count = TOP + 50
    for n in range(count + 1):
        state = new_state(CODE)
        state.play_all(line)
        who = me if n == 120 else f"{n:022d}"
        saved = store.create(who, "code", CODE, state, "daily", line)
        took(store, saved.id, 100.0 + n)
    body = client.get(RANKING).json()
    found = body["entries"]
    assert body["total"] == count + 1
    assert len(found) <= TOP + 2 * AROUND + 1, len(found)
    assert [e["place"] for e in found[:TOP]] == list(range(1, TOP + 1))
    mine = [e for e in found if e["mine"]]
    assert len(mine) == 1 and mine[0]["place"] == 121 and mine[0]["seconds"] == 220.0
    assert [e["place"] for e in found[TOP:]] == list(range(121 - AROUND, 121 + AROUND + 1))
    page = html.unescape(client.get(f"/en/daily/ranking?game={GAME}&variant={VARIANT}").text)
    assert page.count("<tr") == len(found) + 2 and page.count('class="gap"') == 1  # the head, the rows, a gap
