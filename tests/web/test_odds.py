"""How often can it be won (issue 25, part 4): ``GET /api/odds/{game}`` and ``/{lang}/{game}/odds``,
their figures from each game's ``odds.json``, in every language."""

from __future__ import annotations

import html
import json
import math
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from paciencia.analysis import levels
from paciencia.analysis.survey import wilson
from paciencia.i18n import LOCALES, Words
from paciencia.play.words import say, ui_words
from paciencia.web import Settings, create_app
from paciencia.web.service.odds import _data

ROOT = Path(__file__).resolve().parents[2]
FIGURES = _data()["games"]


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    # The pages read no database; one SQLite file serves the site's player cookie.
    db = tmp_path_factory.mktemp("odds") / "games.sqlite3"
    with TestClient(create_app(Settings(database_url=f"sqlite:///{db}")), base_url="http://127.0.0.1") as c:
        yield c


def wilson_by_hand(k: int, n: int) -> tuple[float, float]:
    """The Wilson score interval written out from its definition (z for 95 %)."""
    z = 1.959964
    p = k / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - spread) / (1 + z * z / n), (centre + spread) / (1 + z * z / n)


def test_the_wilson_interval_matches_newcombes_worked_examples() -> None:
    # Newcombe (1998), "Two-sided confidence intervals for the single proportion", method 3.
    examples = {(81, 263): (0.2553, 0.3662), (15, 148): (0.0624, 0.1605), (0, 20): (0.0, 0.1611)}
    for (k, n), (low, high) in examples.items():
        got = wilson(k, n)
        assert (round(got[0], 4), round(got[1], 4)) == (low, high)


@pytest.mark.parametrize("game", sorted(FIGURES))
def test_the_api_gives_each_variants_survey_and_its_interval(client: TestClient, game: str) -> None:
    res = client.get(f"/api/odds/{game}")
    assert res.status_code == 200
    body = res.json()
    assert body["game"] == game
    assert [v["variant"] for v in body["variants"]] == list(FIGURES[game]["variants"])
    for v in body["variants"]:
        s = FIGURES[game]["variants"][v["variant"]]["survey"]
        n, won, unknown = s["deals"], s["winnable"], s["unknown"]
        assert v["survey"]["deals"] == n == won + s["unwinnable"] + unknown
        assert v["survey"]["nodes"] == s["nodes"] > 0 and v["survey"]["date"] and v["survey"]["seed"] == s["seed"]
        assert v["winnable"]["share"] == won / n
        # unknown deals count as lost below and as won above
        assert v["winnable"]["low"] == pytest.approx(wilson_by_hand(won, n)[0], abs=1e-9)
        assert v["winnable"]["high"] == pytest.approx(wilson_by_hand(won + unknown, n)[1], abs=1e-9)
        assert v["command"].endswith(f"--nodes {s['nodes']}") and f"--variant {v['variant']}" in v["command"]
        unknowns = [d for d in v["hardest"] if d["verdict"] == "unknown"]
        assert len(unknowns) == unknown  # every deal left unknown is named
        if v["honest"] is not None:
            h = v["honest"]
            assert (h["low"], h["high"]) == wilson(h["won"], h["deals"]) and h["share"] == h["won"] / h["deals"]


def test_the_published_figures_stand_beside_ours_with_their_rules(client: TestClient) -> None:
    three = next(v for v in client.get("/api/odds/klondike").json()["variants"] if v["variant"] == "3")
    published = {(p["source"], p["knowledge"]): (p["share"], p["plus_minus"]) for p in three["published"]}
    assert published == {
        ("Blake & Gent (2019)", "all"): (0.81945, 0.00084),
        ("lonelybot", "all"): (0.8195, 0.0003),
        ("Bjarnason, Fern & Tadepalli (2009)", "seen"): (0.3697, 0.0192),
        ("lonelybot", "seen"): (0.4758, 0.0080),
    }
    assert three["honest"]["won"] == 965 and three["honest"]["deals"] == 2000  # its own player: 48.2 %
    one = next(v for v in client.get("/api/odds/klondike").json()["variants"] if v["variant"] == "1")
    assert one["honest"]["won"] == 1150 and one["honest"]["deals"] == 2000  # the record run: 57.5 %
    crescent = client.get("/api/odds/crescent").json()["variants"]
    assert {v["variant"] for v in crescent} == {"N", "F", "D", "B"}
    assert all(v["published"] == [] for v in crescent)  # none before ours
    freecell = {v["variant"]: v for v in client.get("/api/odds/freecell").json()["variants"]}
    microsoft = [(p["share"], p["plus_minus"], p["deals"]) for p in freecell["4"]["published"]]
    assert microsoft == [(31999 / 32000, None, 32000)]


def test_every_variant_has_the_honest_players_rate_on_at_least_300_deals(client: TestClient) -> None:
    """Issue 24: each game's and variant's honest figure, from at least 300 deals."""
    for game in FIGURES:
        for v in client.get(f"/api/odds/{game}").json()["variants"]:
            assert v["honest"] is not None and v["honest"]["deals"] >= 300, (game, v["variant"])


@pytest.mark.parametrize("lang", LOCALES)
def test_an_unknown_game_is_404_in_the_requests_language(client: TestClient, lang: str) -> None:
    res = client.get("/api/odds/nosuchgame", headers={"accept-language": lang})
    assert res.status_code == 404
    assert res.json() == {"error": "not_found", "message": say(Words(lang), "no_odds")}
    page = client.get(f"/{lang}/nosuchgame/odds")
    assert page.status_code == 404 and f'<html lang="{lang}"' in page.text
    wrong = client.post("/api/odds/klondike", headers={"accept-language": lang})
    assert wrong.status_code == 405 and wrong.headers["allow"] == "GET"


def _text(page: str) -> str:
    main = page.split("<main", 1)[1]
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", main)))


@pytest.mark.parametrize("lang", LOCALES)
@pytest.mark.parametrize("game", sorted(FIGURES))
def test_the_page_in_every_language(client: TestClient, lang: str, game: str) -> None:
    res = client.get(f"/{lang}/{game}/odds")
    assert res.status_code == 200 and f'<html lang="{lang}"' in res.text
    text = _text(res.text)
    ui = ui_words(lang)
    assert say(Words(lang), "odds_title", game=ui[game]) in text
    assert ui[f"odds_rules_{game}"] in text
    for v in client.get(f"/api/odds/{game}").json()["variants"]:
        assert v["command"] in text
        assert ui[f"odds_rules_{game}_{v['variant']}"] in text
        for d in v["hardest"]:
            assert d["code"] in text
    assert (ui["odds_first_crescent"] in text) == (game == "crescent")
    if lang != "en":  # every word of the page is translated: none of the English sentences is left
        english = ui_words("en")
        for key in ("odds_intro", "odds_winnable", "odds_honest", "odds_published", "odds_hardest"):
            assert english[key] not in text and ui[key] in text


def test_the_figures_are_written_in_each_languages_numbers(client: TestClient) -> None:
    s = FIGURES["klondike"]["variants"]["3"]["survey"]
    share = f"{100 * s['winnable'] / s['deals']:.1f}"
    assert f"{share}%" in _text(client.get("/en/klondike/odds").text)
    assert f"{share.replace('.', ',')}%" in _text(client.get("/es/klondike/odds").text)
    assert "81.945% ± 0.084%" in _text(client.get("/en/klondike/odds").text)
    assert "81,945% ± 0,084%" in _text(client.get("/it/klondike/odds").text)
    assert f"{s['nodes']:,}".replace(",", ".") in _text(client.get("/pt-BR/klondike/odds").text)
    assert f"{s['nodes']:,}".replace(",", " ") in _text(client.get("/pt-PT/klondike/odds").text)  # a space apart


@pytest.mark.parametrize("lang", LOCALES)
@pytest.mark.parametrize("game", sorted(FIGURES))
def test_each_rules_page_links_to_its_odds(client: TestClient, lang: str, game: str) -> None:
    page = client.get(f"/{lang}/{game}/rules").text
    assert f'href="/{lang}/{game}/odds"' in page


def test_the_script_writes_the_figures_from_a_node_budget_survey(tmp_path: Path) -> None:
    results = tmp_path / "survey-crescent-N-7.jsonl"
    survey = [sys.executable, "-m", "paciencia", "survey", "crescent", "--variant", "N", "--deals", "3", "--jobs", "1"]
    done = subprocess.run([*survey, "--seed", "7", "--nodes", "30000", "--results", str(results)], capture_output=True)
    assert done.returncode == 0, done.stderr
    out = tmp_path
    script = [sys.executable, str(ROOT / "scripts" / "make-odds"), "--date", "2026-12-01", "--out", str(out)]
    assert subprocess.run([*script, str(results)], capture_output=True).returncode == 0
    rows = [json.loads(line) for line in results.read_text().splitlines()]
    s = json.loads((out / "crescent" / "odds.json").read_text())["variants"]["N"]["survey"]
    assert (s["deals"], s["seed"], s["nodes"], s["date"]) == (3, 7, 30000, "2026-12-01")
    assert s["winnable"] == sum(r["verdict"] == "winnable" for r in rows)
    timed = tmp_path / "survey-crescent-N-8.jsonl"  # on the clock: no budget to state, refused
    subprocess.run([*survey, "--seed", "8", "--timeout", "1", "--results", str(timed)], capture_output=True, check=True)
    refused = subprocess.run([*script, str(timed)], capture_output=True, text=True)
    assert refused.returncode != 0 and "--nodes" in refused.stderr


@pytest.mark.parametrize("lang", LOCALES)
def test_each_variants_levels_are_on_its_page_where_measured(client: TestClient, lang: str) -> None:
    """The difficulty levels' shares and the hints' win rate per level (issue 25's "the
    difficulty levels once they exist"): a table for each variant with measured levels, a line
    saying none for the others, in the page's language."""
    ui = ui_words(lang)
    for game in sorted(FIGURES):
        text = _text(client.get(f"/{lang}/{game}/odds").text)
        for v in client.get(f"/api/odds/{game}").json()["variants"]:
            found = levels.figures(game, v["variant"])
            if found is None:
                assert v["levels"] is None
                continue
            rows = v["levels"]
            assert [r["level"] for r in rows] == [*levels.LEVELS, levels.NOT_WINNABLE]
            assert sum(r["deals"] for r in rows) == sum(f["deals"] for f in found.values())
            assert abs(sum(r["share"] for r in rows) - 1) < 1e-9
            how = levels.settings(game, v["variant"]) or {}
            wins = [r["won_share"] for r in rows[:4]]
            if how["seeds"]:  # cut on the honest games: the hints' wins fall from easy to expert
                assert wins == sorted(wins, reverse=True), f"{game} {v['variant']}: the levels are monotone"
            assert ui["odds_levels"] in text and ui["level_expert"] in text and "%%" not in text
            # what the levels were cut on, in words (levels.FIGURES, levels.CUTS): the honest games' wins and
            # the solver's work, how far those games got, their wins alone, or the solver's work alone, which
            # says the hints' wins may differ little by level (the one cut not checked monotone above)
            key = "odds_levels_intro_progress" if how.get("figure", 1) == 2 else "odds_levels_intro"
            key = "odds_levels_intro_wins" if how.get("cut") == "wins" else key
            key = "odds_levels_intro_shares" if how.get("cut") == "shares" else key
            intro = ui["odds_levels_intro_effort" if how["seeds"] == 0 else key]
            assert intro.split("%(deals)s")[1].split("%(games)s")[-1].replace("%%", "%") in text, (game, v, lang)
        if all(levels.figures(game, v) is None for v in FIGURES[game]["variants"]):
            assert ui["odds_levels_none"] in text
    assert levels.figures("klondike", "1") is not None, "draw one's levels are measured"
