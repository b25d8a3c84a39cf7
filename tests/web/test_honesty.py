"""Nothing about a game that uses cards its player has not seen is said while the game can
still be played, on any endpoint, in any state of a game; and a game over for good takes no
more moves.

The rule (``paciencia/web/db/store.py``): a game is *closed* once won, left for a newer game of
the same game, or reviewed once blocked. A closed game takes no move, undo included; only a
closed game's deal code (where the deal hides cards) and review are ever shown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from paciencia.web.service import daily
from tests.tables import CRESCENT_BLOCKED_IN_ONE, KLONDIKE_BLOCKED_IN_ONE
from tests.web.reviewing import reviewed

Game = dict[str, Any]


def new(client: TestClient, **body: Any) -> Game:
    res = client.post("/api/games", json=body)
    assert res.status_code == 201, res.text
    game: Game = res.json()
    return game


def move(client: TestClient, game: Game, token: str) -> Any:
    return client.post(f"/api/games/{game['id']}/moves", json={"move": token, "version": game["version"]})


def played(client: TestClient, game: Game, token: str) -> Game:
    res = move(client, game, token)
    assert res.status_code == 200, res.text
    view: Game = res.json()
    return view


def code_of(client: TestClient, game: Game) -> str:
    store = client.app.state.store  # type: ignore[attr-defined]
    saved = store.load(game["id"], client.cookies["paciencia_player"].partition(".")[0])
    return str(saved.start) if saved.start_kind == "code" else saved.start.split()[2]  # the header's


# -- the states a game can be in, each made from a fresh browser ----------------------------------


def playing(client: TestClient) -> Game:
    return played(client, new(client, game="klondike", code="KL1-3-AAAAAAB"), "D")


def daily_playing(client: TestClient) -> Game:
    return played(client, new(client, game="klondike", variant="3", daily=True), "D")


def replayed(client: TestClient) -> Game:
    first = played(client, playing(client), "D")
    return new(client, replay=first["id"], at=1)


def left(client: TestClient) -> Game:
    game = playing(client)
    new(client, game="klondike")
    return game


def daily_left(client: TestClient) -> Game:
    game = daily_playing(client)
    new(client, game="klondike")
    return game


def blocked(client: TestClient) -> Game:
    return played(client, new(client, table=KLONDIKE_BLOCKED_IN_ONE), "1-Fc")


OPEN: dict[str, Callable[[TestClient], Game]] = {
    "playing": playing,
    "daily": daily_playing,
    "replayed": replayed,
    "blocked": blocked,
}
CLOSED: dict[str, Callable[[TestClient], Game]] = {"left": left}
"""Closed games that tell their deal. A daily game left is kept until its day is over (issue 43's
embargo: ``tests/web/test_daily_challenges.py``, and the secrecy matrix's daily state)."""


def revealing(client: TestClient, game: Game) -> dict[str, Any]:
    """Every answer that may carry the deal code or the full-knowledge review."""
    gid = game["id"]
    return {
        "stats": client.get("/api/stats"),
        "stats.csv": client.get("/api/stats.csv"),
        "stats page": client.get("/en/stats"),
        "daily": client.get("/api/daily"),
        "view": client.get(f"/api/games/{gid}"),
        "table page": client.get(f"/en/klondike/{gid}"),
        "offline stand-in": client.get(f"/api/games/{gid}/standin"),
    }


def reviews(client: TestClient, game: Game) -> dict[str, Any]:
    gid = game["id"]
    return {
        "review": client.get(f"/api/games/{gid}/review"),
        "review step": client.get(f"/api/games/{gid}/review/0"),
        "review page": client.get(f"/en/klondike/{gid}/review"),
    }


@pytest.mark.parametrize("state", list(OPEN))
def test_an_open_game_reveals_nothing(client: TestClient, state: str) -> None:
    game = OPEN[state](client)
    code = code_of(client, game)
    assert code.startswith("KL1-")  # a deal with face-down cards
    for name, res in revealing(client, game).items():
        assert res.status_code == 200, (name, res.text)
        assert code not in res.text, f"{state}: {name} shows the code {code}"
    if state == "blocked":
        return  # its review may be asked for: it closes the game (below)
    for name, res in reviews(client, game).items():
        assert res.status_code == 409, (state, name, res.status_code)
        assert "in_play" in res.text or "review comes once" in res.text.lower(), (state, name)
    # ...and it still plays.
    assert move(client, client.get(f"/api/games/{game['id']}").json(), "D").status_code == 200


def known_level(client: TestClient, code: str, level: str = "expert") -> None:
    """Keeps a measured level for the deal, as the background measure would have."""
    store = client.app.state.store  # type: ignore[attr-defined]
    measure = {"verdict": "winnable", "nodes": 1, "wins": 0, "seeds": 4}
    store.save_level(code, "klondike", code.split("-")[1] if code.startswith("KL") else "3", level, measure)


@pytest.mark.parametrize("state", list(OPEN))
def test_an_open_games_level_is_never_said(client: TestClient, state: str) -> None:
    """The level is worked out from every card of the deal: while the game can be played, no
    answer carries it, unless the player chose it (the daily deal's is public: /api/daily
    gives it, chosen in advance for everyone)."""
    game = OPEN[state](client)
    known_level(client, code_of(client, game))
    now = client.get(f"/api/games/{game['id']}").json()
    answers = {**revealing(client, game), "move": move(client, now, "U" if state == "blocked" else "D")}
    for name, res in answers.items():
        assert res.status_code == 200, (name, res.text)
        if name == "daily" and state == "daily":
            continue
        assert "Level: expert" not in res.text, f"{state}: {name} says the level"
        if "json" in res.headers["content-type"]:
            assert '"expert"' not in res.text, f"{state}: {name} carries the level"
    view = client.get(f"/api/games/{game['id']}").json()
    assert view["level"] is None and view["level_text"] == "" and view["level_pending"] is False
    assert "expert" not in view["title"]


@pytest.mark.parametrize("state", list(CLOSED))
def test_a_closed_game_says_its_level(client: TestClient, state: str) -> None:
    game = CLOSED[state](client)
    known_level(client, code_of(client, game))
    view = client.get(f"/api/games/{game['id']}").json()
    assert view["closed"] and view["level"] == "expert" and view["level_text"] == "Level: expert"
    assert "Level: expert" in client.get(f"/en/klondike/{game['id']}").text
    group = next(g for g in client.get("/api/stats").json()["groups"] if g["by_level"])
    assert group["by_level"] == {"expert": {"played": 1, "won": 0}}


@pytest.mark.parametrize("state", list(CLOSED))
def test_a_left_game_is_closed_then_reviewed(client: TestClient, state: str) -> None:
    game = CLOSED[state](client)
    now = client.get(f"/api/games/{game['id']}").json()
    assert now["status"] == "left" and now["closed"] and not now["can_undo"] and now["dests"] == {}
    for token in ("D", "U", "1-5"):
        res = move(client, now, token)
        assert res.status_code == 409, (state, token, res.text)
        assert res.json()["error"] == "game_left" and res.json()["game"]["version"] == now["version"]
    for path in ("hint", "finish"):
        res = client.post(f"/api/games/{game['id']}/{path}", json={"version": now["version"]})
        assert res.status_code == 409 and res.json()["error"] == "game_left", (path, res.text)
    assert client.get(f"/api/games/{game['id']}").json()["version"] == now["version"]
    for name, res in reviews(client, game).items():
        assert res.status_code == 200, (state, name, res.text)
    code = code_of(client, game)
    assert code in client.get("/api/stats").text and code in client.get("/api/stats.csv").text
    assert code in client.get("/en/stats").text


def test_the_reproduction_daily_left_then_moved(client: TestClient) -> None:
    """The issue's reproduction: a daily game, one draw, a new game; the daily game then shows
    its code in the statistics only because it can no longer be played."""
    game = daily_playing(client)
    new(client, game="klondike")
    assert code_of(client, game) not in client.get("/api/stats").text  # kept until the day is over
    res = move(client, game, "D")
    assert res.status_code == 409 and res.json()["error"] == "game_left"


def test_a_second_try_at_the_daily_deal_never_counts(client: TestClient) -> None:
    first = daily_playing(client)
    second = new(client, game="klondike", variant="3", daily=True)  # leaves the first
    second = played(client, second, "D")
    code = code_of(client, second)
    assert code == code_of(client, first)

    def deal() -> dict[str, Any]:
        deals = client.get("/api/daily").json()["deals"]
        found: dict[str, Any] = next(d for d in deals if d["game"] == "klondike" and d["variant"] == "3")
        return found

    # The first game (left) is the one that counts: ended, as left, never as the second's result;
    # its code stays out while the second game of the same deal is played.
    assert deal()["status"] == "left" and deal()["ended"] and deal()["code"] is None
    assert code not in client.get("/api/stats").text
    assert client.get(f"/api/games/{first['id']}/review").status_code == 409
    new(client, game="klondike")  # leaves the second too
    assert deal()["status"] == "left" and deal()["code"] is None  # the day is not over
    store = client.app.state.store  # type: ignore[attr-defined]
    results = store.daily_results(code, daily.day_start(daily.today()))
    assert [r.status for r in results] == ["left"]


@pytest.mark.parametrize("table", [KLONDIKE_BLOCKED_IN_ONE, CRESCENT_BLOCKED_IN_ONE])
def test_a_blocked_game_may_be_undone_until_its_review_closes_it(client: TestClient, table: str) -> None:
    token = "1-Fc" if table == KLONDIKE_BLOCKED_IN_ONE else "1-Ah"
    game = played(client, new(client, table=table), token)
    assert game["status"] == "blocked" and not game["closed"] and game["can_undo"]
    undone = played(client, game, "U")
    game = played(client, undone, token)
    review = reviewed(client, game["id"])
    assert review.status_code == 200, review.text
    now = client.get(f"/api/games/{game['id']}").json()
    assert now["closed"] and not now["can_undo"] and now["status"] == "blocked"
    res = move(client, now, "U")
    assert res.status_code == 409 and res.json()["error"] == "game_over"
    assert client.get(f"/api/games/{game['id']}").json()["version"] == now["version"]


@pytest.mark.parametrize("lang", ["en", "pt-PT", "pt-BR", "es", "it"])
def test_a_game_left_with_no_moves_has_a_review(client: TestClient, lang: str) -> None:
    game = new(client, game="klondike", code="KL1-3-AAAAAAB")
    new(client, game="klondike")
    res = reviewed(client, game["id"], lang)
    assert res.status_code == 200, res.text
    assert res.json()["losing"] is None and res.json()["moves"] == 0
    page = client.get(f"/{lang}/klondike/{game['id']}/review")
    assert page.status_code == 200, page.text


def test_a_game_left_while_winnable_is_not_called_lost(client: TestClient) -> None:
    game = played(client, new(client, game="klondike", code="KL1-3-AAAAAAB"), "D")
    new(client, game="klondike")
    review = reviewed(client, game["id"]).json()
    assert review["deal"] == "winnable"
    assert review["losing"] is None, review["text"]
    assert "could still be won" in review["text"]


def test_heavy_work_of_one_player_waits_its_turn(client: TestClient) -> None:
    """A replay from a late move is worked out like a hint: one of the player's at a time,
    refused 429 (nothing changed) while another of theirs is being worked out. A review is
    worked out in the background (its own worker): asked meanwhile, it is under way (202)."""
    game = left(client)
    games = client.app.state.games  # type: ignore[attr-defined]
    before = client.get("/api/stats").json()["history"]
    with games.hints.admitted(client.cookies["paciencia_player"].partition(".")[0]):
        review = client.get(f"/api/games/{game['id']}/review")
        replay = client.post("/api/games", json={"replay": game["id"], "at": 1})
    assert review.status_code in (200, 202), review.text
    assert replay.status_code == 429 and "retry-after" in replay.headers, replay.text
    assert client.get("/api/stats").json()["history"] == before
    assert reviewed(client, game["id"]).status_code == 200


def test_heavy_requests_of_one_player_are_rated(client: TestClient) -> None:
    """Past a burst, a player's replays from a late move are refused 429 with Retry-After (each
    takes seconds of a worker on a long game), and nothing is made for them."""
    from paciencia.web.service.games import HEAVY_BURST

    game = left(client)
    codes = [
        client.post("/api/games", json={"replay": game["id"], "at": 1}).status_code for _ in range(HEAVY_BURST + 2)
    ]
    assert codes[:HEAVY_BURST] == [201] * HEAVY_BURST and codes[-1] == 429, codes
    refused = client.post("/api/games", json={"replay": game["id"], "at": 1})
    assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
    assert refused.json()["error"] == "too_many_requests"
