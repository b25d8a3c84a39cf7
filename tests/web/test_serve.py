"""``paciencia serve``: its options, its default database, and its refusal of a bad one."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from paciencia.cli import _shown_url, build_parser, main
from paciencia.web.settings import Settings, data_dir


def test_serve_options() -> None:
    ns = build_parser().parse_args(["serve"])
    assert (ns.host, ns.port, ns.database) == ("127.0.0.1", 8000, None)
    ns = build_parser().parse_args(["serve", "--host", "0.0.0.0", "--port", "9000", "--database", "sqlite://"])
    assert (ns.host, ns.port, ns.database) == ("0.0.0.0", 9000, "sqlite://")


def test_default_database_is_sqlite_in_the_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert data_dir() == tmp_path / "paciencia"
    assert Settings().database_url == f"sqlite:///{tmp_path / 'paciencia' / 'paciencia.sqlite3'}"
    assert (tmp_path / "paciencia").is_dir()


def test_a_bad_database_url_is_refused_without_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--database", "nope://"]) == 2
    err = capsys.readouterr().err
    opening, refused = err.splitlines()
    assert opening == "paciencia: opening the database nope:// (making or migrating its tables)"
    assert refused.startswith("paciencia: error: cannot open the database") and "Traceback" not in err


def _serve(tmp_path: Path, port: int, port_wait: float | None = None) -> subprocess.Popen[str]:
    cmd = [sys.executable, "-m", "paciencia", "serve", "--port", str(port), "--database", f"sqlite:///{tmp_path}/s.db"]
    env = dict(os.environ)
    if port_wait is not None:
        env["PACIENCIA_PORT_WAIT"] = str(port_wait)
    return subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True, env=env)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_serve_says_what_it_does_then_where_it_listens(tmp_path: Path) -> None:
    """Issue 22: a first start was silent; the line naming the address comes once it is true."""
    port = _free_port()
    proc = _serve(tmp_path, port)
    try:
        assert proc.stderr is not None
        opening = f"paciencia: opening the database sqlite:///{tmp_path}/s.db (making or migrating its tables)"
        assert proc.stderr.readline() == opening + "\n"
        listening = proc.stderr.readline()
        assert listening == f"paciencia: playing at http://127.0.0.1:{port}/ (Ctrl+C stops)\n"
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/en/", timeout=30) as res:  # bound: it answers
            assert res.status == 200
    finally:
        proc.terminate()
        proc.communicate(timeout=30)


def test_a_port_already_taken_is_said_plainly(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = _serve(tmp_path, port, port_wait=1.0)  # it waits for the port (30 s unless told), then says why
        _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2
    assert f"paciencia: port {port} is in use; waiting for it" in err
    assert f"paciencia: port {port} is in use; choose another with --port" in err
    assert f"paciencia: error: cannot listen on 127.0.0.1:{port}: " in err and "Traceback" not in err
    assert "playing at" not in err


def test_a_database_password_is_never_printed() -> None:
    assert (
        _shown_url("postgresql://paciencia:s3cret@db.local:5432/games")
        == "postgresql://paciencia:***@db.local:5432/games"
    )
    assert _shown_url("postgresql://paciencia@db.local/games") == "postgresql://paciencia@db.local/games"
    assert _shown_url("sqlite:////tmp/a@b.db") == "sqlite:////tmp/a@b.db"
