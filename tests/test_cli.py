"""The command line, run as a real process (PRODUCT.md §4)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from paciencia.games import GAMES, Entry, new_state, state_from_text
from tests.tables import crescent_table


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "paciencia", *args], capture_output=True, text=True, input=stdin, timeout=60
    )


def test_deal_prints_the_table_text() -> None:
    p = run("deal", "CR1-N-AAAAAAB")
    assert p.returncode == 0 and p.stderr == ""
    assert p.stdout == new_state("CR1-N-AAAAAAB").to_text()
    assert p.stdout.startswith("# crescent CR1-N-AAAAAAB status=playing moves=0 redeals=3\nAs: As\n")


def _of(package: str, modules: list[str]) -> list[str]:
    return [m for m in modules if m == package or m.startswith(package + ".")]


@pytest.mark.parametrize("name", list(GAMES))
def test_a_deal_imports_the_game_it_names_and_no_other(name: str) -> None:
    """``import paciencia.cli`` and parsing a command import no game; a deal imports its own
    game's package (its rules) and no other game's (the start-up, issue 39)."""
    found = GAMES[name]
    code = f"{found.prefix}{found.game.version}-{next(iter(found.game.variants))}-AAAAAAB"
    script = f"""
import contextlib, io, json, sys
from paciencia.cli import build_parser, main
build_parser().parse_args(["deal", {code!r}])
parsed = sorted(sys.modules)
with contextlib.redirect_stdout(io.StringIO()) as out:
    status = main(["deal", {code!r}])
print(json.dumps({{"parsed": parsed, "dealt": sorted(sys.modules), "status": status, "out": out.getvalue()}}))
"""
    p = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    seen = json.loads(p.stdout)
    assert (seen["status"], seen["out"]) == (0, new_state(code).to_text())
    assert [m for e in GAMES.values() for m in _of(e.package, seen["parsed"])] == []
    assert found.game.__module__ in seen["dealt"]
    assert [m for e in GAMES.values() if e is not found for m in _of(e.package, seen["dealt"])] == []
    # Nor the hints' knowledge, the solver's verdicts, the site's stack, or dataclasses (with
    # inspect: the engine's records are made by paciencia.engine.record).
    later: tuple[str, ...] = ("paciencia.engine.knowledge", "paciencia.engine.verdict", "paciencia.web", "fastapi")
    later += ("babel", "dataclasses", "inspect")
    assert [m for m in seen["dealt"] if any(m == p or m.startswith(p + ".") for p in later)] == []


@pytest.mark.parametrize("name", list(GAMES))
def test_solve_answers_every_game_plainly(name: str) -> None:
    """A game with a solver says its verdict; one without (yet) exits 2 saying so, never with a
    traceback (Pyramid's and TriPeaks' rules came before their solvers)."""
    found = GAMES[name]
    code = f"{found.prefix}{found.game.version}-{next(iter(found.game.variants))}-AAAAAAB"
    p = run("solve", code, "--nodes", "2000")
    if "solve" in found.game.capabilities:
        assert p.returncode == 0, p.stderr
        assert p.stdout.split("\n")[0] in ("winnable", "unwinnable", "unknown")
    else:
        assert p.returncode == 2
        assert f"{name} has no solver" in p.stderr and "Traceback" not in p.stderr


def test_a_registry_line_that_is_not_its_package_s_game_is_refused_when_loaded() -> None:
    """A registry line names a package and its prefix without importing it: the package's game
    is checked against them when it is first asked for."""
    name, found = next(iter(GAMES.items()))
    wrong = Entry(name, found.prefix + "X", found.package)
    assert not wrong.loaded and wrong.prefix == found.prefix + "X"
    with pytest.raises(ValueError, match="registry line"):
        wrong.game  # noqa: B018 (the load is the test)


def test_deal_describe_in_italian() -> None:
    p = run("deal", " cr1-n-aaaaaab ", "--describe", "--lang", "it")
    assert p.returncode == 0
    assert p.stdout.startswith("fondazione ascendente di picche: asso di picche in cima, 1 carta; ")
    assert p.stdout.rstrip().endswith("pila 16: 6 carte, 5 di picche in cima.")


def test_play_prints_the_final_position() -> None:
    p = run("play", "CR1-N-AAAAAAB", "2-4", "R", "R")
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines()[0] == "# crescent CR1-N-AAAAAAB status=playing moves=1 redeals=1"


def test_play_from_a_position_file_and_from_standard_input(tmp_path: Path) -> None:
    text = run("play", "CR1-N-AAAAAAB", "2-4").stdout
    f = tmp_path / "pos.txt"
    f.write_text(text, encoding="utf-8")
    p = run("play", "--position", str(f), "U")
    assert p.returncode == 1 and "U" in p.stderr  # a read position has no history to undo
    legal = next(str(m) for m in state_from_text(text).legal_moves() if str(m) != "R")
    p = run("play", "--position", "-", legal, stdin=text)
    assert p.returncode == 0 and p.stdout.splitlines()[0].endswith("moves=2 redeals=3")


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("en", "Must be the same suit"),
        ("pt-PT", "Tem de ser do mesmo naipe"),
        ("es", "Debe ser del mismo palo"),
        ("it", "Deve essere dello stesso seme"),
        ("pt-BR", "Tem que ser do mesmo naipe"),
    ],
)
def test_an_illegal_move_stops_with_status_1_and_the_reason_in_the_language(lang: str, message: str) -> None:
    p = run("play", "CR1-N-AAAAAAB", "2-4", "1-3", "--lang", lang)
    assert p.returncode == 1
    assert p.stdout == ""
    assert "2" in p.stderr and "1-3" in p.stderr and message in p.stderr
    assert "Traceback" not in p.stderr


def test_undo_with_nothing_to_undo_is_refused_like_an_illegal_move() -> None:
    p = run("play", "CR1-N-AAAAAAB", "U")
    assert p.returncode == 1 and "move 1 (U)" in p.stderr and "nothing to undo" in p.stderr


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["deal", "CR1-N-AAAAAA"], "7"),
        (["deal", "CR1-X-AAAAAAB"], "variant 'X'"),
        (["deal", "bogus"], "CR1-N-AAAAAAB"),
        (["play", "CR1-N-AAAAAAB", "2-44"], "'2-44'"),
        (["play", "CR1-N-AAAAAAB", "2-4", "zz"], "move 2 ('zz')"),
        (["play", "--position", "/nonexistent/pos.txt"], "/nonexistent/pos.txt"),
        (["play"], "deal code or --position"),
        (["deal", "CR1-N-AAAAAAB", "--lang", "fr"], "fr"),
    ],
)
def test_bad_input_exits_2_with_a_message_and_no_traceback(args: list[str], needle: str) -> None:
    p = run(*args)
    assert p.returncode == 2
    assert p.stdout == ""
    assert needle in p.stderr and "Traceback" not in p.stderr


def test_a_bad_position_file_names_the_problem(tmp_path: Path) -> None:
    text = new_state("CR1-N-AAAAAAB").to_text()
    cases = {
        "missing.txt": ("\n".join(line for line in text.splitlines() if not line.startswith("7:")), "'7' is missing"),
        "extra.txt": (text.replace("1: 9d", "1: 9d 9d"), "105 cards"),
        "triple.txt": (text.replace("1: 9d 7h", "1: 9d 9d"), "9d appears 3 times"),
    }
    for name, (body, needle) in cases.items():
        f = tmp_path / name
        f.write_text(body, encoding="utf-8")
        p = run("play", "--position", str(f))
        assert p.returncode == 2 and needle in p.stderr and p.stdout == "", (name, p.stderr)


# One move from won: the Ks on pile 4 is the last card the ascending spades need.
NEAR_WON = crescent_table({"As": "Q"}, {4: ["Ks"]}, code="CR1-N-AAAAAAB", redeals=0)


def test_solve_finds_the_winning_line_and_play_replays_it(tmp_path: Path) -> None:
    f = tmp_path / "near.txt"
    f.write_text(NEAR_WON, encoding="utf-8")
    p = run("solve", "--position", str(f), "--timeout", "5")
    assert p.returncode == 0 and p.stdout.splitlines() == ["winnable", "4-As"]
    replay = run("play", "--position", str(f), *p.stdout.splitlines()[1].split())
    assert replay.stdout.splitlines()[0].startswith("# crescent CR1-N-AAAAAAB status=won")


def test_solve_proves_a_blocked_position_lost(tmp_path: Path) -> None:
    text = NEAR_WON.replace("As: As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs", "As: As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js")
    text = text.replace("4: Ks", "4: Qs Ks")  # Ks above the Qs its foundation needs first
    f = tmp_path / "lost.txt"
    f.write_text(text, encoding="utf-8")
    p = run("solve", "--position", str(f))
    assert p.returncode == 0 and p.stdout == "unwinnable\n"


def test_solve_says_unknown_when_time_runs_out_and_refuses_bad_input() -> None:
    p = run("solve", "CR1-N-AAAAAAB", "--timeout", "0.01")
    assert p.returncode == 0 and p.stdout.splitlines()[0] in ("unknown", "winnable", "unwinnable")
    assert run("solve", "CR1-N-AAAAAAB", "--timeout", "soon").returncode == 2
    bad = run("solve", "CR9-N-AAAAAAB")
    assert bad.returncode == 2 and "version 9" in bad.stderr


def test_survey_prints_the_share_with_its_interval(tmp_path: Path) -> None:
    results = tmp_path / "s.jsonl"
    p = run(
        "survey",
        "crescent",
        "--variant",
        "n",
        "--deals",
        "2",
        "--timeout",
        "0.05",
        "--jobs",
        "1",
        "--results",
        str(results),
    )
    assert p.returncode == 0, p.stderr
    assert "deals: 2" in p.stdout and "95% interval" in p.stdout and "median" in p.stdout
    assert len(results.read_text().splitlines()) == 2


@pytest.mark.parametrize("number", ["²", "①", "١", "007"])
def test_a_position_with_a_number_in_other_digits_exits_2_without_a_traceback(tmp_path: Path, number: str) -> None:
    text = new_state("CR1-N-AAAAAAB").to_text().replace("moves=0", f"moves={number}")
    p = run("play", "--position", "-", stdin=text)
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert f"moves={number}" in p.stderr and "0-9" in p.stderr


@pytest.mark.parametrize("code", ["CR١-N-AAAAAAB", "CR01-N-AAAAAAB", "KL٣-3-AAAAAAB"])
def test_a_code_in_other_digits_or_with_a_leading_zero_exits_2(code: str) -> None:
    p = run("deal", code)
    assert p.returncode == 2 and "not a deal code" in p.stderr and "Traceback" not in p.stderr


def test_a_position_no_play_reaches_exits_2_naming_why() -> None:
    text = new_state("CR1-N-AAAAAAB").to_text().replace("status=playing", "status=won")
    p = run("solve", "--position", "-", stdin=text)
    assert p.returncode == 2 and "status=won" in p.stderr and "Traceback" not in p.stderr


def test_a_reader_that_stops_reading_is_no_error() -> None:
    """``paciencia solve … | head -1``: the pipe closes before the answer is written."""
    with subprocess.Popen(
        [sys.executable, "-m", "paciencia", "solve", "KL1-3-AAAAAAB", "--timeout", "5"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as p:
        assert p.stdout is not None and p.stderr is not None
        p.stdout.close()
        err = p.stderr.read()
        assert p.wait(60) == 0 and err == ""


def test_serve_takes_workers_and_secure() -> None:
    from paciencia.cli import build_parser

    ns = build_parser().parse_args(["serve", "--workers", "4", "--secure"])
    assert (ns.workers, ns.secure) == (4, True)
    assert build_parser().parse_args(["serve"]).workers == 1
    for bad in ("0", "٣", "x"):
        p = run("serve", "--workers", bad)
        assert p.returncode == 2 and "workers" in p.stderr


def test_serve_refuses_a_port_out_of_range_plainly(tmp_path: Path) -> None:
    for bad in ("99999", "-1", "0", "٣", "x"):  # refused before any database is opened
        p = subprocess.run(
            [sys.executable, "-m", "paciencia", "serve", "--port", bad, "--database", f"sqlite:///{tmp_path / 'x.db'}"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert p.returncode == 2 and "port" in p.stderr and "Traceback" not in p.stderr, (bad, p.stderr)
        assert not (tmp_path / "x.db").exists()


def test_a_blocked_position_written_as_playing_is_played_on_and_the_move_refused(tmp_path: Path) -> None:
    """``status=playing`` is taken for any position (its status comes from the cards): a move on
    it is refused with its reason (exit 1), not the file (exit 2). A claimed end must be true."""
    from tests.tables import BLOCKING_MOVE, CRESCENT_BLOCKED_IN_ONE

    blocked = run("play", "--position", "-", BLOCKING_MOVE, stdin=CRESCENT_BLOCKED_IN_ONE).stdout
    assert "status=blocked" in blocked.splitlines()[0]
    position = tmp_path / "blocked.txt"
    position.write_text(blocked.replace("status=blocked", "status=playing"), encoding="utf-8")
    refused = run("play", "--position", str(position), "2-3", "--lang", "pt-PT")
    assert refused.returncode == 1 and "2-3" in refused.stderr
    head, rest = CRESCENT_BLOCKED_IN_ONE.split("\n", 1)
    head = " ".join(t for t in head.split() if not t.startswith("status=")) + " status=won"
    position.write_text(head + "\n" + rest, encoding="utf-8")  # a claimed end that is not true
    assert run("play", "--position", str(position), "U").returncode == 2


def test_version_and_a_bare_command_say_what_they_should() -> None:
    """``--version`` names the version; a bare ``paciencia`` shows its help, not an error."""
    version = run("--version")
    assert version.returncode == 0 and version.stdout.startswith("paciencia ") and version.stdout.strip()[-1].isdigit()
    bare = run()
    assert bare.returncode == 0 and bare.stderr == ""
    assert bare.stdout.startswith("usage: paciencia") and "deal" in bare.stdout and "serve" in bare.stdout


def test_a_command_builds_its_own_parser_and_the_help_names_every_command() -> None:
    """A command's start-up builds its own options alone; ``--help`` and a misspelt command still
    name every command."""
    from paciencia.cli import COMMANDS, build_parser

    assert "deal" in build_parser("deal").format_help() and "serve" not in build_parser("deal").format_help()
    assert all(name in build_parser().format_help() for name in COMMANDS)
    assert "usage: paciencia deal" in run("deal", "--help").stdout
    helped = run("--help")
    assert helped.returncode == 0 and all(name in helped.stdout for name in COMMANDS)
    wrong = run("dael", "CR1-N-AAAAAAB")
    assert wrong.returncode == 2 and all(repr(name) in wrong.stderr for name in COMMANDS)


PLAIN_LINES = [
    ["deal", "CR1-N-AAAAAAB"],
    ["deal", "--describe", "KL1-3-AAAAAAB"],
    ["deal", "KL1-3-AAAAAAB", "--lang", "it", "--describe"],
    ["deal", "--lang=pt_br", "FC1-4-AAAAAAB"],
    ["deal", "--lang", " PT ", "x"],
    ["deal", ""],
    ["solve", "KL1-3-DJSLCWH"],
    ["solve"],
    ["solve", "--nodes", "2000", "KL1-3-DJSLCWH", "--timeout=2.5"],
    ["solve", "--timeout", "1e3", "X"],
]
ARGPARSE_LINES = [
    [],
    ["deal"],
    ["deal", "--desc", "CR1-N-AAAAAAB"],
    ["deal", "--describe=yes", "CR1-N-AAAAAAB"],
    ["deal", "--describe", "--describe", "CR1-N-AAAAAAB"],
    ["deal", "--lang", "xx", "CR1-N-AAAAAAB"],
    ["deal", "--lang=", "CR1-N-AAAAAAB"],
    ["deal", "--lang"],
    ["deal", "--lang", "--describe", "CR1-N-AAAAAAB"],
    ["deal", "CR1-N-AAAAAAB", "KL1-3-AAAAAAB"],
    ["deal", "-h"],
    ["deal", "--", "CR1-N-AAAAAAB"],
    ["deal", "-1"],
    ["solve", "--nodes", "0", "X"],
    ["solve", "--timeout", "-1", "X"],
    ["solve", "--position", "-"],
    ["solve", "--codes", "f"],
    ["play", "CR1-N-AAAAAAB"],
    ["dael", "CR1-N-AAAAAAB"],
]


@pytest.mark.parametrize("args", PLAIN_LINES + ARGPARSE_LINES)
def test_the_plainest_command_lines_are_read_as_argparse_reads_them(args: list[str]) -> None:
    """``deal`` and ``solve`` of a code are read without argparse (the start-up, issue 39) to the
    same options; every other line, and every one argparse refuses, is left to argparse."""
    from paciencia.cli import _plain, build_parser

    plain = _plain(args)
    assert (plain is not None) == (args in PLAIN_LINES)
    if plain is not None:
        assert vars(plain) == vars(build_parser(args[0]).parse_args(args))


@pytest.mark.parametrize("command", [["deal"], ["solve", "--nodes", "1000"]])
@pytest.mark.parametrize("name", list(GAMES))
def test_a_plain_deal_or_solve_imports_no_argparse_typing_nor_gettext(name: str, command: list[str]) -> None:
    """A deal's and a solve's start-up (issue 39): the command line read without argparse (nor
    the gettext and locale it loads), the engine's generics without typing
    (``engine/generics.py``), and no catalog opened for a table text or a verdict."""
    found = GAMES[name]
    code = f"{found.prefix}{found.game.version}-{next(iter(found.game.variants))}-AAAAAAB"
    args = [command[0], code, *command[1:]]
    script = f"import sys; from paciencia.cli import main; main({args!r}); print(sorted(sys.modules))"
    p = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    loaded = p.stdout.split("\n")[-2]
    assert found.game.__module__ in loaded
    assert [m for m in ("argparse", "paciencia.cli_parser", "typing", "gettext", "locale") if repr(m) in loaded] == []
