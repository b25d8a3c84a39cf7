"""``paciencia solve --codes``: many deals in one process, one JSON line each (PRODUCT.md §6)."""

import json
import subprocess
import sys
from pathlib import Path

from paciencia.games import new_state
from tests.solver.golden import rows as pinned_rows


def fastest(prefix: str, verdict: str, count: int = 1) -> list[str]:
    """The pinned deals' quickest of this variant and verdict (settled in milliseconds)."""
    rows = pinned_rows()
    found = sorted(
        (r for r in rows if r["code"].startswith(prefix) and r["verdict"] == verdict), key=lambda r: r["seconds"]
    )
    return [r["code"] for r in found[:count]]


def solve(*args: str, stdin: str | bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    data = stdin.encode() if isinstance(stdin, str) else stdin
    return subprocess.run(
        [sys.executable, "-m", "paciencia", "solve", *args], capture_output=True, input=data, timeout=120
    )


def records(p: subprocess.CompletedProcess[bytes]) -> list[dict[str, object]]:
    return [json.loads(line) for line in p.stdout.decode().splitlines()]


def replays_to_won(code: str, line: str) -> bool:
    state = new_state(code)
    for token in line.split():
        state.play(token)
    return bool(state.status == "won")


def test_winnable_unwinnable_and_malformed_lines_each_get_their_record_in_order() -> None:
    won = fastest("KL1-3", "winnable") + fastest("KL1-1", "winnable") + fastest("CR1-N", "winnable")
    lost = fastest("KL1-3", "unwinnable") + fastest("KL1-1", "unwinnable")
    bad = ["KL1-3-AAAAAA", "KL1-9-AAAAAAB", "hello", "CR1-N-AAAAAAB extra"]
    lines = [won[0], bad[0], lost[0], won[1], bad[1], "", bad[2], lost[1], won[2], bad[3]]
    p = solve("--codes", "-", "--timeout", "10", stdin="\n".join(lines) + "\n")
    assert p.returncode == 2, p.stderr  # a malformed line, and every other line still answered
    assert p.stderr == b""
    got = records(p)
    assert [r["code"] for r in got] == [c for c in lines if c]  # the blank line is skipped
    for r in got:
        if r["code"] in bad:
            assert set(r) == {"code", "error"} and str(r["error"]), r
        else:
            assert set(r) == {"code", "verdict", "seconds", "line"}
            assert isinstance(r["seconds"], float) and 0 <= r["seconds"] <= 10
    by_code = {r["code"]: r for r in got}
    for code in won:
        assert by_code[code]["verdict"] == "winnable"
        assert replays_to_won(code, str(by_code[code]["line"]))
    for code in lost:
        assert by_code[code]["verdict"] == "unwinnable" and by_code[code]["line"] == ""
    assert "not a deal code" in str(by_code["hello"]["error"])
    assert "variant" in str(by_code["KL1-9-AAAAAAB"]["error"])


def test_a_file_of_good_codes_exits_0_and_agrees_with_solve_code(tmp_path: Path) -> None:
    codes = fastest("KL1-3", "winnable", 3) + fastest("KL1-3", "unwinnable", 2)
    f = tmp_path / "codes.txt"
    f.write_text("\n".join(codes) + "\n", encoding="utf-8")
    p = solve("--codes", str(f))
    assert p.returncode == 0 and p.stderr == b""
    got = records(p)
    assert [r["verdict"] for r in got] == ["winnable"] * 3 + ["unwinnable"] * 2
    one = solve(codes[0])  # the one-deal command keeps its two-line output
    assert one.returncode == 0
    assert one.stdout.decode().splitlines() == ["winnable", got[0]["line"]]


def test_codes_read_from_their_letters_answer_as_each_code_alone() -> None:
    """A code whose head an earlier line read is read from its letters alone (``_solve_codes``):
    the same rows as each code solved by itself, in any case, bad letters still an error."""
    codes = ["FC1-4-AAAAAAB", "fc1-4-aaaaaac", "FC1-1-AAAAAAB", "FC1-4-AAAAAAD", "FC1-4-AAAAA1D", "FC1-4-AAAAAAAD"]
    codes += ["FC1-1-AAAAAAE", "Fc1-4-AAAAAAE", "KL1-3-AAAAAAB", "KL1-3-AAAAAAC"]
    p = solve("--codes", "-", "--nodes", "20000", stdin="\n".join(codes) + "\n")
    assert p.returncode == 2
    got = records(p)
    assert [r["code"] for r in got] == codes
    for r in got:
        alone = records(solve("--codes", "-", "--nodes", "20000", stdin=str(r["code"]) + "\n"))[0]
        assert {**r, "seconds": 0} == {**alone, "seconds": 0}
    assert [("error" in r) for r in got] == [False] * 4 + [True] * 2 + [False] * 4


def test_out_of_time_is_unknown_and_not_an_error() -> None:
    # A Crescent deal the pinned verdicts show needing far more than a millisecond.
    rows = pinned_rows()
    slow = max((r for r in rows if r["code"].startswith("CR1-N")), key=lambda r: r["seconds"])
    assert slow["seconds"] > 0.1
    p = solve("--codes", "-", "--timeout", "0.001", stdin=slow["code"] + "\n")
    assert p.returncode == 0
    assert records(p) == [{"code": slow["code"], "verdict": "unknown", "seconds": records(p)[0]["seconds"], "line": ""}]


def test_bytes_that_are_not_utf8_are_one_bad_line() -> None:
    good = fastest("KL1-3", "winnable")[0]
    p = solve("--codes", "-", stdin=b"\xff\xfe\n" + good.encode() + b"\n")
    assert p.returncode == 2
    got = records(p)
    assert "error" in got[0] and got[1]["verdict"] == "winnable"


def test_bad_arguments_exit_2_with_a_message_and_no_output(tmp_path: Path) -> None:
    p = solve("--codes", str(tmp_path / "missing.txt"))
    assert p.returncode == 2 and p.stdout == b""
    assert p.stderr.decode().startswith("paciencia: error: cannot read the codes file")
    p = solve(fastest("KL1-3", "winnable")[0], "--codes", "-", stdin="")
    assert p.returncode == 2 and p.stdout == b"" and b"only one of them" in p.stderr
    p = solve("--codes", "-", stdin="")
    assert p.returncode == 0 and p.stdout == b""  # nothing asked, nothing answered


def test_the_playing_commands_load_neither_the_site_nor_babel_nor_dask() -> None:
    heavy = {"fastapi", "starlette", "sqlalchemy", "jinja2", "uvicorn", "babel", "dask", "distributed"}
    for args in (
        ["solve", fastest("KL1-3", "winnable")[0]],
        ["deal", "CR1-N-AAAAAAB", "--describe"],
        ["play", "KL1-3-AAAAAAB", "D"],
    ):
        p = subprocess.run(
            [sys.executable, "-X", "importtime", "-m", "paciencia", *args], capture_output=True, text=True
        )
        assert p.returncode == 0, p.stderr
        loaded = {
            line.rsplit("|", 1)[1].strip().split(".")[0]
            for line in p.stderr.splitlines()
            if line.startswith("import time:")
        }
        assert "paciencia" in loaded and not loaded & heavy, (args, loaded & heavy)
