"""The command line: ``paciencia deal``, ``paciencia play`` (PRODUCT.md §4).

Exit status: 0 done; 1 a move was refused by the rules (the reason in the chosen language on
stderr); 2 bad input (code, move token, position, file, language), with a message and never
a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from paciencia.engine.errors import IllegalMove, PacienciaError
from paciencia.engine.protocol import State
from paciencia.games import new_state, state_from_text
from paciencia.i18n import LOCALES, Words, normalize_locale

EXIT_REFUSED = 1
EXIT_BAD_INPUT = 2


class BadInput(Exception):
    """Input the command cannot work with; its message is printed as is."""


def _lang(value: str) -> str:
    found = normalize_locale(value)
    if found is None:
        raise argparse.ArgumentTypeError(f"unknown language {value!r} (expected one of {', '.join(LOCALES)})")
    return found


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="paciencia", description="Crescent and Klondike solitaire.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    deal = sub.add_parser("deal", help="print the table text of a deal")
    deal.add_argument("code", help="a deal code, as CR1-N-AAAAAAB or KL1-3-AAAAAAB")
    deal.add_argument("--describe", action="store_true", help="print the board description instead")
    deal.add_argument("--lang", type=_lang, default="en", help=f"language: {', '.join(LOCALES)}")

    play = sub.add_parser("play", help="play moves from a deal or a position and print the table text")
    play.add_argument("args", nargs="*", metavar="CODE|MOVE", help="a deal code (unless --position), then moves")
    play.add_argument("--position", metavar="FILE", help="start from this table text ('-' for standard input)")
    play.add_argument("--lang", type=_lang, default="en", help=f"language of refusals: {', '.join(LOCALES)}")
    play.add_argument("--describe", action="store_true", help="print the board description instead")

    serve = sub.add_parser("serve", help="run the site (an embedded SQLite database in your data folder)")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    serve.add_argument(
        "--database", metavar="URL", help="SQLAlchemy database URL (default: SQLite in your data folder)"
    )
    return parser


def _start(code: str | None, position: str | None) -> State[Any]:
    if position is not None:
        try:
            text = sys.stdin.read() if position == "-" else Path(position).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise BadInput(f"cannot read the position file {position!r}: {e}") from None
        return state_from_text(text)
    if code is None:
        raise BadInput("play needs a deal code or --position FILE")
    return new_state(code)


def _output(state: State[Any], describe: bool, lang: str) -> str:
    return Words(lang).describe(state) + "\n" if describe else state.to_text()


def cmd_deal(ns: argparse.Namespace) -> int:
    sys.stdout.write(_output(new_state(ns.code), ns.describe, ns.lang))
    return 0


def cmd_play(ns: argparse.Namespace) -> int:
    args: list[str] = ns.args
    code = None
    if ns.position is None:
        if not args:
            raise BadInput("play needs a deal code or --position FILE")
        code, args = args[0], args[1:]
    state = _start(code, ns.position)
    for number, token in enumerate(args, 1):
        try:
            state.play(token)
        except IllegalMove as e:
            print(f"paciencia: {Words(ns.lang).refused(number, token, e.reason)}", file=sys.stderr)
            return EXIT_REFUSED
        except PacienciaError as e:
            raise BadInput(f"move {number} ({token!r}): {e}") from None
    sys.stdout.write(_output(state, ns.describe, ns.lang))
    return 0


def cmd_serve(ns: argparse.Namespace) -> int:
    import uvicorn  # the site's dependencies load only for this command

    from paciencia.web import Settings, create_app

    settings = Settings(database_url=ns.database) if ns.database else Settings()
    try:
        app = create_app(settings)
    except Exception as e:  # a bad URL or an unreachable database: say so, no traceback
        raise BadInput(f"cannot open the database: {e}") from None
    print(f"paciencia: playing at http://{ns.host}:{ns.port}/ (Ctrl+C stops)", file=sys.stderr)
    uvicorn.run(app, host=ns.host, port=ns.port, log_level="warning")
    return 0


COMMANDS = {"deal": cmd_deal, "play": cmd_play, "serve": cmd_serve}


def main(argv: Sequence[str] | None = None) -> int:
    ns = build_parser().parse_args(argv)
    try:
        return COMMANDS[ns.command](ns)
    except (BadInput, PacienciaError) as e:
        print(f"paciencia: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT


if __name__ == "__main__":
    raise SystemExit(main())
