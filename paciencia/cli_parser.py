"""The command line's argparse side: its parser, each command's options and their values' types.

``paciencia.cli`` reads the plainest command lines itself (``deal CODE``, ``solve CODE``) and
imports this module for every other one: argparse, with the gettext and locale it loads, and the
building of a parser are 3-4 ms of a command's start-up, as much again as a deal.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import Any

from paciencia import __version__
from paciencia.cli import NODES_MAX, positions, seconds
from paciencia.games import GAMES
from paciencia.i18n import LOCALES, normalize_locale


def _lang(value: str) -> str:
    found = normalize_locale(value)
    if found is None:
        raise argparse.ArgumentTypeError(f"unknown language {value!r} (expected one of {', '.join(LOCALES)})")
    return found


def _columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` finds it ($COLUMNS, else standard
    output's terminal, else 80)."""
    try:
        columns = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _Formatter(argparse.HelpFormatter):
    """argparse's own, the width found without importing shutil: argparse makes a formatter for
    every argument added, and shutil loads the compressors (2 ms of every command's start-up)."""

    def __init__(
        self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None
    ) -> None:
        super().__init__(prog, indent_increment, max_help_position, _columns() - 2 if width is None else width)


class _Parser(argparse.ArgumentParser):
    """A parser some of whose helps are worked out only when a help is printed (``later``): the
    games' variants are known to their rules, and parsing a command imports no game's rules."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)
        self.later: list[tuple[argparse.Action, Callable[[], str]]] = []

    def format_help(self) -> str:
        for action, help_text in self.later:
            action.help = help_text()
        return super().format_help()


def _variants() -> str:
    """Each game's variants (this imports every game)."""
    return "; ".join(f"{name}: {' '.join(e.game.variants)}" for name, e in GAMES.items())


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or with ``command`` (one of ``OPTIONS``) of that one alone:
    a command's start-up builds no other command's options (argparse makes a parser, formatters
    and translation look-ups for each: 2 ms, as much as the game's deal)."""
    names = list(GAMES)  # the registry's names: no game is imported
    games = f"{', '.join(names[:-1])} and {names[-1]}" if len(names) > 1 else "".join(names)
    parser = _Parser(prog="paciencia", description=f"Solitaire games: {games}.")
    parser.add_argument("--version", action="version", version=f"paciencia {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in OPTIONS if command is None else (command,):
        help_text, options = OPTIONS[name]
        options(sub.add_parser(name, help=help_text))
    return parser


def _deal_options(deal: argparse.ArgumentParser) -> None:
    deal.add_argument("code", help="a deal code, as CR1-N-AAAAAAB or KL1-3-AAAAAAB")
    deal.add_argument("--describe", action="store_true", help="print the board description instead")
    deal.add_argument("--lang", type=_lang, default="en", help=f"language: {', '.join(LOCALES)}")


def _play_options(play: argparse.ArgumentParser) -> None:
    play.add_argument("args", nargs="*", metavar="CODE|MOVE", help="a deal code (unless --position), then moves")
    play.add_argument("--position", metavar="FILE", help="start from this table text ('-' for standard input)")
    play.add_argument("--lang", type=_lang, default="en", help=f"language of refusals: {', '.join(LOCALES)}")
    play.add_argument("--describe", action="store_true", help="print the board description instead")


def _solve_options(solve: argparse.ArgumentParser) -> None:
    solve.add_argument("code", nargs="?", help="a deal code (or use --position)")
    solve.add_argument("--position", metavar="FILE", help="solve this table text ('-' for standard input)")
    solve.add_argument(
        "--codes",
        metavar="FILE",
        help="solve one deal code a line ('-' for standard input), printing one JSON object a line "
        "(code, verdict, seconds, line; or code, error); exit status 0 when every line was answered, "
        "2 when a line was not a deal code (it gets an error record and the others are still solved) "
        "or FILE cannot be read",
    )
    solve.add_argument(
        "--timeout", type=_seconds, help="seconds to search (default 10, per deal; with --nodes, a cap, default none)"
    )
    solve.add_argument("--nodes", type=_nodes, help=NODES_HELP)


def _survey_options(survey: argparse.ArgumentParser) -> None:
    assert isinstance(survey, _Parser)
    survey.add_argument("game", choices=list(GAMES))
    survey.later.append((survey.add_argument("--variant", required=True), _variants))
    survey.add_argument("--deals", type=int, default=1000, help="how many deals (default 1000)")
    survey.add_argument(
        "--timeout", type=_seconds, help="seconds per deal (default 10; with --nodes, a cap, default none)"
    )
    survey.add_argument("--nodes", type=_nodes, help=NODES_HELP)
    survey.add_argument(
        "--jobs",
        type=int,
        default=os.cpu_count() or 1,
        help="parallel solvers (default: cores; with --scheduler local, workers)",
    )
    survey.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="solve on a Dask distributed cluster: its scheduler's address (tcp://host:8786), "
        "or 'local' for a local cluster of --jobs worker processes",
    )
    survey.add_argument("--seed", type=int, default=2026, help="which sample of deals (default 2026)")
    survey.add_argument(
        "--results", metavar="FILE", help="JSON-lines results, read to resume (default survey-GAME-VARIANT-SEED.jsonl)"
    )


def _serve_options(serve: argparse.ArgumentParser) -> None:
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=_port, default=8000, help="port to listen on (default 8000)")
    serve.add_argument(
        "--database",
        metavar="URL",
        help="database URL: postgresql://user:password@host/name, or sqlite:///FILE "
        "(default: SQLite in your data folder)",
    )
    serve.add_argument(
        "--workers", type=_workers, default=1, help="server processes sharing the port and the database (default 1)"
    )
    serve.add_argument(
        "--secure", action="store_true", help="mark the player cookie Secure (the site is served over HTTPS)"
    )


NODES_HELP = (
    "search at most N positions per deal instead of a time: the same verdicts, lines and node counts "
    "on any machine, loaded or not"
)


def _nodes(value: str) -> int:
    found = positions(value)
    if found is None:
        raise argparse.ArgumentTypeError(f"not a number of positions from 1 to {NODES_MAX}: {value!r}")
    return found


def _workers(value: str) -> int:
    if not (value.isascii() and value.isdigit() and 1 <= int(value) <= 64):
        raise argparse.ArgumentTypeError(f"not a number of workers from 1 to 64: {value!r}")
    return int(value)


def _port(value: str) -> int:
    # 0 (the system's choice) is refused too: the line that says where the site is would be wrong.
    if not (value.isascii() and value.isdigit() and 1 <= int(value) <= 65535):
        raise argparse.ArgumentTypeError(f"not a port from 1 to 65535: {value!r}")
    return int(value)


def _seconds(value: str) -> float:
    found = seconds(value)
    if found is None:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {value!r}")
    return found


OPTIONS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None]]] = {
    "deal": ("print the table text of a deal", _deal_options),
    "play": ("play moves from a deal or a position and print the table text", _play_options),
    "solve": ("is this deal or position winnable? prints the winning line", _solve_options),
    "survey": ("solve many random deals in parallel; print the share winnable", _survey_options),
    "serve": ("run the site (an embedded SQLite database in your data folder)", _serve_options),
}
"""Each command (``paciencia.cli.COMMANDS``, in the same order): its line in the help, its options."""
