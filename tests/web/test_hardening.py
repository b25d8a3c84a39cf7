"""What an attacker or a careless client meets: bad numbers and codes, positions no play reaches,
cross-site forms, floods of new games and hints, odd methods and caches; every answer the
site's own JSON error (in the request's language, with the site's headers), nothing changed."""

from __future__ import annotations

import html
import logging
import re
import threading
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from paciencia.analysis.jobs import replay_job
from paciencia.engine.reasons import Position
from paciencia.games import new_state
from paciencia.i18n import LOCALES, Words
from paciencia.web import Settings, create_app
from paciencia.web.db.limits import Limits
from paciencia.web.db.store import Store
from paciencia.web.routes.api import ErrorOut
from paciencia.web.routes.models import GameView
from paciencia.web.service.admission import Admission
from paciencia.web.service.games import HINT_BURST, ServiceError
from paciencia.web.service.hints import HintPool
from tests.tables import klondike_table

CODE = "CR1-N-AAAAAAB"
DEAL = new_state(CODE).to_text()


def has_site_headers(res: Any) -> bool:
    return "content-security-policy" in res.headers and res.headers.get("content-type", "").startswith(
        "application/json"
    )


def games_of(client: TestClient) -> int:
    """How many games the client's player has (through the pages: the home page links the latest)."""
    store = client.app.state.store  # type: ignore[attr-defined]
    with store.engine.connect() as conn:
        from sqlalchemy import func, select

        from paciencia.web.db.tables import games

        return int(conn.execute(select(func.count()).select_from(games)).scalar() or 0)


# -- numbers, codes and positions ----------------------------------------------------------


@pytest.mark.parametrize("number", ["²", "①", "١", "007"])
def test_a_header_number_in_other_digits_is_a_clear_422(client: TestClient, number: str) -> None:
    res = client.post("/api/games?lang=it", json={"table": DEAL.replace("moves=0", f"moves={number}")})
    assert res.status_code == 422 and has_site_headers(res)
    body = res.json()
    assert body["error"] == "bad_position" and body["reason"] == "bad_number"
    assert Words("it").position(Position.BAD_NUMBER) in body["message"]


@pytest.mark.parametrize("code", ["CR١-N-AAAAAAB", "CR01-N-AAAAAAB", "KL1x٣-6", "CR0-N-AAAAAAB", "CR²-N-AAAAAAB"])
def test_deal_codes_take_only_the_specified_form(client: TestClient, code: str) -> None:
    res = client.post("/api/games", json={"code": code})
    assert res.status_code == 422 and res.json()["error"] == "bad_code" and has_site_headers(res)


def test_a_run_count_in_other_digits_or_with_a_leading_zero_is_malformed(client: TestClient) -> None:
    game = client.post("/api/games", json={"code": "KL1-3-AAAAAAB"}).json()
    for token in ("7x٣-6", "7x01-6"):
        res = client.post(f"/api/games/{game['id']}/moves", json={"move": token, "version": 0})
        assert res.status_code == 422 and res.json()["error"] == "malformed_move"


ILLEGAL = {
    Position.FACE_DOWN_IN_FACE_UP_DEAL: DEAL.replace("\n1: 9d", "\n1: [9d]"),
    Position.STATUS_MISMATCH: DEAL.replace("status=playing", "status=won"),
    Position.SENT_UP_MISMATCH: klondike_table({}, "up=5", rest_in_stock=True),
}


@pytest.mark.parametrize("reason", list(ILLEGAL))
@pytest.mark.parametrize("lang", LOCALES)
def test_a_table_text_no_play_reaches_is_refused_with_its_reason(client: TestClient, reason: str, lang: str) -> None:
    text = ILLEGAL[Position(reason)]
    res = client.post(f"/api/games?lang={lang}", json={"table": text})
    assert res.status_code == 422, res.text
    body = res.json()
    assert body["error"] == "bad_position" and body["reason"] == reason
    assert Words(lang).position(reason) in body["message"]
    form = client.post(f"/{lang}/crescent/new", data={"table": text})
    assert form.status_code == 422 and Words(lang).position(reason) in html.unescape(form.text)


def test_an_unexpected_error_is_the_sites_json_500_and_is_logged(
    app: FastAPI, client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    def broken() -> None:
        raise RuntimeError("a bug")

    app.add_api_route("/api/broken", broken)
    app.router.routes.insert(0, app.router.routes.pop())  # before the pages' catch-all paths
    with caplog.at_level(logging.ERROR, logger="paciencia.web"):
        res = client.get("/api/broken?lang=es")
    assert res.status_code == 500 and has_site_headers(res)
    assert res.json() == {
        "error": "server_error",
        "message": "Algo salió mal en el servidor; no se ha cambiado nada. Inténtalo de nuevo.",
    }
    assert any("a bug" in (r.exc_text or "") or "a bug" in str(r.exc_info) for r in caplog.records)


# -- requests ------------------------------------------------------------------------------


def test_a_version_must_be_a_whole_number_not_a_boolean(client: TestClient) -> None:
    game = client.post("/api/games", json={"code": CODE}).json()
    move = next(str(m) for m in new_state(CODE).legal_moves() if str(m) != "R")
    for version in (False, True, "0", 0.5):  # 0.0 is 0 (issue 21: JSON has one kind of number)
        res = client.post(f"/api/games/{game['id']}/moves", json={"move": move, "version": version})
        assert res.status_code == 422 and res.json()["error"] == "bad_request", version
        res = client.post(f"/api/games/{game['id']}/hint", json={"version": version})
        assert res.status_code == 422, version
    assert client.get(f"/api/games/{game['id']}").json()["version"] == 0


def test_a_stale_klondike_move_answers_a_view_the_schema_allows(client: TestClient) -> None:
    game = client.post("/api/games", json={"code": "KL1-3-AAAAAAB"}).json()
    assert client.post(f"/api/games/{game['id']}/moves", json={"move": "D", "version": 0}).status_code == 200
    res = client.post(f"/api/games/{game['id']}/moves", json={"move": "D", "version": 0})
    assert res.status_code == 409
    error = ErrorOut.model_validate(res.json())
    assert error.game is not None and error.game.version == 1
    GameView.model_validate(res.json()["game"], strict=True)


def test_a_wrong_method_is_405_with_allow(client: TestClient) -> None:
    res = client.delete("/api/games/x?lang=pt-PT")
    assert res.status_code == 405 and "GET" in res.headers["allow"] and has_site_headers(res)
    assert res.json()["message"] == "Esse método não é permitido aqui."
    page = client.get("/en/crescent")
    css = re.search(r'href="(/static/[^"]+\.css)"', page.text)
    assert css is not None
    res = client.post(css.group(1))
    assert res.status_code == 405 and res.headers["allow"] == "GET, HEAD"


def test_head_on_pages(client: TestClient) -> None:
    for path in ("/en/", "/pt-PT/klondike/rules"):
        res = client.head(path)
        assert res.status_code == 200 and res.content == b"" and res.headers["content-type"].startswith("text/html")


def test_static_files_never_set_a_cookie_and_their_404s_are_not_cached(app: FastAPI) -> None:
    with TestClient(app, base_url="http://127.0.0.1") as fresh:
        page = fresh.get("/en/")
        css = re.search(r'href="(/static/[^"]+\.css)"', page.text)
        assert css is not None
    with TestClient(app, base_url="http://127.0.0.1") as fresh:  # no cookie yet
        res = fresh.get(css.group(1))
        assert res.status_code == 200 and "immutable" in res.headers["cache-control"]
        assert "set-cookie" not in res.headers
        missing = fresh.get(css.group(1).rsplit("/", 1)[0] + "/nothing.css")
        assert missing.status_code == 404 and missing.headers["cache-control"] == "no-store"
        assert "set-cookie" not in missing.headers


def test_the_cookie_is_secure_when_asked(db_url: str) -> None:
    with TestClient(create_app(Settings(database_url=db_url, cookie_secure=True)), base_url="http://127.0.0.1") as c:
        assert "; Secure" in c.get("/en/").headers["set-cookie"]
    with TestClient(create_app(Settings(database_url=db_url)), base_url="http://127.0.0.1") as c:
        assert "Secure" not in c.get("/en/").headers["set-cookie"]


# -- cross-site requests ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "http://127.0.0.1:9999"},
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
        {"Sec-Fetch-Site": "same-site", "Origin": "http://127.0.0.1:9999"},
        {"Sec-Fetch-Site": "cross-site"},
    ],
)
def test_a_state_changing_request_from_another_origin_is_refused(client: TestClient, headers: dict[str, str]) -> None:
    client.get("/en/")  # the player's cookie
    before = games_of(client)
    form = client.post("/pt-PT/crescent/new", data={"code": CODE}, headers=headers, follow_redirects=False)
    assert form.status_code == 403 and form.json()["error"] == "cross_site"
    assert form.json()["message"] == Words("pt-PT")._(
        "This request came from another site and was refused; nothing was changed."
    )
    api = client.post("/api/games", json={"code": CODE}, headers=headers)
    assert api.status_code == 403
    assert games_of(client) == before


@pytest.mark.parametrize(
    "headers",
    [{}, {"Origin": "http://127.0.0.1"}, {"Sec-Fetch-Site": "same-origin", "Origin": "http://127.0.0.1"}],
)
def test_same_origin_and_non_browser_requests_go_through(client: TestClient, headers: dict[str, str]) -> None:
    form = client.post("/en/crescent/new", data={"code": CODE}, headers=headers, follow_redirects=False)
    assert form.status_code == 303
    assert client.post("/api/games", json={"code": CODE}, headers=headers).status_code == 201


def test_a_cross_site_get_changes_nothing_and_still_works(client: TestClient) -> None:
    assert client.get("/en/", headers={"Sec-Fetch-Site": "cross-site"}).status_code == 200


# -- floods ----------------------------------------------------------------------------------


def test_new_games_without_a_cookie_are_rate_limited(tmp_path: Path) -> None:
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'g.sqlite3'}", new_games_per_minute=3))
    with TestClient(app, base_url="http://127.0.0.1", cookies=None) as c:
        answers = []
        for _ in range(5):
            c.cookies.clear()
            answers.append(c.post("/api/games?lang=es", json={"code": CODE}))
        assert [r.status_code for r in answers] == [201, 201, 201, 429, 429]
        refused = answers[-1]
        assert int(refused.headers["retry-after"]) >= 1 and has_site_headers(refused)
        assert refused.json()["error"] == "too_many_games" and "Demasiadas partidas" in refused.json()["message"]
        # A player with a cookie is not held up by the cookie-less ones.
        c.cookies.clear()
        c.get("/en/")
        assert all(c.post("/api/games", json={"code": CODE}).status_code == 201 for _ in range(5))


def limits_on(tmp_path: Path) -> Limits:
    """The shared limits on a new SQLite file."""
    return Limits(Store(f"sqlite:///{tmp_path / 'limits.sqlite3'}").engine)


def test_the_hint_pool_takes_one_hint_per_player_and_a_bounded_queue(tmp_path: Path) -> None:
    pool = HintPool(Admission(limits_on(tmp_path)), workers=1, queue=1)
    release = threading.Event()
    inside = threading.Event()

    def hold(player: str) -> None:
        with pool.admitted(player):
            inside.set()
            release.wait(10)

    first = threading.Thread(target=hold, args=("alice",))
    first.start()
    assert inside.wait(5)
    with pytest.raises(ServiceError) as same, pool.admitted("alice"):
        pass
    assert same.value.status == 429 and same.value.error == "hint_running"
    assert same.value.headers["Retry-After"] == "1"
    second = threading.Thread(target=hold, args=("bob",))
    second.start()  # the queue's one place
    deadline = threading.Event()
    while pool.taken < 2 and not deadline.wait(0.01):
        pass
    with pytest.raises(ServiceError) as busy, pool.admitted("carol"):
        pass
    assert busy.value.status == 429 and busy.value.error == "busy" and int(busy.value.headers["Retry-After"]) >= 1
    release.set()
    first.join(5)
    second.join(5)
    assert pool.taken == 0 and not pool.players
    here = new_state(CODE)
    tokens = [str(here.legal_moves()[0])]
    here.play_all(tokens)
    with pool.admitted("carol"):  # the work itself, in a hint process of the server's
        state = pool.run("game", replay_job, ("code", CODE, tokens))
    assert state.to_text() == here.to_text()


def test_one_player_may_ask_only_so_many_hints_a_minute(tmp_path: Path) -> None:
    pool = HintPool(Admission(limits_on(tmp_path)), workers=1, queue=0)
    for _ in range(HINT_BURST):
        with pool.admitted("alice"):
            pass
    with pytest.raises(ServiceError) as caught, pool.admitted("alice"):
        pass
    assert caught.value.status == 429 and caught.value.error == "too_many_hints"
    assert int(caught.value.headers["Retry-After"]) >= 1
    with pool.admitted("bob"):  # another player is not held up
        pass


def test_a_refused_hint_is_the_sites_429_with_retry_after(client: TestClient) -> None:
    game = client.post("/api/games", json={"code": CODE}).json()
    player = client.cookies["paciencia_player"].partition(".")[0]  # the cookie: id.signature
    hints: HintPool = client.app.state.games.hints  # type: ignore[attr-defined]
    hints.players.add(player)  # as while this player's first hint is worked out
    res = client.post(f"/api/games/{game['id']}/hint?lang=pt-BR", json={"version": 0})
    hints.players.discard(player)
    assert res.status_code == 429 and has_site_headers(res) and res.headers["retry-after"] == "1"
    assert res.json() == {
        "error": "hint_running",
        "message": "Uma dica sua ainda está sendo calculada; aguarde.",
    }
    assert client.post(f"/api/games/{game['id']}/hint", json={"version": 0}).status_code == 200
