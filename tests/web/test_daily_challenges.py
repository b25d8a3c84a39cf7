"""Issue 43's daily challenges: a day's deal told to no one until its day is over (a second
browser cannot learn it by leaving the game), the challenge of the week, the streak of days with
a daily won, the month's calendar and badges, and the candidates' order kept secret per database.
Every test runs against the app on a real database, SQLite and PostgreSQL (``conftest.py``)."""

from __future__ import annotations

import calendar
import datetime
import threading
import time
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import event, update

from paciencia.games import new_state
from paciencia.i18n import LOCALES
from paciencia.play.disclosure import deal_told, told
from paciencia.play.held import HeldGame
from paciencia.play.words import ui_words
from paciencia.solver import solve
from paciencia.web import Settings, create_app
from paciencia.web.db.store import Store
from paciencia.web.db.tables import daily as daily_table
from paciencia.web.db.tables import games as games_table
from paciencia.web.db.tables import levels as levels_table
from paciencia.web.service import daily
from paciencia.web.service.admission import WINNABLE_BURST

Game = dict[str, Any]
KLONDIKE = ("klondike", "1", "KL1-1-AAAAAAC")
"""A draw-one deal the solver wins within a small budget: set as a day's deal by the tests."""
FREECELL = ("freecell", "4", "FC1-4-AAAAAAC")
"""A FreeCell deal (dealt face up) the solver wins at once."""
NODES = 200_000


def line_of(code: str) -> list[str]:
    result = solve(new_state(code), nodes=NODES)
    assert result.verdict.value == "winnable"
    return list(result.line)


def player_of(client: TestClient) -> str:
    return client.cookies["paciencia_player"].partition(".")[0]


def play_line(client: TestClient, game: Game, line: list[str]) -> Game:
    view = game
    for token in line:
        res = client.post(f"/api/games/{view['id']}/moves", json={"move": token, "version": view["version"]})
        assert res.status_code == 200, res.text
        view = res.json()
    return view


def set_daily(app: FastAPI, day: str, game: str, variant: str, code: str) -> None:
    store: Store = app.state.store
    assert store.choose_daily(day, game, variant, code) == code


def the_daily(client: TestClient, game: str, variant: str) -> dict[str, Any]:
    body = client.get("/api/daily").json()
    found: dict[str, Any] = next(d for d in body["deals"] if (d["game"], d["variant"]) == (game, variant))
    return found


def test_a_day_s_deal_is_told_to_no_one_until_the_day_is_over(app: FastAPI, client: TestClient, db_url: str) -> None:
    """Won, then left for another game: still no answer names the deal while its day lasts (a
    second browser would learn it from the first and play the ranked deal knowing every card);
    once the day is over, the closed game tells it as any closed game does."""
    game, variant, code = KLONDIKE
    set_daily(app, daily.today(), game, variant, code)
    start = client.post("/api/games", json={"game": game, "variant": variant, "daily": True}).json()
    won = play_line(client, start, line_of(code))
    assert won["status"] == "won" and won["closed"] and won["code"] is None
    client.post("/api/games", json={"game": game, "variant": variant})  # another game after it
    answers = {
        "view": client.get(f"/api/games/{won['id']}"),
        "record": client.get(f"/api/games/{won['id']}/record"),
        "review": client.get(f"/api/games/{won['id']}/review?lang=it"),
        "review page": client.get(f"/en/{game}/{won['id']}/review"),
        "table page": client.get(f"/en/{game}/{won['id']}"),
        "stats": client.get("/api/stats"),
        "stats.csv": client.get("/api/stats.csv"),
        "daily": client.get("/api/daily"),
        "daily page": client.get("/en/daily"),
    }
    for name, res in answers.items():
        assert res.status_code < 500 and code not in res.text, name
    assert answers["record"].status_code == 409 and answers["record"].json()["error"] == "record_hidden"
    review = answers["review"].json()
    assert answers["review"].status_code == 409 and review["error"] == "challenge_running"
    assert review["message"] == ui_words("it")["review_challenge_running"]
    mine = the_daily(client, game, variant)
    assert mine["ended"] and mine["told"] and mine["winners"] == 1 and mine["code"] is None

    # The day is over (moved back a day in the database; a new server loads the game afresh).
    yesterday = time.strftime("%Y-%m-%d", time.gmtime(time.time() - 86400))
    with app.state.store.engine.begin() as conn:
        conn.execute(update(daily_table).where(daily_table.c.code == code).values(day=yesterday))
    with TestClient(create_app(Settings(database_url=db_url)), base_url="http://127.0.0.1") as later:
        later.cookies.update(client.cookies)
        assert later.get(f"/api/games/{won['id']}").json()["code"] == code
        assert later.get(f"/api/games/{won['id']}/record").json()["start"] == code


def test_a_challenge_s_measured_level_is_told_once_it_is_over(app: FastAPI, client: TestClient, db_url: str) -> None:
    """A level measured from every card of the day's deal (none chosen it) tells of the cards
    not yet seen: no answer says it while the day lasts, the page included; once over, it is said."""
    game, variant, code = KLONDIKE
    set_daily(app, daily.today(), game, variant, code)
    with app.state.store.engine.begin() as conn:  # the deal's level as the background measure keeps it
        conn.execute(
            levels_table.insert().values(
                code=code,
                game=game,
                variant=variant,
                level="expert",
                verdict="winnable",
                nodes=1,
                wins=0,
                seeds=4,
                rated=0.0,
            )
        )
    start = client.post("/api/games", json={"game": game, "variant": variant, "daily": True}).json()
    play_line(client, start, line_of(code)[:1])
    assert the_daily(client, game, variant)["level"] is None
    assert ui_words("en")["level_expert"] not in client.get("/en/daily").text
    yesterday = time.strftime("%Y-%m-%d", time.gmtime(time.time() - 86400))
    with app.state.store.engine.begin() as conn:
        conn.execute(update(daily_table).where(daily_table.c.code == code).values(day=yesterday))
    over = daily.standing(
        app.state.store, player_of(client), game, variant, yesterday, app.state.games.levels.daily_level
    )
    assert over["over"] and over["code"] == code and over["level"] == "expert"


def test_the_rule_keeps_a_challenge_s_deal_until_its_end() -> None:
    state = new_state(KLONDIKE[2])
    state.play_all(line_of(KLONDIKE[2]))
    held = HeldGame("g", "klondike", "code", KLONDIKE[2], [], state, closed=True, embargo=time.time() + 60)
    assert not deal_told(held, replayed=False)  # won and closed, and still kept
    held.embargo = time.time() - 1
    assert deal_told(held, replayed=False)
    assert not told(closed=True, replayed=False, embargoed=True)
    assert not told(closed=True, replayed=False, shows_all=True, embargoed=True)  # won: every card seen, one by one


def test_the_challenge_of_the_week(app: FastAPI, client: TestClient, other: TestClient) -> None:
    week = daily.this_week()
    game, variant, code = KLONDIKE
    assert app.state.store.choose_weekly(week, game, variant, code) == code
    before = client.get("/api/daily").json()["challenge"]
    assert (before["kind"], before["week"], before["game"], before["variant"]) == ("week", week, game, variant)
    assert before["played"] is False and before["code"] is None and before["ends"] == daily.week_end(week)
    mine, theirs = (c.post("/api/games", json={"week": True}) for c in (client, other))
    assert mine.status_code == 201 and theirs.status_code == 201
    assert [p["cards"] for p in mine.json()["places"]] == [p["cards"] for p in theirs.json()["places"]]
    assert mine.json()["game"] == game and mine.json()["code"] is None
    won = play_line(client, mine.json(), line_of(code))
    assert won["status"] == "won" and won["code"] is None
    after = client.get("/api/daily").json()
    assert after["challenge"]["ended"] and after["challenge"]["told"] and after["challenge"]["code"] is None
    week_badge = next(b for b in after["badges"] if b["badge"] == "week")
    assert week_badge["earned"] and any(w["won"] for w in after["calendar"]["weeks"])
    assert code not in client.get("/en/daily").text


def won_daily(store: Store, player: str, day: str, code: str, line: list[str]) -> None:
    """A daily game of ``code`` won on ``day`` (its clock moved to that day's noon)."""
    state = new_state(code)
    state.play_all(line)
    saved = store.create(player, "code", code, state, "daily", line)
    noon = daily.day_start(day) + 12 * 3600
    with store.engine.begin() as conn:
        conn.execute(
            update(games_table).where(games_table.c.id == saved.id).values(created=noon, started=noon, ended=noon + 60)
        )


def test_streak_calendar_and_badges(app: FastAPI, client: TestClient) -> None:
    game, variant, code = FREECELL
    line = line_of(code)
    store: Store = app.state.store
    client.get("/en/")  # a player
    player = player_of(client)
    today = datetime.date.fromisoformat(daily.today())
    days = [(today - datetime.timedelta(days=n)).isoformat() for n in (6, 5, 2, 1, 0)]
    for day in days:
        set_daily(app, day, game, variant, code)
    for day in days:
        won_daily(store, player, day, code, line)
    # A replay of it and a pasted table won today are no daily game.
    state = new_state(code)
    state.play_all(line)
    store.create(player, "code", code, state, "replay", line)
    body = client.get("/api/daily").json()
    assert body["streak"] == {"current": 3, "best": 3}
    month = daily.today()[:7]
    won_days = {d["date"] for d in body["calendar"]["days"] if d["won"]}
    assert won_days == {d for d in days if d.startswith(month)}
    length = calendar.monthrange(today.year, today.month)[1]
    assert len(body["calendar"]["days"]) == length
    seven = next(b for b in body["badges"] if b["badge"] == "days_7")
    assert seven["progress"] == len(won_days) and seven["earned"] is (len(won_days) >= 7)
    every = next(b for b in body["badges"] if b["badge"] == "every_game")
    assert every["progress"] == 1 and not every["earned"]
    earlier = (today - datetime.timedelta(days=6)).isoformat()[:7]
    back = client.get(f"/api/daily?month={earlier}").json()
    assert earlier + "-" in "".join(d["date"] for d in back["calendar"]["days"] if d["won"])


def test_the_streak_stands_until_a_whole_day_goes_by() -> None:
    now = daily.day_start("2026-05-10") + 3600
    assert daily.streaks(["2026-05-08", "2026-05-09"], now) == (2, 2)  # today not won yet
    assert daily.streaks(["2026-05-07", "2026-05-08"], now) == (0, 2)
    assert daily.streaks(["2026-05-01", "2026-05-02", "2026-05-03", "2026-05-10"], now) == (1, 3)


def test_a_bad_month_is_refused_in_the_page_s_language(client: TestClient) -> None:
    for month in ("2026-13", "26-05", "may", "2026-5"):
        res = client.get(f"/api/daily?month={month}&lang=es")
        assert res.status_code == 422 and res.json()["error"] == "bad_month", res.text
        assert res.json()["message"] == ui_words("es")["bad_month"]
    assert client.get("/es/daily?month=nope").status_code == 200  # the page shows this month instead


def test_the_candidates_are_the_database_s_own(db_url: str, tmp_path: Any) -> None:
    first, again = Store(db_url), Store(db_url)
    elsewhere = Store(f"sqlite:///{tmp_path / 'elsewhere.sqlite3'}")
    try:
        key = first.challenge_key()
        assert key == again.challenge_key() and len(key) == 32
        assert key != elsewhere.challenge_key()
        day = daily.today()
        ours = daily.candidates(day, "klondike", "3", key)
        assert ours == daily.candidates(day, "klondike", "3", again.challenge_key())
        assert ours != daily.candidates(day, "klondike", "3", elsewhere.challenge_key())
    finally:
        for store in (first, again, elsewhere):
            store.close()


@pytest.mark.parametrize("lang", LOCALES)
def test_the_daily_page_in_every_language(client: TestClient, lang: str) -> None:
    ui = ui_words(lang)
    page = client.get(f"/{lang}/daily")
    assert page.status_code == 200
    import html

    text = html.unescape(page.text)
    for key in ("challenges", "streak_title", "week_challenge", "badges_title", "challenges_secret"):
        assert ui[key] in text, (lang, key)


def test_look_alike_games_are_told_alike_by_the_challenges(client: TestClient, other: TestClient) -> None:
    """Two browsers playing positions they cannot tell apart (two hidden cards exchanged) are told
    the same by every answer of issue 43 that is not their own record: the challenges, the
    calendar, the streak and badges, the rankings, the devices."""
    from tests.web.test_honest import mid_game, pairs

    one, two = pairs(mid_game("KL1-3-AAAAAAB", 4), 1)[0]
    games = [c.post("/api/games", json={"table": t}).json() for c, t in ((client, one), (other, two))]
    assert games[0]["places"] == games[1]["places"]

    def told(c: TestClient) -> list[Any]:
        return [
            c.get("/api/daily").json(),
            c.get("/api/daily/ranking?game=klondike&variant=3").json(),
            c.get(f"/api/daily/ranking?week={daily.this_week()}").json(),
            c.get("/api/devices").json(),
        ]

    assert told(client) == told(other)


def test_a_challenge_s_candidates_never_join_the_open_pool(app: FastAPI, client: TestClient) -> None:
    """The candidates proved while a challenge is chosen are kept as handed out: a "winnable deals
    only" draw in the meantime would otherwise deal the challenge's deal to one player, whose
    game of it (no embargo) would tell its code once closed."""
    store: Store = app.state.store
    code = daily.daily_code(store, app.state.winnable, "klondike", "1")
    known = store.verdict(code)
    assert known is not None and known.verdict == "winnable" and known.handed


def test_a_challenge_is_chosen_once_by_many_first_players(app: FastAPI, client: TestClient) -> None:
    """Many first players of a day at once: one proves the candidates, the others wait for it and
    take its deal (each candidate's verdict written once), and the one choosing is admitted as a
    winnable-only game (a player past that bucket waits, 429, and a chosen challenge costs nothing)."""
    store: Store = app.state.store
    writes: list[str] = []

    def written(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if statement.lstrip().upper().startswith("UPDATE VERDICTS SET"):
            writes.append("proved" if "verdict=" in statement.replace(" ", "") else "handed")

    day = "2026-01-05"
    event.listen(store.engine, "before_cursor_execute", written)
    gate = threading.Barrier(4)
    found: list[str] = []

    def first_player() -> None:
        gate.wait()
        found.append(daily.daily_code(store, app.state.winnable, "klondike", "1", day))

    threads = [threading.Thread(target=first_player) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    event.remove(store.engine, "before_cursor_execute", written)
    assert len(set(found)) == 1 and len(found) == 4
    tried = daily.candidates(day, "klondike", "1", store.challenge_key()).index(found[0]) + 1
    assert writes.count("proved") == tried and writes.count("handed") == 1, writes  # each once

    client.get("/en/")
    player = player_of(client)
    admission = app.state.games.admission
    admission.limits.take_all(admission.takes("winnable", player, None, cost=WINNABLE_BURST))
    body = {"game": "freecell", "variant": "4", "daily": True}
    refused = client.post("/api/games", json=body)
    assert refused.status_code == 429 and refused.json()["error"] == "too_many_games", refused.text
    assert store.daily_code(daily.today(), "freecell", "4") is None  # nothing proved for it
    set_daily(app, daily.today(), *FREECELL)
    assert client.post("/api/games", json=body).status_code == 201  # chosen: no proof, no admission
