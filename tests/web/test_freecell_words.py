"""FreeCell's words on the site (issue 37): a move says what its cascade now shows; the chance
speaks of no hidden cards (every card is in sight); a selection names the card and its place in
one phrase (the view's place names, for every game)."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from paciencia.games import REGISTRY
from paciencia.i18n import LOCALES, Words
from paciencia.play.words import say
from paciencia.web import Settings, create_app


@pytest.fixture
def app(db_url: str) -> FastAPI:
    return create_app(Settings(database_url=db_url, hints_per_minute=100_000))


def start(client: TestClient, code: str, lang: str = "en") -> dict[str, object]:
    res = client.post(f"/api/games?lang={lang}", json={"code": code})
    assert res.status_code == 201, res.text
    game: dict[str, object] = res.json()
    return game


def test_a_move_says_what_the_cascade_now_shows(client: TestClient) -> None:
    game = start(client, "FC1-4-AAAAAAB")  # cascade 1: J♦ K♦ 2♠ 4♣ 3♠ 6♦ 6♠
    moved = client.post(f"/api/games/{game['id']}/moves", json={"move": "1-a", "version": 0}).json()
    assert moved["announce"] == "6 of spades to free cell a. Cascade 1 now shows 6 of diamonds."
    over = client.post(f"/api/games/{game['id']}/moves", json={"move": "a-b", "version": 1}).json()
    assert over["announce"] == "6 of spades to free cell b."  # a free cell's one card: nothing under it to tell


@pytest.mark.parametrize("lang", LOCALES)
def test_a_move_says_it_in_every_language(client: TestClient, lang: str) -> None:
    game = start(client, "FC1-4-AAAAAAB", lang)
    moved = client.post(f"/api/games/{game['id']}/moves?lang={lang}", json={"move": "1-a", "version": 0}).json()
    words = Words(lang)
    cascade = next(p for p in moved["places"] if p["id"] == "1")
    shows = say(words, "now_shows", place=cascade["name"], card=words.card_name(cascade["cards"][-1]))
    assert moved["announce"].endswith(shows[:1].upper() + shows[1:])


def test_the_chance_speaks_of_no_hidden_cards(client: TestClient) -> None:
    game = start(client, "FC1-4-AAAAAAB")
    chance = client.get(f"/api/games/{game['id']}/chance", params={"version": 0})
    assert chance.status_code == 200, chance.text
    text = chance.json()["text"]
    assert "hidden" not in text and "layout" not in text
    assert text in {say(Words("en"), "chance_sure_" + v) for v in ("won", "lost", "unknown")}


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_every_place_has_a_short_name_in_every_language(client: TestClient, game: str) -> None:
    entry = REGISTRY[game]
    code = str(entry.game(next(iter(entry.game.variants))).code(1))
    for lang in LOCALES:
        view = start(client, code, lang)
        for p in view["places"]:  # type: ignore[attr-defined]
            assert p["name"] and ":" not in p["name"] and len(p["name"]) < len(p["label"]), (lang, p)
