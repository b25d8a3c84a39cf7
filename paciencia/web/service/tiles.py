"""The home page's small drawing of each game's table, made from the game itself: its first
variant's deal #1 as a player first sees it (``State.observe``), its groups of places in rows.

Nothing here knows a game: a new game registered gets its drawing by itself. A group whose
places show more than their top card (a column with cards under it) is drawn spread down, up to
``SPREAD_ROW`` columns in a row; the other groups stand in rows of at most ``ROW`` places, two
small groups side by side where they fit in as many places as a row of columns (a stock and its
waste beside the foundations, or free cells beside them), the last one to the right. A place
with cards under its top one shows the edge of the next.

The drawing is decoration (``aria-hidden``): the tile's heading and words say what it shows.
"""

from __future__ import annotations

from functools import lru_cache
from math import ceil

from paciencia.engine.protocol import Observation, PlaceInfo, Role
from paciencia.games import entry
from paciencia.i18n import Words

ROW = 8
"""The most places a row of the drawing holds; a longer group is cut into rows."""
SPREAD_ROW = 10
"""The most spread places (columns) a row holds: a game's columns stand side by side."""
W, H, R = 10.0, 14.0, 1.2
"""A card's width, height and corner, in the drawing's units."""
PITCH = 12.0
"""From one place to the next in a row."""
APART = 3.0
"""The extra space between two groups in one row, and between rows."""
DOWN, UP = 1.8, 3.6
"""How far a spread place's face-down and face-up cards stand from the one before."""
PAD = 3.0


def _spread(p: PlaceInfo) -> bool:
    """A place showing more than its top card, or a column with cards face down under its end (a
    stock, all face down, is drawn as one pile)."""
    return len(p.cards) > 1 or (p.role == Role.TABLEAU and p.face_down > 0 and p.count > 1)


def _rows(obs: Observation) -> list[tuple[bool, list[list[PlaceInfo]]]]:
    """The drawing's rows: (spread, its groups' places), in the game's order of groups."""
    places = {p.place: p for p in obs.places}
    rows: list[tuple[bool, list[list[PlaceInfo]]]] = []
    for group in obs.groups:
        found = [places[name] for name in group.places]
        spread = any(_spread(p) for p in found)
        most = SPREAD_ROW if spread else ROW
        size = ceil(len(found) / ceil(len(found) / most)) if found else 0
        chunks = [found[i : i + size] for i in range(0, len(found), size)] if found else []
        for chunk in chunks:
            if rows and not spread and not rows[-1][0] and sum(map(len, rows[-1][1])) + len(chunk) <= SPREAD_ROW:
                rows[-1][1].append(chunk)  # a small group beside the one before
            else:
                rows.append((spread, [chunk]))
    return rows


def _width(groups: list[list[PlaceInfo]]) -> float:
    return sum(len(g) for g in groups) * PITCH - (PITCH - W) + APART * (len(groups) - 1)


def _depth(p: PlaceInfo) -> float:
    """How tall a spread place stands."""
    up = max(len(p.cards), 1 if p.count else 0)
    return H + p.face_down * DOWN + max(0, up - 1) * UP


def _back(x: float, y: float) -> str:
    return f'<rect class="b" x="{x:g}" y="{y:g}" width="{W:g}" height="{H:g}" rx="{R:g}"/>'


def _face(x: float, y: float, card: int, words: Words) -> str:
    red = " r" if card // 13 in (1, 2) else ""
    return (
        f'<rect class="f" x="{x:g}" y="{y:g}" width="{W:g}" height="{H:g}" rx="{R:g}"/>'
        f'<text class="t{red}" x="{x + 0.9:g}" y="{y + 4.6:g}">{words.card_face(card)}</text>'
    )


def _place(p: PlaceInfo, x: float, y: float, spread: bool, words: Words) -> str:
    if p.count == 0:
        return f'<rect class="e" x="{x:g}" y="{y:g}" width="{W:g}" height="{H:g}" rx="{R:g}"/>'
    if spread:
        out = []
        for _ in range(p.face_down):
            out.append(_back(x, y))
            y += DOWN
        for i, card in enumerate(p.cards):
            out.append(_face(x, y + i * UP, card, words))
        if not p.cards:
            out.append(_back(x, y))
        return "".join(out)
    under = _back(x + 0.8, y + 0.8) if p.count > 1 else ""  # the edge of the cards beneath
    top = _face(x, y, p.cards[-1], words) if p.cards else _back(x, y)
    return under + top


@lru_cache(maxsize=64)
def drawing(game: str, lang: str) -> str:
    """The SVG of ``game``'s table, its cards' faces in ``lang``'s letters."""
    found = entry(game).game
    obs = found(next(iter(found.variants))).new_state(1).observe()
    words = Words(lang)
    rows = _rows(obs)
    width = max((_width(groups) for _, groups in rows), default=W)
    parts = []
    y = PAD
    for spread, groups in rows:
        x = PAD + (width - _width(groups)) / 2
        tallest = H
        for k, group in enumerate(groups):
            if k == len(groups) - 1 and len(groups) > 1:
                x = PAD + width - (len(group) * PITCH - (PITCH - W))  # the last group to the right
            for p in group:
                parts.append(_place(p, x, y, spread, words))
                tallest = max(tallest, _depth(p) if spread else H + (0.8 if p.count > 1 else 0))
                x += PITCH
            x += APART
        y += tallest + APART
    box = f"0 0 {width + 2 * PAD:g} {y - APART + PAD:g}"
    return f'<svg class="tile-table" viewBox="{box}" aria-hidden="true" focusable="false">{"".join(parts)}</svg>'
