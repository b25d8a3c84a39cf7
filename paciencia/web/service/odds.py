"""How often can a deal be won: the figures of ``/{lang}/{game}/odds`` and ``GET /api/odds/{game}``.

Each game's are read from ``odds.json`` in its package, which ``scripts/make-odds`` writes from the
project's own surveys (run on a node budget, so anyone can reproduce them on any machine), with
the honest player's rates and the published figures beside them. The intervals are worked out
here from the counts: 95 % Wilson score intervals, the winnable share's counting the deals left
unknown as lost for its lower end and as won for its upper end (as ``paciencia survey`` does).
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from paciencia.analysis import levels
from paciencia.analysis.survey import wilson
from paciencia.games import REGISTRY

FIGURES = "odds.json"
"""The file of a game's figures, in its package's folder."""


@cache
def _data() -> dict[str, Any]:
    games = {name: e.folder / FIGURES for name, e in REGISTRY.items()}
    return {
        "games": {name: json.loads(path.read_text(encoding="utf-8")) for name, path in games.items() if path.is_file()}
    }


def games() -> list[str]:
    """The games with figures."""
    return list(_data()["games"])


def answer(game: str) -> dict[str, Any] | None:
    """``GET /api/odds/{game}``: per variant, the survey (counts, sample, seed, node budget,
    date), the winnable share with its interval, the honest player's rate, the hardest deals,
    and the published figures for that variant; None for a game without figures."""
    found = _data()["games"].get(game)
    if found is None:
        return None
    variants = []
    for variant, v in found["variants"].items():
        s = v["survey"]
        n, won, unknown = s["deals"], s["winnable"], s["unknown"]
        low, _ = wilson(won, n)
        _, high = wilson(won + unknown, n)
        honest = v["honest"]
        if honest is not None:
            h_low, h_high = wilson(honest["won"], honest["deals"])
            honest = {**honest, "share": honest["won"] / honest["deals"], "low": h_low, "high": h_high}
        variants.append(
            {
                "variant": variant,
                "survey": {k: s[k] for k in ("deals", "winnable", "unwinnable", "unknown", "seed", "nodes", "date")},
                "command": f"paciencia survey {game} --variant {variant} --deals {n} --seed {s['seed']} "
                f"--nodes {s['nodes']}",
                "winnable": {"share": won / n if n else 0.0, "low": low, "high": high, "confidence": 0.95},
                "honest": honest,
                "hardest": s["hardest"],
                "published": [p for p in found["published"] if p["variant"] == variant],
                "levels": _levels(game, variant),
            }
        )
    return {"game": game, "variants": variants}


def _levels_intro(game: str, variant: str) -> str:
    """The words that say what the variant's levels were cut on (``levels.FIGURES``, ``levels.CUTS``):
    the honest games' wins with the solver's work breaking ties (in quarters, or in shares of their
    own), how far those games got, their wins alone, or the solver's work alone (deals measured on
    no honest game)."""
    how = levels.settings(game, variant) or {}
    if how.get("seeds", 1) == 0:
        return "odds_levels_intro_effort"
    if how.get("cut") == "wins":
        return "odds_levels_intro_wins"
    if how.get("cut") == "shares":
        return "odds_levels_intro_shares"
    return "odds_levels_intro_progress" if how.get("figure", 1) == 2 else "odds_levels_intro"


def _levels(game: str, variant: str) -> list[dict[str, Any]] | None:
    """The difficulty levels' shares of the deals measured and the site's hints' win rate on
    each (``paciencia.analysis.levels``); None for a variant without levels."""
    found = levels.figures(game, variant)
    if found is None:
        return None
    total = sum(f["deals"] for f in found.values())
    out = []
    for level in (*levels.LEVELS, levels.NOT_WINNABLE):
        n, won = found[level]["deals"], found[level]["site_won"]
        low, high = wilson(won, n)
        out.append(
            {
                "level": level,
                "deals": n,
                "share": n / total,
                "won": won,
                "won_share": won / n if n else 0.0,
                "low": low,
                "high": high,
            }
        )
    return out


def _percent(share: float, locale: str, digits: int = 1) -> str:
    from babel.numbers import format_percent

    return format_percent(share, format="#,##0." + "0" * digits + "%", locale=locale.replace("-", "_"))


def _number(n: int, locale: str) -> str:
    from babel.numbers import format_decimal

    return format_decimal(n, locale=locale.replace("-", "_"))


def _plain_percent(share: float, lang: str) -> str:
    return _percent(share, lang, 1 if 0.995 <= share < 1 else 0)


def _all_seen(game: str, variant: str) -> bool:
    """Whether a deal of ``game`` in ``variant`` shows every card from the start (nothing dealt face down)."""
    from paciencia.games import entry

    obs = entry(game).game(variant).new_state(1).observe()
    return all(p.count == len(p.cards) for p in obs.places)


def page(game: str, lang: str) -> dict[str, Any] | None:
    """The page's figures in ``lang``'s words and number forms; None for a game without figures."""
    from paciencia.i18n import Words
    from paciencia.play.words import say, ui_words

    found = answer(game)
    if found is None:
        return None
    words = Words(lang)
    ui = ui_words(lang)

    def deals(n: int) -> str:
        return say(words, "odds_deals", count=n).replace(str(n), _number(n, lang), 1)

    def positions(n: int) -> str:
        return say(words, "odds_positions_n", count=n).replace(str(n), _number(n, lang), 1)

    sections = []
    for v in found["variants"]:
        s, w, h = v["survey"], v["winnable"], v["honest"]
        pct = {k: _percent(w[k], lang) for k in ("share", "low", "high")}
        ours = say(words, "odds_share", share=pct["share"], deals=deals(s["deals"]), low=pct["low"], high=pct["high"])
        counts = say(
            words,
            "odds_counts",
            won=_number(s["winnable"], lang),
            lost=_number(s["unwinnable"], lang),
            unknown=_number(s["unknown"], lang),
        )
        survey = say(words, "odds_survey", date=s["date"], seed=s["seed"], nodes=positions(s["nodes"]))
        honest = None
        if h is not None:
            honest = say(
                words,
                "odds_honest_share",
                share=_percent(h["share"], lang),
                deals=deals(h["deals"]),
                low=_percent(h["low"], lang),
                high=_percent(h["high"], lang),
                date=h["date"],
            )
        published = [
            {
                "source": p["source"],
                "url": p["url"],
                # an exact count (every deal settled) has no interval; a narrow column breaks before "±"
                "figure": " ±\u00a0".join(
                    _percent(p[k], lang, p["digits"]) for k in ("share", "plus_minus") if p[k] is not None
                ),
                "deals": say(words, "odds_on", deals=deals(p["deals"])) if p["deals"] else "",
                "for": ui["odds_" + p["knowledge"]],
            }
            for p in v["published"]
        ]
        hardest = [
            # an unknown deal's count is one past the budget (where the search stopped): the budget is said
            {
                "code": d["code"],
                "verdict": ui["odds_v_" + d["verdict"]],
                "nodes": _number(min(d["nodes"], s["nodes"]), lang),
            }
            for d in v["hardest"]
        ]
        level_rows = [
            {
                "name": ui["level_" + lv["level"]],
                "deals": deals(lv["deals"]),
                "share": _percent(lv["share"], lang, 0),
                "won": _percent(lv["won_share"], lang, 0),
                "interval": f"{_percent(lv['low'], lang, 0)} – {_percent(lv['high'], lang, 0)}",
            }
            for lv in v["levels"] or []
            if lv["deals"]  # a level no measured deal fell in (none unwinnable, say): no "0 % – 100 %" row
        ]
        # The plain answer first: whole percents (one digit just under 100 %), no interval; where a
        # deal hides no card, knowing every card is no condition, and the hints' figure is theirs.
        whole = {"share": _plain_percent(w["share"], lang)}
        plain = say(words, "odds_plain", **whole)
        if h is not None:
            whole["honest"] = _plain_percent(h["share"], lang)
            plain = say(words, "odds_plain_hints" if _all_seen(game, v["variant"]) else "odds_plain_honest", **whole)
        sections.append(
            {
                "variant": v["variant"],
                "plain": plain,
                "rules": ui.get(f"odds_rules_{game}_{v['variant']}", ""),
                "ours": ours,
                "ours_figure": f"{pct['share']} ({pct['low']} – {pct['high']})",
                "counts": counts,
                "survey": survey,
                "command": v["command"],
                "honest": honest,
                "published": published,
                "hardest": hardest,
                "levels": level_rows,
                "levels_intro": say(
                    words,
                    _levels_intro(game, v["variant"]),
                    deals=deals(sum(lv["deals"] for lv in v["levels"])),
                    games=_number(int((levels.settings(game, v["variant"]) or {}).get("seeds", 0)), lang),
                )
                if v["levels"]
                else "",
            }
        )
    # A game whose figures no one published before says so in its words (``odds_first_<game>``).
    return {"rules": ui.get(f"odds_rules_{game}", ""), "sections": sections, "first": ui.get(f"odds_first_{game}", "")}
