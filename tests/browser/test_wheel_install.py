"""What a player gets from a built wheel, not from the checkout: the wheel is built from a copy of
the sources, installed (not editable) into a fresh virtual environment, and its ``paciencia serve``
started from a folder outside the checkout; every registered game's table then opens in Chromium
and takes a move. An editable install serves the checkout's files and hides any asset that the
package data leaves out of the wheel (a layout module, a game's stylesheet or templates)."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.error
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError

from paciencia.games import REGISTRY
from tests.browser.conftest import open_table, place

ROOT = Path(__file__).resolve().parents[2]
NOT_SOURCES = shutil.ignore_patterns(
    ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", "*.so", "node_modules", ".*_cache", ".hypothesis"
)


def run(*args: str | Path, cwd: Path) -> None:
    done = subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"{args} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"


def built_wheel(work: Path) -> Path:
    """The wheel of a copy of the checkout (no build products of the checkout's own), built by
    the project's setuptools without the network (the pinned one: pyproject's dev extra)."""
    source = work / "source"
    shutil.copytree(ROOT, source, ignore=NOT_SOURCES)
    dist = work / "dist"
    run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", dist, source, cwd=work)
    (wheel,) = dist.glob("paciencia-*.whl")
    return wheel


def fresh_venv(work: Path, wheel: Path) -> Path:
    """A new virtual environment with the wheel installed; its dependencies are read from the
    project's environment (a path file: that environment's own path files, the editable
    install's among them, are not run, so the only ``paciencia`` found is the wheel's)."""
    venv = work / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=work)
    python = venv / "bin" / "python"
    run(sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-index", "--no-deps", wheel, cwd=work)
    site = Path(
        subprocess.check_output(
            [python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], text=True
        ).strip()
    )
    (site / "project-dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n")
    where = subprocess.check_output([python, "-c", "import paciencia; print(paciencia.__file__)"], cwd=work, text=True)
    assert Path(where.strip()).is_relative_to(venv), where
    return venv


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=5) as res:
            return bool(res.status == 200)
    except (urllib.error.URLError, OSError):
        return False


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built_wheel(tmp_path_factory.mktemp("wheel"))


def test_the_wheel_holds_every_file_of_the_package(wheel: Path) -> None:
    """Every file under paciencia/ (but the C sources, compiled into it): what the package data
    globs miss is missing from a wheel install alone."""
    source = wheel.parent.parent / "source"
    files = {
        p.relative_to(source).as_posix()
        for p in (source / "paciencia").rglob("*")
        if p.is_file() and p.suffix not in (".c", ".h")
    }
    with zipfile.ZipFile(wheel) as z:
        held = set(z.namelist())
    assert sorted(files - held) == []
    assert any(re.fullmatch(r"paciencia/games/[a-z]+/_search\.cpython-.*\.so", n) for n in held)


@pytest.fixture(scope="module")
def installed_site(wheel: Path) -> Iterator[str]:
    work = wheel.parent.parent
    venv = fresh_venv(work, wheel)
    home = work / "home"  # the server's data folder and secret: not the user's
    home.mkdir()
    env = {"PATH": os.environ.get("PATH", ""), "HOME": str(home), "XDG_DATA_HOME": str(home)}
    log = work / "serve.log"
    for _attempt in range(3):  # a port taken between the choice and the listen: another port
        port = free_port()
        with log.open("w") as out:
            server = subprocess.Popen(
                [
                    venv / "bin" / "paciencia",
                    "serve",
                    "--port",
                    str(port),
                    "--database",
                    f"sqlite:///{work / 'site.db'}",
                ],
                cwd=home,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 120  # a loaded machine: the first start migrates the database
        while server.poll() is None and time.monotonic() < deadline and not answers(url + "/en/"):
            time.sleep(0.2)
        if server.poll() is None and answers(url + "/en/"):
            break
        server.kill()
        server.wait()
        if "cannot listen" not in log.read_text():
            pytest.fail(f"the installed server did not start:\n{log.read_text()[-3000:]}")
    else:
        pytest.fail(f"the installed server found no port:\n{log.read_text()[-3000:]}")
    try:
        yield url
    finally:
        server.terminate()
        server.wait(timeout=30)


def one_move(page: Page, view: dict[str, object]) -> None:
    """Any move the view offers, by taps: a place's own tap (Klondike's stock), else a card to
    one of its destinations (the first place that has any)."""
    taps = view["taps"]
    dests = view["dests"]
    assert isinstance(taps, dict) and isinstance(dests, dict)
    if taps:
        place(page, next(iter(taps))).click()
        return
    src, to = next((s, d) for s, d in dests.items() if "x" not in s)  # a whole-place move, not a run
    cards = place(page, src).locator(".card")
    (cards.last if cards.count() else place(page, src)).click()
    if len(to) > 1:  # one destination: the tap has played it already
        place(page, to[0]).click()


@pytest.mark.parametrize("name", list(REGISTRY))
def test_a_wheel_install_serves_every_table_that_starts_and_plays(
    browser: Browser, installed_site: str, name: str
) -> None:
    context = browser.new_context(base_url=installed_site)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 400 else None)
        page.set_default_timeout(20_000)
        try:
            view = open_table(page, name, {"game": name})  # waits for the table's data-ready
        except PlaywrightError as e:
            pytest.fail(f"the {name} table never started ({errors}): {e.message.splitlines()[0]}")
        expect(page.locator(".place .card").first).to_be_visible()
        counter = page.locator("#" + REGISTRY[name].table.counters[0][2])
        expect(counter).to_have_text("0")
        one_move(page, view)
        expect(counter).to_have_text("1", timeout=20_000)
        assert not errors, errors
    finally:
        context.close()
