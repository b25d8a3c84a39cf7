"""The statistics say what a player expects: a game thrown away for a new deal after a move is
counted as played and as left (neither won nor lost), lost games apart from it, and the figures
add up (played = won + lost + left)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from paciencia.i18n import LOCALES
from paciencia.play.words import ui_words
from tests.tables import BLOCKING_MOVE, CRESCENT_BLOCKED_IN_ONE, CRESCENT_WON_IN_ONE, WINNING_MOVE
from tests.web.test_honesty import new, played

Game = dict[str, Any]


@pytest.fixture(params=["sqlite"])
def db_url(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    """The figures are counted above the store: SQLite is enough here."""
    return f"sqlite:///{tmp_path / 'games.sqlite3'}"


def any_move(game: Game) -> str:
    """A legal move of a card from a pile to a place that takes it now."""
    source, dests = next((s, d) for s, d in game["dests"].items() if d and "x" not in s)
    return f"{source}-{dests[0]}"


def test_a_left_game_is_counted_as_left_not_lost(client: TestClient) -> None:
    played(client, new(client, table=CRESCENT_WON_IN_ONE), WINNING_MOVE)
    played(client, new(client, table=CRESCENT_BLOCKED_IN_ONE), BLOCKING_MOVE)
    left = new(client, game="crescent", code="CR1-N-AAAAAAB")
    played(client, left, any_move(left))
    new(client, game="crescent", code="CR1-N-AAAAAAC")  # New game: the one in progress is left
    groups = {g["kind"]: g for g in client.get("/api/stats").json()["groups"]}
    pasted, random = groups["text"], groups["random"]
    assert (pasted["played"], pasted["won"], pasted["lost"], pasted["left"]) == (2, 1, 1, 0)
    assert (random["played"], random["won"], random["lost"], random["left"]) == (1, 0, 0, 1)
    for g in groups.values():
        assert g["played"] == g["won"] + g["lost"] + g["left"]
    assert random["in_play"] == 0  # the new deal has no move: not counted, nor in play


@pytest.mark.parametrize("lang", LOCALES)
def test_the_stats_page_shows_lost_and_left_apart(client: TestClient, lang: str) -> None:
    left = new(client, game="crescent", code="CR1-N-AAAAAAB")
    played(client, left, any_move(left))
    new(client, game="crescent", code="CR1-N-AAAAAAC")
    html = client.get(f"/{lang}/stats").text
    ui = ui_words(lang)
    figures = dict(re.findall(r"<div><dt>([^<]+)</dt><dd>([^<]+)</dd></div>", html))
    assert figures[ui["played"]] == "1" and figures[ui["won"]] == "0"
    assert figures[ui["lost_count"]] == "0" and figures[ui["left_count"]] == "1", figures
    assert ui["left_count"] != ui["lost_count"]
    assert lang == "en" or ui["left_count"] != ui_words("en")["left_count"]  # in the page's language
