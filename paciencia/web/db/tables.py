"""Every table of the site's database, in one place (``migrate`` brings a database to them;
each aggregate's module reads and writes its own: ``store`` the games and the deals, ``limits``
the buckets and the hints being worked out)."""

from __future__ import annotations

from sqlalchemy import BigInteger, Column, Float, Index, Integer, MetaData, String, Table, Text, text

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("player", String(64), nullable=False),
    Column("game", String(16), nullable=False),
    Column("start_kind", String(8), nullable=False),  # "code" or "text"
    Column("start", Text, nullable=False),
    Column("version", Integer, nullable=False, default=0),
    Column("table_text", Text, nullable=False),
    Column("status", String(16), nullable=False),  # playing, won, blocked or left (for a newer game)
    Column("created", Float, nullable=False),
    Column("started", Float),
    Column("ended", Float),
    Column("updated", Float, nullable=False),
    Column("snap_version", Integer, nullable=False, server_default="0"),
    Column("snap_text", Text),  # the position at snap_version (None: the start)
    # How the game was started, for the statistics: random, winnable, code, replay or text
    # (None in games stored before it was kept: they count by start_kind).
    Column("source", String(8)),
    # 1 once the game takes no more moves (won, left, or reviewed once blocked).
    Column("closed", Integer, nullable=False, server_default="0"),
    # The level its player chose (easy … expert, from the levelled pools), None otherwise.
    Column("level", String(12)),
    # 1 once a line played offline went onto it (or made it): its moves reached the server at
    # once and its clock is the device's, so the daily comparison leaves it out.
    Column("from_offline", Integer, nullable=False, server_default="0"),
    # 1 for a game brought in from another site's record (``GET /api/export``, then
    # ``POST /api/import``): checked as an offline line, its clock the file's word, so it counts in
    # its player's statistics but in no ranking, calendar or streak.
    Column("imported", Integer, nullable=False, server_default="0"),
    # The moves figure of the game's table (``Figures.moves``), kept with each move: the daily
    # ranking reads it without the table text (None in games stored before it was kept, but the
    # daily games, which the migration filled in).
    Column("moves", Integer),
    Index("games_by_player", "player", "game", "updated"),
)
Index(
    "games_daily_by_start",
    games.c.start,
    games.c.created,
    sqlite_where=games.c.source == text("'daily'"),
    postgresql_where=games.c.source == text("'daily'"),
)
"""A challenge's games by their deal and start time (the daily ranking, the comparison): only
the daily games, whose start is a deal code (a pasted table's start is its whole text, too long
for a PostgreSQL index's row)."""

moves = Table(
    "moves",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("n", Integer, primary_key=True),  # the version the token was played on (from 0)
    Column("token", String(16), nullable=False),
    sqlite_with_rowid=False,  # one B-tree, keyed by (game, n), instead of a table and its key's index
)
"""Each game's record, a row per token, appended: a token is never changed once stored."""


verdicts = Table(
    "verdicts",
    metadata,
    Column("code", String(40), primary_key=True),
    Column("game", String(16), nullable=False),
    Column("variant", String(4), nullable=False),
    Column("verdict", String(16), nullable=False),  # winnable, unwinnable or unknown (out of time)
    Column("line_length", Integer, nullable=False),  # moves in the winning line (0 otherwise)
    Column("seconds", Float, nullable=False),  # the solver's time
    Column("solved", Float, nullable=False),
    Column("handed", Integer, nullable=False, default=0),  # 1 once dealt as a "winnable deals only" game
    Index("verdicts_pool", "game", "variant", "verdict", "handed"),
)
"""What the solver said of each deal code it was run on, so that no code is solved twice; the
winnable ones not yet dealt are the pool that "winnable deals only" draws from."""

levels = Table(
    "levels",
    metadata,
    Column("code", String(40), primary_key=True),
    Column("game", String(16), nullable=False),
    Column("variant", String(4), nullable=False),
    Column("level", String(12)),  # easy … expert, unwinnable; None: the solver could not settle it
    Column("verdict", String(16), nullable=False),
    Column("nodes", BigInteger, nullable=False),  # the solver's positions searched
    Column("wins", Integer, nullable=False),  # honest games won …
    Column("seeds", Integer, nullable=False),  # … of those played
    Column("rated", Float, nullable=False),
)
"""Each deal's difficulty level once measured (``paciencia/analysis/levels.py``), so that no deal
is measured twice; the deals of the levelled pools have theirs in the package's data."""

daily = Table(
    "daily",
    metadata,
    Column("day", String(10), primary_key=True),  # UTC, 2026-12-01
    Column("game", String(16), primary_key=True),
    Column("variant", String(4), primary_key=True),
    Column("code", String(40), nullable=False),
    Index("daily_by_code", "code"),
)
"""The day's deal of each game and variant, the same for everyone: the first server to choose it
writes it, every other reads it (``paciencia/web/service/daily.py``)."""

weekly = Table(
    "weekly",
    metadata,
    Column("week", String(8), primary_key=True),  # ISO 8601, 2026-W05 (weeks start on Monday, UTC)
    Column("game", String(16), nullable=False),
    Column("variant", String(4), nullable=False),
    Column("code", String(40), nullable=False),
    Index("weekly_by_code", "code"),
)
"""The challenge of the week: one deal, the same for everyone all week (``service/daily.py``)."""

site_keys = Table(
    "site_keys",
    metadata,
    Column("name", String(32), primary_key=True),
    Column("value", String(128), nullable=False),
)
"""Values made once per database and shared by every server on it: ``challenges``, the key that
orders each day's candidate deals (without it anyone could work out tomorrow's deal)."""

handles = Table(
    "handles",
    metadata,
    Column("player", String(64), primary_key=True),
    Column("adjective", Integer, nullable=False),  # indexes into play/challenge_words.py's lists
    Column("animal", Integer, nullable=False),
    Column("shown", Integer, nullable=False, server_default="0"),  # 1: the player opted in
    Column("updated", Float, nullable=False),
)
"""Each player's name on the rankings: an adjective and an animal, said in the reader's language,
shown only once the player opts in (no free text: nothing to moderate)."""

devices = Table(
    "devices",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("player", String(64), nullable=False),
    Column("label", String(80), nullable=False),
    Column("created", Float, nullable=False),
    Column("seen", Float, nullable=False),
    Index("devices_by_player", "player"),
)
"""The browsers of a player who linked one (``service/devices.py``): a linked browser's cookie
names its row, and a removed row is no cookie any more."""

link_codes = Table(
    "link_codes",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("player", String(64), nullable=False),
    Column("slot", String(40), nullable=False),  # the code's first word, folded: where a typed code is looked for
    Column("digest", String(64), nullable=False),  # sha256 of the whole code, folded
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
    Index("link_codes_by_slot", "slot"),
    Index("link_codes_by_player", "player"),
)
"""One-time codes that make another browser the same player: ten minutes, single use."""

buckets = Table(
    "limit_buckets",
    metadata,
    Column("key", String(120), primary_key=True),
    Column("tokens", Float, nullable=False),
    Column("updated", Float, nullable=False),  # seconds since the epoch: every machine's clock
)

running = Table(
    "limit_running",
    metadata,
    Column("player", String(64), primary_key=True),
    Column("ticket", String(32), nullable=False),  # whose admission it is (released by it alone)
    Column("expires", Float, nullable=False),
    Index("limit_running_expires", "expires"),
)

gate = Table(
    "limit_gate",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("turns", Integer, nullable=False),
)
"""One row (id 1): the admissions' turn taking."""
