"""The HTML pages: languages from the URL or Accept-Language, a language menu, no inline script."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest
from fastapi.testclient import TestClient

from paciencia.games import REGISTRY
from paciencia.i18n import LOCALES
from paciencia.web.http.assets import table_scripts

RULES_TITLES = {
    "en": "How to play Crescent",
    "pt-PT": "Como se joga o Crescent",
    "pt-BR": "Como jogar Crescent",
    "es": "Cómo se juega a Crescent",
    "it": "Come si gioca a Crescent",
}


class Scripts(HTMLParser):
    """Collects every script tag's attributes and the language menu's links."""

    def __init__(self) -> None:
        super().__init__()
        self.scripts: list[dict[str, str | None]] = []
        self.hreflangs: list[str] = []
        self.inline_handlers: list[str] = []
        self.styles: int = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "script":
            self.scripts.append(a)
        if tag == "style":
            self.styles += 1
        if tag == "a" and a.get("hreflang"):
            self.hreflangs.append(str(a["hreflang"]))
        self.inline_handlers += [k for k in a if k.startswith("on")]
        if "style" in a:
            self.inline_handlers.append("style")


def parse(html: str) -> Scripts:
    p = Scripts()
    p.feed(html)
    return p


@pytest.mark.parametrize(
    ("accept", "lang"),
    [
        ("pt-PT,pt;q=0.9,en;q=0.5", "pt-PT"),
        ("pt-BR", "pt-BR"),
        ("pt", "pt-PT"),
        ("es-MX,es;q=0.8", "es"),
        ("it-CH", "it"),
        ("de-DE,fr;q=0.5", "en"),
        ("fr;q=0.9, it;q=0.8", "it"),
        ("", "en"),
    ],
)
def test_root_follows_accept_language(client: TestClient, accept: str, lang: str) -> None:
    res = client.get("/", headers={"accept-language": accept}, follow_redirects=False)
    assert res.status_code == 307 and res.headers["location"] == f"/{lang}/"


@pytest.mark.parametrize("lang", LOCALES)
def test_every_page_has_the_language_menu_and_no_inline_script(client: TestClient, lang: str) -> None:
    for path in (f"/{lang}/", f"/{lang}/crescent", f"/{lang}/crescent/rules"):
        res = client.get(path)
        assert res.status_code == 200, path
        assert f'<html lang="{lang}">' in res.text
        assert "script-src 'self'" in res.headers["content-security-policy"]
        page = parse(res.text)
        assert page.hreflangs == list(LOCALES)
        assert page.inline_handlers == [] and page.styles == 0
        for script in page.scripts:  # a script runs only from a file of the site; data blocks do not run
            assert script.get("src", "").startswith("/static/") or script.get("type") == "application/json"  # type: ignore[union-attr]


@pytest.mark.parametrize("lang", LOCALES)
def test_rules_page_in_every_language_is_linked_from_the_table(client: TestClient, lang: str) -> None:
    table = client.get(f"/{lang}/crescent")
    assert f'href="/{lang}/crescent/rules"' in table.text
    rules = client.get(f"/{lang}/crescent/rules")
    assert f"<h1>{RULES_TITLES[lang]}</h1>" in rules.text


def test_the_table_page_shows_the_deal_in_the_page_language(client: TestClient) -> None:
    res = client.post("/api/games", json={"code": "CR1-N-AAAAAAB"})
    page = client.get(f"/it/crescent/{res.json()['id']}")
    assert "CR1-N-AAAAAAB" in page.text
    assert '<span class="name">fondazione discendente di picche: re di picche in cima, 1 carta</span>' in page.text
    assert "Ridistribuisci (ne restano 3)" in page.text
    assert re.search(r'data-s="♠" data-r="12"><span class="rk">R</span><span class="fig">', page.text)


def test_someone_elses_game_page_is_not_found(client: TestClient, other: TestClient) -> None:
    game = client.post("/api/games", json={}).json()
    res = other.get(f"/es/crescent/{game['id']}")
    assert res.status_code == 404 and "Esta partida no existe en este navegador." in res.text


def test_the_table_resumes_the_browsers_game(client: TestClient) -> None:
    first = client.get("/en/crescent", follow_redirects=False)
    assert first.status_code == 303
    again = client.get("/en/crescent", follow_redirects=False)
    assert again.headers["location"] == first.headers["location"]


def test_language_spelling_is_made_canonical_and_unknown_ones_are_not_found(client: TestClient) -> None:
    res = client.get("/pt-pt/crescent/rules", follow_redirects=False)
    assert res.status_code == 308 and res.headers["location"] == "/pt-PT/crescent/rules"
    assert client.get("/xx/crescent/rules").status_code == 404


def test_forms_start_games_without_script(client: TestClient) -> None:
    res = client.post("/pt-BR/crescent/new", data={"code": "cr1-n-aaaaaab"}, follow_redirects=False)
    assert res.status_code == 303 and res.headers["location"].startswith("/pt-BR/crescent/")
    res = client.post("/pt-BR/crescent/new", data={"code": "zzz"})
    assert res.status_code == 422 and "Isso não é um código de jogo" in res.text


def test_static_assets_are_cached_for_good(client: TestClient) -> None:
    page = client.get("/en/crescent")
    css = re.search(r'href="(/static/[^"]+\.css)"', page.text)
    assert css is not None
    res = client.get(css.group(1))
    assert res.status_code == 200 and "immutable" in res.headers["cache-control"]


NO_PAGE = {
    "en": "There is no such page.",
    "pt-PT": "Esta página não existe.",
    "pt-BR": "Esta página não existe.",
    "es": "Esta página no existe.",
    "it": "Questa pagina non esiste.",
}


def h1s(html: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", h) for h in re.findall(r"<h1[^>]*>(.*?)</h1>", html, re.S)]


@pytest.mark.parametrize("lang", LOCALES)
def test_a_path_that_is_no_game_is_no_such_page(client: TestClient, lang: str) -> None:
    """Issue 22: every 404 page said "there is no such game"; only a game's path says so now."""
    no_game = h1s(client.get(f"/{lang}/crescent/zzz").text)
    for path in (f"/{lang}/nothing", f"/{lang}/nothing/at/all", f"/{lang}/crescent/zzz/nothing/more"):
        res = client.get(path)
        assert res.status_code == 404 and h1s(res.text) == [NO_PAGE[lang]], path
    assert no_game != [NO_PAGE[lang]] and len(no_game) == 1


def test_an_unknown_language_answers_in_the_browsers_and_offers_ours(client: TestClient) -> None:
    """``/xx/…``: the browser's language (Accept-Language), and a link to the same page in each of
    ours; a path in one of our languages offers no such list."""
    res = client.get("/xx/crescent/rules", headers={"accept-language": "it-IT,it;q=0.9"})
    assert res.status_code == 404 and '<html lang="it">' in res.text
    assert h1s(res.text) == [NO_PAGE["it"]] and "Scegli una lingua" in res.text
    offered = re.findall(r'<a class="button" href="([^"]+)" hreflang', res.text)
    assert offered == [f"/{loc}/crescent/rules" for loc in LOCALES]
    assert client.get(offered[3]).status_code == 200
    assert 'class="actions choices"' not in client.get("/es/nothing").text


@pytest.mark.parametrize("lang", LOCALES)
def test_every_table_has_one_h1_naming_its_game(client: TestClient, lang: str) -> None:
    for game, name in (("crescent", "Crescent"), ("klondike", "Klondike")):
        page = client.get(f"/{lang}/{game}")
        assert page.status_code == 200
        assert h1s(page.text) == [name], (lang, game)


@pytest.mark.parametrize("lang", LOCALES)
def test_the_home_pages_variant_buttons_are_a_group_inside_their_form(client: TestClient, lang: str) -> None:
    """A form's role is form: role=group on it is no valid ARIA (axe aria-allowed-role)."""
    html = client.get(f"/{lang}/").text
    assert not re.search(r"<form[^>]*\brole=", html)
    groups = re.findall(r'<form method="post" action="/[^"]+/new"><div class="actions variants" role="group"', html)
    assert len(groups) == sum(len(e.game.variants) > 1 for e in REGISTRY.values())  # each game with variants


SCRIPT_WORD = re.compile(r"""\bui\.([a-z][a-z0-9_]*)|\bui\["([a-z][a-z0-9_]*)"\]""")
"""A UI word a script says by its name (``state.ui.hint``, ``ui.picker_up``, ``ui["x"]``)."""


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_a_table_carries_the_words_its_scripts_say_and_not_the_other_pages(client: TestClient, game: str) -> None:
    named = {a or b for p in table_scripts(game) for a, b in SCRIPT_WORD.findall(p.read_text())}
    named -= {"plurals", "card_names"}  # not words of the catalog: the page adds them itself
    assert {"network", "picked", "offline_needs_server", "picker_up"} <= named  # the pattern finds them
    for lang in LOCALES:
        page = client.get(f"/{lang}/{game}").text
        found = re.search(r'<script type="application/json" id="ui-words">(.*?)</script>', page, re.S)
        assert found is not None
        words = json.loads(found.group(1))
        assert named <= set(words), sorted(named - set(words))
        assert any(k.startswith("state_selected_") for k in words)  # a family built from parts
        others = [k for k in words if k.startswith(("odds_", "rules_", "ex_intro_", "stats_about", "review_about"))]
        assert not others, others
