"""How the site lays out spider's table (``paciencia.games.table.Table``)."""

from __future__ import annotations

from paciencia.games.spider.rules import SpiderGame
from paciencia.games.spider.words import WORDS
from paciencia.games.table import Table

TABLE = Table(
    layout="layout.js",
    stylesheet="table.css",
    spreads={"spider_column": "cascade"},
    base_styles=("cascades.css",),
    title="spider",
    blurb="spider_blurb",
    rules="rules_spider",
    board_label="spider_board",
    keys_help="spider_keys_help",
    counters=(("moves", "moves", "moves"), ("deals_left", "deals_left", "deals")),
    end_figures=(("moves", "moves", "end-moves"), ("deals_left", "deals_left", "end-deals")),
    variant_buttons=tuple((v, f"new_spider_{v}", f"new-{v}") for v in SpiderGame.variants),
    variant_titles={v: f"spider_suits_{v}" for v in SpiderGame.variants},
    tools=True,
    words=WORDS,
)
