"""``paciencia serve``: its options, its default database, and its refusal of a bad one."""

from __future__ import annotations

from pathlib import Path

import pytest

from paciencia.cli import build_parser, main
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
    assert err.startswith("paciencia: error: cannot open the database") and "Traceback" not in err
