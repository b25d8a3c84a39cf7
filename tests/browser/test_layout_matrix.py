"""Issue 37's layout matrix: every registered game's table (read from the registry, so a new game
joins by itself) in each state a player meets (fresh, a card selected, a level chosen, the hint's
notice, the run picker open, the won panel, the blocked panel), in five languages, at 360x640,
390x844, 844x390, 1280x800 and 427x267 (1280x800 at 300 %), in the default look and in high
contrast with forced colours. The probe (tests/browser/matrix.py) asks for no sideways scroll,
every control on the screen and hit at its centre, no text out of its box, a board at least 90 %
of a portrait phone's width, cards at least 24 px wide and every tap target (a covered card's
strip too) at least 24 px.

Issue 43's pages (the daily challenges, a ranking, the devices page with a code) are probed the
same way at every size, in every language and look.

The whole product (about 1,000 views) is marked slow: ``.venv/bin/pytest -m slow
tests/browser/test_layout_matrix.py`` runs it. Every run has each game's every state in both
looks at every size, each state in one language in turn (all five come round)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Playwright

from paciencia.games import REGISTRY
from paciencia.i18n import LOCALES
from tests.browser.conftest import ONLINE
from tests.browser.matrix import LOOKS, SIZES, STATES, Scene, View, Walker, all_scenes, page_scenes


@pytest.fixture(scope="module")
def scenes(playwright: Playwright, base_url: str) -> dict[str, dict[str, Scene]]:
    return all_scenes(playwright, base_url)


@pytest.fixture(scope="module")
def pages(playwright: Playwright, base_url: str) -> dict[str, Scene]:
    return page_scenes(playwright, base_url)


@pytest.fixture(scope="module")
def walkers(browser: Browser, base_url: str) -> Iterator[dict[str, Walker]]:
    context = {**ONLINE, "base_url": base_url, "bypass_csp": True}
    made = {look: Walker(browser.new_context(**context), base_url, look) for look in LOOKS}
    yield made
    for w in made.values():
        w.ctx.close()


def report(views: list[View]) -> str:
    found = [f"{v.name}: {'; '.join(v.bad)}" for v in views if v.bad]
    return f"{len(found)} of {len(views)} views:\n" + "\n".join(found)


def walk(walker: Walker, scenes: dict[str, Scene], langs: dict[str, str]) -> list[View]:
    """Each scene in the language given for its state, at every size."""
    return [view for state, scene in scenes.items() for view in walker.probe(scene, langs[state], SIZES)]


@pytest.mark.parametrize("look", LOOKS)
@pytest.mark.parametrize("game", list(REGISTRY))
def test_every_table_fits_every_screen(
    scenes: dict[str, dict[str, Scene]], walkers: dict[str, Walker], game: str, look: str
) -> None:
    first = list(REGISTRY).index(game) + LOOKS.index(look)
    langs = {state: LOCALES[(first + k) % len(LOCALES)] for k, state in enumerate(STATES)}
    views = walk(walkers[look], scenes[game], langs)
    assert not any(v.bad for v in views), report(views)


@pytest.mark.slow
@pytest.mark.parametrize("look", LOOKS)
@pytest.mark.parametrize("lang", LOCALES)
@pytest.mark.parametrize("game", list(REGISTRY))
def test_every_table_fits_every_screen_in_every_language(
    scenes: dict[str, dict[str, Scene]], walkers: dict[str, Walker], game: str, lang: str, look: str
) -> None:
    views = walk(walkers[look], scenes[game], dict.fromkeys(STATES, lang))
    assert not any(v.bad for v in views), report(views)


@pytest.mark.parametrize("look", LOOKS)
@pytest.mark.parametrize("lang", LOCALES)
def test_the_challenge_pages_fit_every_screen(
    pages: dict[str, Scene], walkers: dict[str, Walker], lang: str, look: str
) -> None:
    """Issue 43's pages (the daily challenges, a ranking, the devices page with a code just made)
    under the tables' probe, at every size, in every language and look."""
    views = [view for scene in pages.values() for view in walkers[look].probe(scene, lang, SIZES)]
    assert not any(v.bad for v in views), report(views)
