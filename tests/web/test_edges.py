"""The API's edges (issue 21, item 10): a known path with the wrong method, bodies that are not
JSON the parser can take, an integral float as a version, the CSV's declared type, a pasted
position whose header names a deal code, and a client that hangs up mid-request."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from paciencia.games import new_state
from paciencia.i18n import LOCALES, Words
from paciencia.play.words import say
from paciencia.web import Settings, create_app

CODE = "KL1-3-AAAAAAB"


@pytest.fixture
def api(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'games.sqlite3'}"))
    with TestClient(app, base_url="http://127.0.0.1") as c:
        yield c


WRONG_METHODS = [
    ("GET", "/api/games", {"POST"}),
    ("GET", "/api/stats/reset", {"POST"}),
    ("DELETE", "/api/games/abc/moves", {"POST"}),
    ("PUT", "/api/stats", {"GET"}),
    ("GET", "/api/games/abc/hint", {"POST"}),
]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize(("method", "path", "allowed"), WRONG_METHODS)
def test_a_known_path_with_the_wrong_method_is_405_with_allow(
    api: TestClient, locale: str, method: str, path: str, allowed: set[str]
) -> None:
    res = api.request(method, path, headers={"accept-language": locale})
    assert res.status_code == 405
    assert set(res.headers["allow"].replace(" ", "").split(",")) == allowed
    assert res.json() == {"error": "method_not_allowed", "message": say(Words(locale), "method_not_allowed")}


def test_an_unknown_api_path_is_still_404(api: TestClient) -> None:
    for method in ("GET", "POST", "DELETE"):
        res = api.request(method, "/api/no/such/thing")
        assert res.status_code == 404 and res.json()["error"] == "not_found"


NOT_JSON = [
    b'{"code": "\xff\xfe"}',  # not UTF-8
    b"[" * 1000 + b"]" * 1000,  # deeper than the parser goes
    b'{"game": ' * 1200 + b"1" + b"}" * 1200,
]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("body", NOT_JSON, ids=["utf8", "deep-array", "deep-object"])
def test_bodies_the_parser_cannot_take_are_malformed_json_in_the_request_language(
    api: TestClient, locale: str, body: bytes
) -> None:
    headers = {"content-type": "application/json", "accept-language": locale}
    res = api.post("/api/games", content=body, headers=headers)
    assert res.status_code == 400
    data = res.json()
    assert data["error"] == "malformed_json" and data["message"] == say(Words(locale), "bad_request_plain")


def test_an_integral_float_version_is_that_integer(api: TestClient) -> None:
    game = api.post("/api/games", json={"code": CODE}).json()
    path = f"/api/games/{game['id']}"
    for bad in (1.5, True, "1", -1.0, None):
        res = api.post(path + "/moves", json={"move": "D", "version": bad})
        assert res.status_code == 422 and res.json()["error"] == "bad_request", (bad, res.text)
    assert api.get(path).json()["version"] == 0  # none of them changed anything
    res = api.post(path + "/moves", json={"move": "D", "version": 0.0})
    assert res.status_code == 200 and res.json()["version"] == 1
    res = api.post(path + "/moves", json={"move": "D", "version": 1.0})
    assert res.status_code == 200 and res.json()["version"] == 2
    res = api.post(path + "/hint", json={"version": 2.0})
    assert res.status_code == 200, res.text


def test_the_schema_declares_the_csv_as_csv(api: TestClient) -> None:
    schema = api.get("/api/openapi.json").json()
    content = schema["paths"]["/api/stats.csv"]["get"]["responses"]["200"]["content"]
    assert list(content) == ["text/csv"]
    assert api.get("/api/stats.csv").headers["content-type"].startswith("text/csv")


def pasted(code: str, cards_of: str) -> str:
    """A table text with ``code``'s header over the cards of another deal: a false claim."""
    head = new_state(code).to_text().splitlines()[0]
    return "\n".join([head, *new_state(cards_of).to_text().splitlines()[1:]]) + "\n"


def test_a_pasted_position_claims_no_deal_code(api: TestClient) -> None:
    """A text whose header names a code (over other cards than that code's deal): the site
    never shows the code as the game's, nor counts the game as that deal."""
    # Crescent's standard deal shows its code from the start (no card is face down)...
    real = api.post("/api/games", json={"code": "CR1-N-AAAAAAB"}).json()
    assert real["code"] == "CR1-N-AAAAAAB" and "CR1-N-AAAAAAB" in real["title"]
    # ...but not a pasted one's, whatever its header says.
    game = api.post("/api/games", json={"table": pasted("CR1-N-AAAAAAB", "CR1-N-AAAAAAC")}).json()
    assert game["code"] is None and "CR1-N-AAAAAAB" not in game["title"]
    assert api.get(f"/api/games/{game['id']}").json()["code"] is None
    # A Klondike one, left for a newer game: not in the statistics, the CSV or the review.
    game = api.post("/api/games", json={"table": pasted(CODE, "KL1-3-AAAAAAC")}).json()
    path = f"/api/games/{game['id']}"
    assert api.post(path + "/moves", json={"move": "D", "version": 0}).status_code == 200
    api.post("/api/games", json={"code": CODE})
    assert api.get(path).json()["code"] is None
    history = api.get("/api/stats").json()["history"]
    mine = next(h for h in history if h["id"] == game["id"])
    assert mine["code"] is None and mine["kind"] == "text"
    assert CODE not in api.get("/api/stats.csv").text
    assert CODE not in api.get(f"/en/klondike/{game['id']}/review").text
