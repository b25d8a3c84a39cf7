"""A difficulty level for every deal (``paciencia/analysis/levels.py``, ``paciencia/web/service/levels.py``):
chosen with a winnable deal ("Winnable, hard"), shown from the start only then, shown once a
game is closed otherwise, measured in the background for a closed game's deal that has none,
given for the daily deal and counted in the statistics. Bad requests change nothing."""

from __future__ import annotations

import html
import math
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select

from paciencia.analysis import levels
from paciencia.analysis.honest import Budget
from paciencia.games import REGISTRY, new_state
from paciencia.play.words import ui_words
from paciencia.solver import solve
from paciencia.web import Settings, create_app
from paciencia.web.db.migrate import database_url
from paciencia.web.db.store import Store
from paciencia.web.db.tables import levels as levels_table

Game = dict[str, Any]
LANGS = {
    "en": "Level: hard",
    "pt-PT": "Nível: difícil",
    "pt-BR": "Nível: difícil",
    "es": "Nivel: difícil",
    "it": "Livello: difficile",
}
LEVELLED = [(g, v) for g, e in REGISTRY.items() for v in e.game.variants if levels.cuts(g, v) is not None]
"""Every variant with measured levels: the site offers "Winnable, <level>" there."""


def _level_games(pair: tuple[str, str]) -> int:
    seeds = (levels.settings(*pair) or {}).get("seeds", 0)
    return int(seeds) if seeds else 99  # a variant cut on the solver's effort alone plays none


EACH_GAME = [min(((g, v) for g, v in LEVELLED if g == game), key=_level_games) for game in dict(LEVELLED)]
"""Each game with levels, on one levelled variant: the first of those whose measure plays the
fewest level games but some (a measure then runs the solver and the honest player alike, at the
least cost: Spider's one suit, four level games of a slow game a deal, took 46 s here)."""
UNMEASURED = "KL1-3-AAAAAAB"
"""A deal no pool holds (measured by the background thread when a game of it ends)."""


def new(client: TestClient, lang: str = "en", **body: Any) -> Any:
    return client.post(f"/api/games?lang={lang}", json=body)


def created(client: TestClient, **body: Any) -> Game:
    res = new(client, **body)
    assert res.status_code == 201, res.text
    game: Game = res.json()
    return game


def played(client: TestClient, game: Game, token: str) -> Game:
    res = client.post(f"/api/games/{game['id']}/moves", json={"move": token, "version": game["version"]})
    assert res.status_code == 200, res.text
    view: Game = res.json()
    return view


def first_move(code: str) -> str:
    """A move the deal's first position allows (any game's)."""
    return str(new_state(code).legal_moves()[0])


def start_of(client: TestClient, game: Game) -> str:
    store = client.app.state.store  # type: ignore[attr-defined]
    return str(store.load(game["id"], client.cookies["paciencia_player"].partition(".")[0]).start)


def history(client: TestClient) -> list[Any]:
    found: list[Any] = client.get("/api/stats").json()["history"]
    return found


@pytest.mark.parametrize(("game", "variant"), LEVELLED)
def test_the_pools_are_levelled_and_winnable(game: str, variant: str) -> None:
    for level in levels.LEVELS:
        pool = levels.pool(game, variant, level)
        assert pool, level
        for code in pool[:3]:
            assert levels.known(code) == level
            result = solve(new_state(code), math.inf, levels.SOLVE_NODES)
            assert result.verdict == "winnable", code


QUICK = (2, 15)
"""The quick check of the hints: the first 15 moves of the sample's first two deals (the slow
one plays all the record holds)."""


def check_hints(game: str, variant: str, deals: int, moves: int) -> None:
    record = levels.hints(game, variant)
    assert record is not None, f"{game} {variant}: levels without a record of the hints that measured them"
    assert record["deals"], f"{game} {variant}: the record of the hints holds no deal"
    for entry in record["deals"][:deals]:
        differs = levels.hints_differ(entry, min(moves, record["moves"]))
        assert differs is None, (
            f"{game} {variant}: the levels' figures and the chance's calibration were measured with other hints"
            f" than the site's today ({differs}); measure again (scripts/make-levels)"
        )


@pytest.mark.parametrize(("game", "variant"), LEVELLED)
def test_the_levels_figures_were_measured_with_todays_hints(game: str, variant: str) -> None:
    """Every variant's levels.json records the site's hints' first moves and chances on the
    sample's first deals (scripts/make-levels write); today's hints, replayed there, must agree:
    else the per-level figures and the calibration shown describe older hints."""
    check_hints(game, variant, *QUICK)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "variant"), LEVELLED)
def test_the_levels_figures_were_measured_with_todays_hints_on_every_recorded_move(game: str, variant: str) -> None:
    check_hints(game, variant, levels.HINTS_DEALS, levels.HINTS_MOVES)


def test_the_hints_check_sees_a_hint_changed() -> None:
    """The check fails, naming the move, where the record and today's hints part."""
    game, variant = LEVELLED[0]
    record = levels.hints(game, variant)
    assert record is not None
    entry = dict(record["deals"][0])
    key = "tokens" if "tokens" in entry else "chances"
    entry[key] = [*entry[key][:2], "X" if key == "tokens" else -1.0, *entry[key][3:]]
    assert levels.hints_differ(entry, 5) == f"{entry['code']}, move 3: " + (
        f"the hint is {record['deals'][0]['tokens'][2]} today, was X when measured"
        if key == "tokens"
        else f"the chance shown before it is {record['deals'][0]['chances'][2]} today, was -1.0 when measured"
    )


def measured(*games: levels.Light) -> levels.Measure:
    return levels.Measure("XX1-1-AAAAAAB", "winnable", 1_000, sum(g.won for g in games), len(games), games)


def test_the_second_figure_orders_the_deals_the_first_ties_on_by_how_far_their_games_got() -> None:
    """Figure 2 (Spider, Crescent: nearly every honest game won, or nearly every one lost) orders
    deals whose games all won by the chance their advice gave on the way, and deals whose games all
    lost by the cards they brought home; figure 1 (the share lost) ties each pair."""
    sure, unsure = (
        measured(*[levels.Light(True, 1.0, 0.9, 120)] * 2),
        measured(*[levels.Light(True, 1.0, 0.4, 150)] * 2),
    )
    near, far = measured(*[levels.Light(False, 0.8, 0.1, 90)] * 2), measured(*[levels.Light(False, 0.2, 0.1, 40)] * 2)
    second = [levels.difficulty(m, figure=2) for m in (sure, unsure, near, far)]
    assert second == sorted(second) and len(set(second)) == 4
    assert levels.difficulty(sure) == levels.difficulty(unsure) and levels.difficulty(near) == levels.difficulty(far)
    row = measured(levels.Light(False, 0.25, 0.125, 40)).as_dict()
    assert row["games"] == [[0, 0.25, 0.125, 40]] and levels.Measure.of(row) == measured(
        levels.Light(False, 0.25, 0.125, 40)
    )


def test_an_honest_game_of_the_measure_says_how_far_it_got() -> None:
    """The cards on the foundations at its end (Crescent starts with its aces and kings there)
    and the mean chance its advice gave, on a budget of positions."""
    start = new_state("CR1-N-FPAHRPB")
    assert levels.home_share(start) == 8 / 104
    game = levels.light(start, Budget(2, 300), 1, None, 6)
    assert game.moves == 6 and not game.won
    end = start.copy()
    end.play_all(game_moves(start, 6))
    assert game.home == levels.home_share(end) and 0 <= game.chance <= 1


def game_moves(start: Any, cap: int) -> list[str]:
    moves: list[str] = []
    levels.autoplay(start, Budget(2, 300), 1, None, None, moves, cap)
    return moves


FIGURE_2 = {("spider", "2"), ("crescent", "N")}
"""The variants cut on how far their honest games got (nearly all of them lost, or won, and the
share lost told the deals apart no better): the others on the first figure."""


@pytest.mark.parametrize(("game", "variant"), LEVELLED)
def test_a_variant_says_the_figure_its_levels_were_cut_on(game: str, variant: str) -> None:
    """A deal measured later (``levels.rate``) is measured as its variant's were: the variants
    cut on the first figure say none, the others say theirs; how the deals were cut
    (``levels.CUTS``) likewise, and the cuts are what that cut gives."""
    how = levels.settings(game, variant)
    assert how is not None and how.get("figure", 1) in levels.FIGURES
    assert (how.get("figure", 1) == 2) == ((game, variant) in FIGURE_2), f"{game} {variant}: {how}"
    assert how.get("cut") in (None, *levels.CUTS[1:]), how  # quarters, the first cut, written as none
    if how.get("cut") == "wins":
        assert how.get("figure", 1) == 1 and levels.cuts(game, variant) == levels.win_cuts(how["seeds"])
    if how["seeds"] == 0:  # the solver's effort alone: no honest game, so the first figure, in quarters
        assert how.get("figure", 1) == 1 and "cut" not in how


EFFORT = [(g, v) for g, v in LEVELLED if (levels.settings(g, v) or {}).get("seeds") == 0]
"""The variants whose levels are the quarters of the solver's effort alone (no honest game: the
site's hints win too few or too many of their deals for their wins to tell levels apart)."""


@pytest.mark.parametrize(("game", "variant"), EFFORT)
def test_a_level_of_the_solvers_effort_is_measured_again_the_same(game: str, variant: str) -> None:
    """Such a level rests on the solver's positions alone, so a change to the solver's search
    makes it stale: today's solver, measuring the first deals of each pool as the site measures a
    deal later (``levels.rate``), must give them their recorded level."""
    for level in levels.LEVELS:
        for code in levels.pool(game, variant, level)[:2]:
            found = levels.rate(code, game, variant)
            assert found is not None and found[1] == level, (
                f"{game} {variant}: {code} is {found and found[1]} on today's solver ({found and found[0].nodes}"
                f" positions), {level} when measured; measure again (scripts/make-levels)"
            )


@pytest.mark.parametrize(("name", "variant"), LEVELLED)
@pytest.mark.parametrize("lang", list(LANGS))
def test_a_chosen_level_is_the_deals_and_shown_from_the_start(
    client: TestClient, lang: str, name: str, variant: str
) -> None:
    res = new(client, lang, game=name, variant=variant, winnable_only=True, level="hard")
    assert res.status_code == 201, res.text
    game = res.json()
    assert game["level"] == "hard"
    assert game["level_text"] == LANGS[lang]
    assert game["winnable"] is True
    start = start_of(client, game)
    assert start in levels.pool(name, variant, "hard")
    assert played(client, game, first_move(start))["level"] == "hard"  # and while it is played
    page = client.get(f"/{lang}/{name}/{game['id']}").text
    assert LANGS[lang] in page
    # The table's level picker offers every level, in the page's language.
    ui = ui_words(lang)
    assert 'id="new-level"' in page
    assert all(html.escape(ui[f"winnable_{lv}"]) in page for lv in levels.LEVELS), lang


def test_a_level_alone_means_a_winnable_deal(client: TestClient) -> None:
    game = created(client, game="klondike", variant="3", level="easy")
    assert game["level"] == "easy" and game["winnable"]


BAD = [
    ({"game": "klondike", "variant": "3", "winnable_only": True, "level": "impossible"}, "bad_level"),
    ({"game": "klondike", "variant": "3", "winnable_only": True, "level": "unwinnable"}, "bad_level"),
    ({"game": "klondike", "variant": "3", "winnable_only": False, "level": "hard"}, "level_needs_winnable"),
    ({"game": "klondike", "code": "KL1-3-AAAAAAB", "level": "hard"}, "level_needs_winnable"),
    ({"game": "klondike", "variant": "3", "daily": True, "level": "hard"}, "level_needs_winnable"),
]
UNLEVELLED = [(g, v) for g, e in REGISTRY.items() for v in e.game.variants if levels.cuts(g, v) is None]
"""The variants whose deals were not measured yet (the site answers "no_levels" there)."""
if UNLEVELLED:
    BAD.append(
        ({"game": UNLEVELLED[0][0], "variant": UNLEVELLED[0][1], "winnable_only": True, "level": "hard"}, "no_levels")
    )
WORDS = {
    "bad_level": {"en": "is not a level", "es": "no es un nivel", "it": "non è un livello", "pt-PT": "não é um nível"},
    "level_needs_winnable": {"en": "A level comes only", "es": "Solo puedes elegir", "pt-BR": "Você só pode"},
    "no_levels": {"en": "no deals sorted by level", "it": "ordinate per livello", "pt-PT": "ordenadas por nível"},
}


@pytest.mark.parametrize(("body", "error"), BAD)
def test_a_bad_level_is_refused_in_the_requests_language_and_changes_nothing(
    client: TestClient, body: dict[str, Any], error: str
) -> None:
    first = played(client, created(client, game="klondike", code="KL1-3-AAAAAAC"), "D")
    for lang, words in WORDS[error].items():
        res = new(client, lang, **body)
        assert res.status_code == 422, res.text
        assert res.json()["error"] == error
        assert words in res.json()["message"], (lang, res.json()["message"])
    # Nothing changed: the game in play is still the player's, in play, and no game was made.
    assert [h["id"] for h in history(client)] == [first["id"]]
    assert client.get(f"/api/games/{first['id']}").json()["status"] == "playing"


def test_a_level_that_is_not_a_string_is_refused(client: TestClient) -> None:
    for level in (3, "x" * 21, ["hard"]):
        res = new(client, game="klondike", variant="3", winnable_only=True, level=level)
        assert res.status_code == 422, res.text
    assert history(client) == []


@pytest.mark.parametrize(("name", "variant"), EACH_GAME)
def test_a_levelled_deal_played_without_choosing_says_its_level_only_once_closed(
    client: TestClient, name: str, variant: str
) -> None:
    code = levels.pool(name, variant, "expert")[0]
    game = played(client, created(client, game=name, code=code), first_move(code))
    assert game["level"] is None and game["level_text"] == ""
    created(client, game=name, variant=variant)  # leaves it: closed
    view = client.get(f"/api/games/{game['id']}").json()
    assert view["closed"] and view["level"] == "expert" and view["level_text"] == "Level: expert"
    stats = client.get("/api/stats").json()
    group = next(g for g in stats["groups"] if g["kind"] == "random")
    assert group["by_level"] == {"expert": {"played": 1, "won": 0}}
    assert "Won by level" in client.get("/en/stats").text


@pytest.mark.parametrize(("name", "variant"), EACH_GAME)
def test_a_won_chosen_game_counts_by_level(client: TestClient, name: str, variant: str) -> None:
    game = created(client, game=name, variant=variant, level="easy")
    line = solve(new_state(start_of(client, game)), math.inf, levels.SOLVE_NODES).line
    for token in line:
        game = played(client, game, token)
    assert game["status"] == "won" and game["level"] == "easy"
    group = next(g for g in client.get("/api/stats").json()["groups"] if g["kind"] == "winnable")
    assert group["by_level"] == {"easy": {"played": 1, "won": 1}}


def wait_for_level(client: TestClient, game_id: str, seconds: float = 240) -> Game:
    deadline = time.monotonic() + seconds
    while True:
        view: Game = client.get(f"/api/games/{game_id}").json()
        if view["level"] is not None or not view["level_pending"] or time.monotonic() > deadline:
            return view
        time.sleep(0.5)


def test_a_closed_games_deal_is_measured_in_the_background(client: TestClient) -> None:
    assert levels.known(UNMEASURED) is None
    game = played(client, created(client, game="klondike", code=UNMEASURED), "D")
    assert game["level_pending"] is False  # nothing is measured, nor said, while it is played
    created(client, game="klondike", code="KL1-3-AAAAAAC")
    first = client.get(f"/api/games/{game['id']}").json()
    assert first["closed"] and first["level_pending"] is True and first["level"] is None
    view = wait_for_level(client, game["id"])
    assert view["level"] in (*levels.LEVELS, levels.NOT_WINNABLE), view
    assert view["level_pending"] is False
    store = client.app.state.store  # type: ignore[attr-defined]
    with store.engine.connect() as conn:
        row = conn.execute(select(levels_table).where(levels_table.c.code == UNMEASURED)).mappings().one()
    assert row["level"] == view["level"] and row["seeds"] in (0, levels.SEEDS)


def test_a_stopping_server_gives_up_its_measure_and_writes_nothing_after(db_url: str) -> None:
    """A measure takes seconds: the server's stop must not wait for it, nor find it writing to a
    database it has closed (the thread used to outlive its app)."""
    app = create_app(Settings(database_url=db_url))
    with TestClient(app, base_url="http://127.0.0.1") as client:
        game = played(client, created(client, game="klondike", code="KL1-3-AAAAAAD"), "D")
        created(client, game="klondike", code="KL1-3-AAAAAAC")
        assert client.get(f"/api/games/{game['id']}").json()["level_pending"] is True
        thread = app.state.games.levels.thread
        assert thread is not None and thread.is_alive()
    assert not thread.is_alive()  # stopped with its app


@pytest.mark.parametrize(("name", "variant"), EACH_GAME)
def test_the_daily_deal_is_measured_and_its_level_said_once_the_day_is_over(
    client: TestClient, name: str, variant: str
) -> None:
    from paciencia.play.disclosure import challenge_level
    from paciencia.web.service import daily

    created(client, game=name, variant=variant, daily=True)  # chooses the day's deal
    games = client.app.state.games  # type: ignore[attr-defined]
    code = client.app.state.store.daily_code(daily.today(), name, variant)  # type: ignore[attr-defined]
    deadline = time.monotonic() + 240
    while games.levels.daily_level(code) is None and time.monotonic() < deadline:
        client.get("/api/daily")  # asking has it measured in the background
        time.sleep(0.5)
    measured = games.levels.daily_level(code)
    assert measured in levels.LEVELS  # the day's deal is proved winnable
    # While the day lasts the level tells of the unseen cards: neither the API nor the page says it.
    deals = client.get("/api/daily").json()["deals"]
    assert all("level" in d and d["level"] is None for d in deals)
    assert "Level: " not in client.get("/en/daily").text
    # Once the day is over it is everyone's to know.
    assert challenge_level(measured, daily.day_end(daily.today()), now=daily.day_end(daily.today()) + 1) == measured


def test_the_chance_names_what_it_counts_and_the_honest_players_chance(client: TestClient) -> None:
    game = played(client, created(client, game="klondike", code="KL1-3-AAAAAAC"), "D")
    res = client.get(f"/api/games/{game['id']}/chance?version={game['version']}")
    assert res.status_code == 200, res.text
    chance = res.json()
    assert "of the layouts the hidden cards may have" in chance["text"]
    assert chance["honest_percent"] is not None and 0 <= chance["honest_percent"] <= 100
    assert f"≈ {chance['honest_percent']}%" in chance["text"]
    # The honest player's chance is read off the measured groups, which never fall as the figure rises.
    honest = levels.honest_chance("klondike", "3", chance["won"] / chance["total"])
    assert honest is not None and chance["honest_percent"] == round(100 * honest)


def test_a_database_at_0005_gets_the_levels(db_url: str) -> None:
    from tests.web.test_store import command_upgrade

    engine = create_engine(database_url(db_url))
    with engine.begin() as conn:
        command_upgrade(conn, "0005")
        conn.exec_driver_sql(
            "INSERT INTO games (id, player, game, start_kind, start, version, table_text, status, created,"
            " updated, snap_version, closed)"
            " VALUES ('g1', 'p', 'klondike', 'code', 'KL1-3-AAAAAAB', 0, '', 'playing', 0, 0, 0, 0)"
        )
    engine.dispose()
    store = Store(db_url)
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("SELECT level FROM games WHERE id = 'g1'").scalar() is None
        assert conn.exec_driver_sql("SELECT count(*) FROM levels").scalar() == 0
    store.close()
