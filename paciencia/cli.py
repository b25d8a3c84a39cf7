"""The command line: ``paciencia deal``, ``paciencia play`` (PRODUCT.md §4).

Exit status: 0 done; 1 a move was refused by the rules (the reason in the chosen language on
stderr); 2 bad input (code, move token, position, file, language), with a message and never
a traceback.

The parser is argparse's (``paciencia.cli_parser``), but the plainest command lines, ``deal``
and ``solve`` of a code, are read here without it (``_plain``), to the same options.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import SimpleNamespace

from paciencia.engine.errors import IllegalMove, PacienciaError
from paciencia.engine.protocol import State
from paciencia.games import new_state, state_from_text
from paciencia.i18n import Words, normalize_locale

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from typing import Any, TypeAlias

    from paciencia.engine.protocol import Game

    Options: TypeAlias = argparse.Namespace | SimpleNamespace
    """A command's options: argparse's, or ``_plain``'s for the plainest command lines."""

EXIT_REFUSED = 1
EXIT_BAD_INPUT = 2


class BadInput(Exception):
    """Input the command cannot work with; its message is printed as is."""


NODES_MAX = 10**12


def positions(value: str) -> int | None:
    """``--nodes``: a number of positions from 1 to ``NODES_MAX``, or None."""
    if not (value.isascii() and value.isdigit() and 1 <= int(value) <= NODES_MAX):
        return None
    return int(value)


def seconds(value: str) -> float | None:
    """``--timeout``: a number of seconds over 0 and up to a day, or None."""
    try:
        found = float(value)
    except ValueError:
        return None
    return found if 0 < found <= 86400 else None


Reader = Callable[[str], object]
"""An option's value as the command takes it, from its text; None for a value it refuses."""

_PLAIN: dict[str, tuple[bool, dict[str, object], dict[str, Reader | None]]] = {
    "deal": (True, {"code": None, "describe": False, "lang": "en"}, {"--describe": None, "--lang": normalize_locale}),
    "solve": (
        False,
        {"code": None, "position": None, "codes": None, "timeout": None, "nodes": None},
        {"--timeout": seconds, "--nodes": positions},
    ),
}
"""The commands ``_plain`` reads: whether their code is required, their options' defaults, and the
options it reads (a flag, or an option with its value's reader), as ``cli_parser`` declares them."""


def _plain(args: Sequence[str]) -> SimpleNamespace | None:
    """The options of ``deal`` or ``solve`` written plainly, read as argparse reads them: a code
    (not starting with '-'), each option in full (``--lang it`` or ``--lang=it``) and once, each
    value good. Anything else is None: argparse reads it and says what is wrong, in its words.
    (argparse, with the gettext and locale it loads, and a parser built are 3-4 ms of a deal's
    start-up; ``tests/test_cli.py`` checks that both read alike.)"""
    if not args or args[0] not in _PLAIN:
        return None
    required, defaults, options = _PLAIN[args[0]]
    found = dict(defaults, command=args[0])
    seen: set[str] = set()
    rest = iter(args[1:])
    for arg in rest:
        value: object
        name, equals, text = arg.partition("=")
        if not arg.startswith("-"):
            name, value = "code", arg
        elif name not in options:
            return None
        elif (read := options[name]) is None:  # a flag
            if equals:
                return None
            value = True
        else:
            if not equals:
                text = next(rest, "-")
            if text.startswith("-"):  # (argparse takes it for an option)
                return None
            value = read(text)
        if value is None or name in seen:
            return None
        seen.add(name)
        found[name.removeprefix("--")] = value
    if required and "code" not in seen:
        return None
    return SimpleNamespace(**found)


def _timeout(ns: Options) -> float:
    """--timeout, or its default: 10 s, or with --nodes none (no clock decides a verdict)."""
    if ns.timeout is not None:
        return float(ns.timeout)
    return float("inf") if ns.nodes is not None else 10.0  # (math's inf: an import for one value)


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


def cmd_deal(ns: Options) -> int:
    sys.stdout.write(_output(new_state(ns.code), ns.describe, ns.lang))
    return 0


def cmd_play(ns: Options) -> int:
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


def cmd_solve(ns: Options) -> int:
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
    with a node budget, each line also has the positions searched (``nodes``).

    Thousands of deals are settled in one run (the benches against other solvers), so the
    Python around each deal is kept short: a code whose head (``KL1-3-``, upper-cased) an earlier
    line read in full is read from its letters alone, each game solves a deal by its number
    (``Game.solve_deal``: a game may deal in its search, no position made in Python), and the
    line is written as ``json.dumps`` writes the row, without its walk over a dict."""
    import json
    from json.encoder import encode_basestring_ascii as quoted  # json.dumps's own, for str

    from paciencia.engine.dealcode import DEAL_LETTERS, letters_to_number

    try:
        stream = sys.stdin.buffer if source == "-" else Path(source).open("rb")  # noqa: SIM115 (closed below)
    except OSError as e:
        raise BadInput(f"cannot read the codes file {source!r}: {e}") from None
    malformed = False
    heads: dict[str, Game[Any]] = {}
    """A code's upper-cased text but its letters, read in full once, and the game it names."""
    write, flush = sys.stdout.write, sys.stdout.flush
    try:
        for raw in stream:
            # Bytes decoded line by line: a line that is not UTF-8 is one bad code, not a stop.
            text = raw.decode("utf-8", errors="replace").strip()
            if not text:
                continue
            upper = text.upper()
            letters = upper[-DEAL_LETTERS:]
            game = heads.get(upper[:-DEAL_LETTERS])
            if game is None or not (letters.isalpha() and letters.isascii()):
                try:
                    state = new_state(text)
                except PacienciaError as e:
                    malformed = True
                    write(json.dumps({"code": text, "error": str(e)}) + "\n")
                    flush()
                    continue
                # Read in full (DealCode.parse: the text upper-cased, its last part DEAL_LETTERS
                # letters): a later code with the same head and DEAL_LETTERS letters A-Z names
                # the same game and variant, its deal those letters' number.
                game, number = state.game, state.code.number
                heads[upper[:-DEAL_LETTERS]] = game
            else:
                number = letters_to_number(letters)
            verdict, line, n, took = game.solve_deal(number, timeout, nodes)
            end = "}\n" if nodes is None else f', "nodes": {n}}}\n'
            write(
                f'{{"code": {quoted(text)}, "verdict": {quoted(verdict)}, "seconds": {round(took, 4)!r}, '
                f'"line": {quoted(line)}{end}'
            )
            flush()
    except OSError as e:
        raise BadInput(f"cannot read the codes file {source!r}: {e}") from None
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()
    return EXIT_BAD_INPUT if malformed else 0


def cmd_survey(ns: Options) -> int:
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


def cmd_serve(ns: Options) -> int:
    import socket
    from dataclasses import replace

    import uvicorn  # the site's dependencies load only for this command

    from paciencia.web import Settings, create_app
    from paciencia.web.service.hints import serving
    from paciencia.web.settings import ENV_DATABASE, ENV_SECURE

    serving()  # the app's shutdown is this process's: its hint processes end with it

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


COMMANDS: dict[str, Callable[[Options], int]] = {
    "deal": cmd_deal,
    "play": cmd_play,
    "solve": cmd_solve,
    "survey": cmd_survey,
    "serve": cmd_serve,
}
"""Each command (in the order of the help: ``cli_parser.OPTIONS``): what it does."""


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or of ``command`` alone (``cli_parser.build_parser``)."""
    from paciencia import cli_parser

    return cli_parser.build_parser(command)


def main(argv: Sequence[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    ns: Options | None = _plain(args)
    if ns is None:
        # The command's parser alone when the first argument names one; else (none, an option
        # such as --help, a misspelt command) the whole, to list the commands.
        parser = build_parser(args[0] if args and args[0] in COMMANDS else None)
        ns = parser.parse_args(args)
        if ns.command is None:  # a bare ``paciencia``: what it can do, not an error
            parser.print_help()
            return 0
    try:
        status = COMMANDS[ns.command](ns)
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
