"""The command line: ``paciencia deal``, ``paciencia play`` (PRODUCT.md §4).

Exit status: 0 done; 1 a move was refused by the rules (the reason in the chosen language on
stderr); 2 bad input (code, move token, position, file, language), with a message and never
a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from paciencia import __version__
from paciencia.engine.errors import IllegalMove, PacienciaError
from paciencia.engine.protocol import State
from paciencia.games import GAMES, new_state, state_from_text
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
    """The parser of every command, or with ``command`` (one of ``COMMANDS``) of that one alone:
    a command's start-up builds no other command's options (argparse makes a parser, formatters
    and translation look-ups for each: 2 ms, as much as the game's deal)."""
    names = list(GAMES)  # the registry's names: no game is imported
    games = f"{', '.join(names[:-1])} and {names[-1]}" if len(names) > 1 else "".join(names)
    parser = _Parser(prog="paciencia", description=f"Solitaire games: {games}.")
    parser.add_argument("--version", action="version", version=f"paciencia {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS if command is None else (command,):
        help_text, options, _run = COMMANDS[name]
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
NODES_MAX = 10**12


def _nodes(value: str) -> int:
    if not (value.isascii() and value.isdigit() and 1 <= int(value) <= NODES_MAX):
        raise argparse.ArgumentTypeError(f"not a number of positions from 1 to {NODES_MAX}: {value!r}")
    return int(value)


def _timeout(ns: argparse.Namespace) -> float:
    """--timeout, or its default: 10 s, or with --nodes none (no clock decides a verdict)."""
    if ns.timeout is not None:
        return float(ns.timeout)
    return float("inf") if ns.nodes is not None else 10.0  # (math's inf: an import for one value)


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
    try:
        seconds = float(value)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds <= 86400:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {value!r}")
    return seconds


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


def cmd_solve(ns: argparse.Namespace) -> int:
    from paciencia.engine.verdict import Verdict
    from paciencia.solver import solve

    if (ns.code is not None) + (ns.position is not None) + (ns.codes is not None) > 1:
        raise BadInput("solve takes a deal code, --position FILE or --codes FILE, only one of them")
    if ns.codes is not None:
        return _solve_codes(ns.codes, _timeout(ns), ns.nodes)
    result = solve(_start(ns.code, ns.position), _timeout(ns), ns.nodes)
    print(result.verdict.value)
    if result.verdict is Verdict.WINNABLE:
        print(" ".join(result.line))
    return 0


def _solve_codes(source: str, timeout: float, nodes: int | None) -> int:
    """One JSON line per input line, written as each deal is settled (the start-up is paid once);
    with a node budget, each line also has the positions searched (``nodes``)."""
    import json

    from paciencia.solver import solve

    try:
        stream = sys.stdin.buffer if source == "-" else Path(source).open("rb")  # noqa: SIM115 (closed below)
    except OSError as e:
        raise BadInput(f"cannot read the codes file {source!r}: {e}") from None
    malformed = False
    try:
        for raw in stream:
            # Bytes decoded line by line: a line that is not UTF-8 is one bad code, not a stop.
            text = raw.decode("utf-8", errors="replace").strip()
            if not text:
                continue
            try:
                state = new_state(text)
            except PacienciaError as e:
                malformed = True
                row: dict[str, object] = {"code": text, "error": str(e)}
            else:
                result = solve(state, timeout, nodes)
                row = {
                    "code": text,
                    "verdict": result.verdict.value,
                    "seconds": round(result.seconds, 4),
                    "line": " ".join(result.line),
                }
                if nodes is not None:
                    row["nodes"] = result.nodes
            sys.stdout.write(json.dumps(row) + "\n")
            sys.stdout.flush()
    except OSError as e:
        raise BadInput(f"cannot read the codes file {source!r}: {e}") from None
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()
    return EXIT_BAD_INPUT if malformed else 0


def cmd_survey(ns: argparse.Namespace) -> int:
    from paciencia.analysis import survey

    if ns.deals < 1 or ns.jobs < 1:
        raise BadInput("--deals and --jobs must be at least 1")
    variant = ns.variant.upper()
    results = Path(ns.results or f"survey-{ns.game}-{variant}-{ns.seed}.jsonl")
    timeout = _timeout(ns)
    try:
        summary = survey.run(
            ns.game, variant, ns.deals, timeout, ns.jobs, results, ns.seed, scheduler=ns.scheduler, nodes=ns.nodes
        )
    except KeyboardInterrupt:
        return 130
    except (survey.ClusterError, survey.OtherBudget) as e:
        raise BadInput(str(e)) from None
    except OSError as e:
        raise BadInput(f"cannot write the results file {str(results)!r}: {e}") from None
    for line in summary.lines(timeout, ns.nodes):
        print(line)
    return 0


def _shown_url(url: str) -> str:
    """A database URL as it may be printed: without its password."""
    scheme, sep, rest = url.partition("://")
    auth, at, where = rest.rpartition("@")
    if not sep or not at or ":" not in auth:
        return url
    return f"{scheme}://{auth.split(':', 1)[0]}:***@{where}"


def _shown_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def cmd_serve(ns: argparse.Namespace) -> int:
    import socket
    from dataclasses import replace

    import uvicorn  # the site's dependencies load only for this command

    from paciencia.web import Settings, create_app
    from paciencia.web.settings import ENV_DATABASE, ENV_SECURE

    settings = Settings(database_url=ns.database) if ns.database else Settings()
    if ns.secure:
        settings = replace(settings, cookie_secure=True)
    # What start-up does, said before it does it (the first start makes the database's tables).
    shown = _shown_url(settings.database_url)
    print(f"paciencia: opening the database {shown} (making or migrating its tables)", file=sys.stderr)
    try:
        app = create_app(settings)  # migrates the database, once, before any worker starts
    except Exception as e:  # a bad URL or an unreachable database: say so, no traceback
        raise BadInput(f"cannot open the database: {e}") from None
    _wait_for_port(ns.host, ns.port)
    listening = f"paciencia: playing at http://{_shown_host(ns.host)}:{ns.port}/ (Ctrl+C stops)"
    # Every connection through the guard: deadlines for slow headers and bodies, connection caps.
    guarded = "paciencia.web.http.guard:GuardedHttp"
    if ns.workers == 1:
        # The socket is bound here, so that the line above is said once it is true (and a port
        # already taken is said plainly).
        try:
            family = socket.AF_INET6 if ":" in ns.host else socket.AF_INET
            sock = socket.create_server((ns.host, ns.port), family=family)
        except OSError as e:
            app.state.games.hints.close()
            app.state.store.close()
            raise BadInput(f"cannot listen on {ns.host}:{ns.port}: {e.strerror or e}") from None
        print(listening, file=sys.stderr)
        with sock:
            config = uvicorn.Config(app, log_level="warning", http=guarded, server_header=False)
            uvicorn.Server(config).run(sockets=[sock])
        return 0
    print(listening, file=sys.stderr)
    # Each worker process builds its own app from the same settings, passed in the environment;
    # this one only made sure that the database opens and is migrated.
    app.state.games.hints.close()
    app.state.winnable.close()
    app.state.store.close()
    os.environ[ENV_DATABASE] = settings.database_url
    os.environ[ENV_SECURE] = "1" if settings.cookie_secure else "0"
    _fork_workers()
    uvicorn.run(
        "paciencia.web.app:app_from_environment",
        factory=True,
        host=ns.host,
        port=ns.port,
        workers=ns.workers,
        log_level="warning",
        http=guarded,
        server_header=False,  # a name on every answer, for no one
    )
    return 0


def _fork_workers() -> None:
    """Makes uvicorn fork its worker processes from this one instead of spawning them (Linux).

    A spawned worker is a fresh interpreter that imports the whole site again: four of them at
    once on a loaded two-core machine took 7-60 s to answer after a restart, against about 2 s
    for one process. This process has imported the site already (and closed its database
    connections and threads above), so a forked worker starts at once. uvicorn (pinned) asks
    its supervisor module's ``get_subprocess`` for each worker: that one name is replaced.
    """
    import multiprocessing

    if sys.platform != "linux":  # fork is unsafe on macOS and absent on Windows: spawn there
        return
    from uvicorn._subprocess import subprocess_started
    from uvicorn.supervisors import multiprocess

    fork = multiprocessing.get_context("fork")

    def forked(config: Any, target: Any, sockets: Any) -> Any:
        kwargs = {"config": config, "target": target, "sockets": sockets, "stdin_fileno": None}
        return fork.Process(target=subprocess_started, kwargs=kwargs)

    multiprocess.get_subprocess = forked  # type: ignore[attr-defined]


PORT_WAIT = 30.0
"""Seconds ``serve`` waits for its port while another process still holds it
(``PACIENCIA_PORT_WAIT`` changes it)."""


def _wait_for_port(host: str, port: int) -> None:
    """Returns once the port can be listened on, or after ``PORT_WAIT`` (uvicorn then says why).

    Started again right after a crash, the server may find the port still held by the crashed
    one's worker processes for the moment they take to stop: it waits for them rather than
    exiting "Address already in use"."""
    import errno
    import socket
    import time

    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except OSError:
        return  # uvicorn names a bad host itself
    from paciencia.web.http.guard import env_figure

    deadline = time.monotonic() + env_figure("PACIENCIA_PORT_WAIT", PORT_WAIT)
    said = False
    while True:
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
            try:
                probe.bind(address)
                return
            except OSError as e:
                if e.errno != errno.EADDRINUSE:
                    return
                if time.monotonic() > deadline:
                    print(f"paciencia: port {port} is in use; choose another with --port", file=sys.stderr)
                    return
        if not said:
            print(
                f"paciencia: port {port} is in use; waiting for it (a server stopping), or use another with --port",
                file=sys.stderr,
            )
            said = True
        time.sleep(0.1)


COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None], Callable[[argparse.Namespace], int]]] = {
    "deal": ("print the table text of a deal", _deal_options, cmd_deal),
    "play": ("play moves from a deal or a position and print the table text", _play_options, cmd_play),
    "solve": ("is this deal or position winnable? prints the winning line", _solve_options, cmd_solve),
    "survey": ("solve many random deals in parallel; print the share winnable", _survey_options, cmd_survey),
    "serve": ("run the site (an embedded SQLite database in your data folder)", _serve_options, cmd_serve),
}
"""Each command: its line in the help (in this order), its options, what it does."""


def main(argv: Sequence[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    # The command's parser alone when the first argument names one; else (none, an option such
    # as --help, a misspelt command) the whole, to list the commands.
    command = args[0] if args and args[0] in COMMANDS else None
    parser = build_parser(command)
    ns = parser.parse_args(args)
    if ns.command is None:  # a bare ``paciencia``: what it can do, not an error
        parser.print_help()
        return 0
    try:
        status = COMMANDS[ns.command][2](ns)
        sys.stdout.flush()
        return status
    except (BadInput, PacienciaError) as e:
        print(f"paciencia: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        # The reader stopped reading (``| head -1``): nothing is wrong; say nothing, and point
        # stdout at nothing so that the flush at exit does not complain either.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
