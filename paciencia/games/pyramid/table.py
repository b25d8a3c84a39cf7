"""How the site would lay out pyramid's table (``paciencia.games.table.Table``): the default layout
for now (no layout module or stylesheet of its own yet; the game is not on the site)."""

from __future__ import annotations

from paciencia.games.pyramid.rules import PyramidGame
from paciencia.games.pyramid.words import WORDS
from paciencia.games.table import Table

TABLE = Table(
    title="pyramid",
    blurb="pyramid_blurb",
    rules="rules_pyramid",
    board_label="pyramid_board",
    keys_help="pyramid_keys_help",
    counters=(("moves", "moves", "moves"), ("passes_left", "passes_left", "passes-left")),
    variant_buttons=tuple((v, f"new_pyramid_{v}", f"new-{v}") for v in PyramidGame.variants),
    tools=True,
    words=WORDS,
)
