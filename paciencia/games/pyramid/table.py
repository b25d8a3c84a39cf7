"""How the site lays out Pyramid's table (``paciencia.games.table.Table``)."""

from __future__ import annotations

from paciencia.games.pyramid.words import WORDS
from paciencia.games.table import Table

TABLE = Table(
    layout="layout.js",
    stylesheet="table.css",
    title="pyramid",
    blurb="pyramid_blurb",
    rules="rules_pyramid",
    board_label="pyramid_board",
    keys_help="pyramid_keys_help",
    counters=(("moves", "moves", "moves"), ("passes_left", "passes_left", "passes-left")),
    tools=True,
    words=WORDS,
)
