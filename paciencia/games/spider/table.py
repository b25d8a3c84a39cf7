"""How the site would lay out spider's table (``paciencia.games.table.Table``): the default layout
for now (no layout module or stylesheet of its own yet; the game is not on the site)."""

from __future__ import annotations

from paciencia.games.spider.rules import SpiderGame
from paciencia.games.spider.words import WORDS
from paciencia.games.table import Table

TABLE = Table(
    title="spider",
    blurb="spider_blurb",
    rules="rules_spider",
    board_label="spider_board",
    keys_help="spider_keys_help",
    counters=(("moves", "moves", "moves"), ("deals_left", "deals_left", "deals")),
    variant_buttons=tuple((v, f"new_spider_{v}", f"new-{v}") for v in SpiderGame.variants),
    variant_titles={v: f"spider_suits_{v}" for v in SpiderGame.variants},
    tools=True,
    words=WORDS,
)
