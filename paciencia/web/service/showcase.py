"""The Examples pages' steps: each game's won game (``paciencia.games.examples``) replayed on
the engine, every position seen through the same view the table gets (``views.game_view``:
the observation, and the token played on the one before), in words. Worked out once per game
and language, then kept: the games never change.

The browser gets the steps precomputed and only shows them (js/examples.js): it holds no rule.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from paciencia.engine.protocol import Observation, Status
from paciencia.games import entry
from paciencia.games.examples import example
from paciencia.i18n import Words
from paciencia.play.views import Meta, game_view
from paciencia.play.words import say

PLACE_FIELDS = ("id", "count", "down", "cards", "label")


KEPT = ("game", "status", "status_text", "moves", "sent_up", "description")
"""What a step keeps of its view: what the page and the API show (no destinations, buttons…),
and the figures the game's table shows (its ``Table``'s counters and results figures)."""
PLACE_KEPT = ("id", "kind", "role", "number", "count", "down", "cards", "label")


@lru_cache(maxsize=32)
def steps(game: str, lang: str) -> tuple[dict[str, Any], ...] | None:
    """Every step of ``game``'s example in ``lang``: the move that led to it (its token and
    its words; none for the start), the board (places, groups, counters) and the board
    description. None for a game without an example. Kept small: a place that did not change
    is the same object as at the step before, and the groups, deck and reading are shared."""
    found = example(game)
    if found is None:
        return None
    words = Words(lang)
    state = found.start_state()
    pasted = found.start_kind != "code"
    obs = state.observe()
    out = [_step(game_view(Meta("example", 0, pasted=pasted), obs, words), obs, words, None, None)]
    for k, token in enumerate(found.moves, 1):
        before = obs
        played = state.step(token)
        obs = state.observe()
        view = game_view(Meta("example", k, pasted=pasted), obs, words, (before, played))
        out.append(_step(view, obs, words, token, out[-1]))
    return tuple(out)


def _kept(game: str) -> tuple[str, ...]:
    table = entry(game).table
    return tuple(dict.fromkeys((*KEPT, *(field for _key, field, _el in (*table.counters, *table.end_figures)))))


def _step(
    view: dict[str, Any], obs: Observation, words: Words, token: str | None, previous: dict[str, Any] | None
) -> dict[str, Any]:
    step = {key: view[key] for key in _kept(view["game"]) if key in view}
    places = []
    for i, p in enumerate(view["places"]):
        slim = {key: p[key] for key in PLACE_KEPT}
        if previous is not None and previous["places"][i] == slim:
            slim = previous["places"][i]
        places.append(slim)
    shared = previous or {
        "groups": view["groups"],
        "deck": view["deck"],
        "reading": [list(group) for group in obs.reading],  # the description's order
    }
    step.update(
        places=places,
        groups=shared["groups"],
        deck=shared["deck"],
        reading=shared["reading"],
        step=view["version"],
        move=token,
        words=view["announce"] if token is not None else say(words, "ex_start_words"),
    )
    return step


def api_steps(game: str, lang: str) -> dict[str, Any] | None:
    """The example as the JSON API answers it: where it starts, then each step's move (its
    token and words) and board description."""
    found = example(game)
    all_steps = steps(game, lang)
    if found is None or all_steps is None:
        return None
    return {
        "game": game,
        "lang": lang,
        "start_kind": found.start_kind,
        "start": found.start,
        "marks": dict(found.marks),
        "steps": [
            {
                "step": s["step"],
                "move": s["move"],
                "words": s["words"],
                "moves": s["moves"],
                "status": s["status"],
                "description": s["description"],
            }
            for s in all_steps
        ],
    }


def page_steps(all_steps: tuple[dict[str, Any], ...], fields: tuple[str, ...]) -> list[dict[str, Any]]:
    """What the page embeds for each step, kept small: its move and words, its counters, and
    only the places that changed since the step before (the page walks them from the start)."""
    out = []
    previous: dict[str, dict[str, Any]] = {}
    for s in all_steps:
        changed = []
        for p in s["places"]:
            slim = {k: p[k] for k in PLACE_FIELDS}
            if previous.get(p["id"]) != slim:
                changed.append(slim)
                previous[p["id"]] = slim
        out.append(
            {
                "move": s["move"],
                "words": s["words"],
                "fields": {f: s.get(f) for f in fields},
                "won": s["status"] == Status.WON.value,
                "status": s["status_text"],
                "places": changed,
            }
        )
    return out
