"""Offline play's files as the site sends them: Pyodide's, cut to what the engine runs on, and
each one compressed once (gzip at once, brotli in the background, kept on disk).

- **The standard library** (npm's ``python_stdlib.zip``, 9.6 MB of sources) is cut to the modules
  that can be imported from the engine's bundle and from Pyodide's own start: every ``import``
  statement of the bundle's sources, of Pyodide's own packages and of ``site``, followed through
  the library's sources, function bodies included (an import made late, on a rare path, is kept
  too), and the codecs a lookup by name may ask for. Left out however they are named:
  ``KEPT_OUT``, what a page's worker cannot run or never asks for (terminals and the REPL,
  debuggers and test runners, processes, servers, Windows). Its entries are stored, not
  deflated, so that the whole file compresses as one (x0.75 of the entries deflated one by one).
- **The lock file** names no package: the engine loads none (Pyodide reads only its ``info``).
- **Compressed once**: gzip when first asked (a second or so for the wasm), brotli at its best
  quality in a background thread (half a minute for the wasm), both kept in memory, brotli also
  on disk under its content's hash (``_packed_dir``), so that a restart does not make it again; until
  it is there, gzip is sent.

``runtime_version()``: npm's version and a hash of the files as sent, the URLs' segment, so that
a device keeps no cut of another version (its files are immutable for the browser).
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import re
import tempfile
import threading
import zipfile
from collections.abc import Iterable
from functools import cache
from pathlib import Path

import brotli  # type: ignore[import-untyped]

PACKAGE = Path(__file__).resolve().parents[2]
PYODIDE_DIR = Path(os.environ.get("PACIENCIA_PYODIDE", PACKAGE.parent / "offline" / "node_modules" / "pyodide"))
PYODIDE_FILES = {
    "pyodide.mjs": "text/javascript; charset=utf-8",
    "pyodide.asm.mjs": "text/javascript; charset=utf-8",
    "pyodide.asm.wasm": "application/wasm",
    "python_stdlib.zip": "application/zip",
    "pyodide-lock.json": "application/json",
}
"""What Pyodide loads to run the standard library alone (no package of its own is needed)."""

BUNDLED = ("__init__.py", "engine", "games", "solver", "play", "offline", "i18n/__init__.py")
"""The package's parts the browser runs, as they are (every ``.py`` under each folder named: the
solvers' C loops are not among them, and nothing that plays a move needs them). ``play/`` is
pure, so nothing of the site's stack is stubbed or stood in for."""

PYODIDE_OWN = ("pyodide", "_pyodide", "site")
"""Pyodide's own modules (whole) and what its start imports (``site``): roots of the cut."""

CODECS = (
    "aliases",
    "ascii",
    "charmap",
    "cp437",  # zipfile's names
    "idna",
    "latin_1",
    "punycode",
    "raw_unicode_escape",
    "unicode_escape",
    "utf_16",
    "utf_16_be",
    "utf_16_le",
    "utf_32",
    "utf_32_be",
    "utf_32_le",
    "utf_8",
    "utf_8_sig",
)
"""The codecs kept (``encodings`` finds a codec by name, which no import statement says)."""

KEPT_OUT = (
    "_pyrepl",
    "asyncio.proactor_events",
    "asyncio.windows_events",
    "asyncio.windows_utils",
    "bdb",
    "concurrent.futures.interpreter",
    "concurrent.futures.process",
    "concurrent.interpreters",
    "ctypes",
    "curses",
    "dbm",
    "doctest",
    "encodings._win_cp_codecs",
    "ftplib",
    "http.server",
    "idlelib",
    "imaplib",
    "mailbox",
    "multiprocessing",
    "pdb",
    "poplib",
    "pty",
    "pydoc",
    "pydoc_data",
    "rlcompleter",
    "smtplib",
    "socketserver",
    "sqlite3",
    "tkinter",
    "tty",
    "turtle",
    "turtledemo",
    "unittest",
    "webbrowser",
    "wsgiref",
    "xmlrpc",
)
"""What a page's worker never runs: the REPL and terminals, debuggers, doctest and unittest, help,
processes and subinterpreters, servers and mail, GUIs, sqlite3 (not in Pyodide's core), Windows.
Named lazily by a few kept modules (``site``'s REPL, ``heapq``'s self-test, ``platform``'s
ctypes, ``urllib.request``'s ftp), on paths offline play never takes."""

_IMPORT = re.compile(
    r"^[ \t]*(?:from[ \t]+([\w.]+)[ \t]+import[ \t]+(\([^)]*\)|[^\n#;]+)|import[ \t]+([^\n#;]+))", re.M
)


def imported(text: str, module: str, package: bool) -> set[str]:
    """Every module an ``import`` statement of ``text`` (``module``'s source) may name, absolute:
    ``from a import b`` names ``a`` and ``a.b`` (``b`` may be a submodule). A line that reads like
    one inside a string counts too: more is kept, never less."""
    here = module if package else module.rpartition(".")[0]
    found: set[str] = set()
    for source, names, plain in _IMPORT.findall(text):
        if plain:
            found.update(n.split(" as ")[0].strip() for n in plain.split(","))
            continue
        if source.startswith("."):
            base = here
            for _ in range(len(source) - len(source.lstrip(".")) - 1):
                base = base.rpartition(".")[0]
            source = f"{base}.{source.lstrip('.')}".strip(".")
        found.add(source)
        for name in names.strip("()").replace("\\", " ").replace("\n", " ").split(","):
            name = name.split(" as ")[0].strip()
            if name and name != "*":
                found.add(f"{source}.{name}")
    return {n for n in found if n}


def bundle_files() -> dict[str, bytes]:
    """The engine's bundle: each file's path in it (``paciencia/...``) and its source."""
    files: dict[str, bytes] = {}
    for part in BUNDLED:
        path = PACKAGE / part
        for f in [path] if path.is_file() else sorted(path.rglob("*.py")):
            files["paciencia/" + f.relative_to(PACKAGE).as_posix()] = f.read_bytes()
    return files


def stored_zip(files: Iterable[tuple[zipfile.ZipInfo | str, bytes]]) -> bytes:
    """A zip of ``files`` in their order, stored (compressed as a whole on the way), dated alike:
    the same files give the same bytes."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as z:
        for entry, data in files:
            name = entry.filename if isinstance(entry, zipfile.ZipInfo) else entry
            info = zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0))
            info.external_attr = 0o40755 << 16 | 0x10 if name.endswith("/") else 0o644 << 16
            z.writestr(info, data, compress_type=zipfile.ZIP_STORED)
    return buf.getvalue()


def _kept_out(module: str) -> bool:
    return any(module == k or module.startswith(k + ".") for k in KEPT_OUT)


def stdlib_modules(sources: dict[str, str], roots: Iterable[str]) -> set[str]:
    """The files of ``sources`` (the library's: each ``.py`` file's path and source) reached from
    ``roots`` (modules) through their imports (and each one's packages), ``KEPT_OUT`` left out."""
    paths = {m: p for p in sources if (m := _module(p)) is not None}
    kept: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        parts = name.split(".")
        for i in range(1, len(parts) + 1):
            module = ".".join(parts[:i])
            if module in kept or module not in paths or _kept_out(module):
                continue
            kept.add(module)
            path = paths[module]
            todo.extend(imported(sources[path], module, path.endswith("/__init__.py")) - kept)
    return {paths[m] for m in kept}


def _module(path: str) -> str | None:
    if not path.endswith(".py"):
        return None
    name = path[:-3].replace("/", ".")
    return name.removesuffix(".__init__")


@cache
def stdlib_zip() -> bytes:
    """npm's standard library cut to what offline play can import (see the module's doc)."""
    with zipfile.ZipFile(PYODIDE_DIR / "python_stdlib.zip") as z:
        infos = z.infolist()
        data = {i.filename: z.read(i) for i in infos if not i.is_dir()}
    sources = {p: d.decode("utf-8", "replace") for p, d in data.items() if p.endswith(".py")}
    modules = {_module(p) or "" for p in sources}
    roots = {m for m in modules if m.split(".")[0] in PYODIDE_OWN or m.startswith("_sysconfigdata")}
    roots |= {f"encodings.{c}" for c in CODECS}
    for path, source in bundle_files().items():
        roots |= imported(source.decode(), _module(path) or "", path.endswith("/__init__.py"))
    files = stdlib_modules(sources, roots)
    folders = {f"{p.rsplit('/', 1)[0]}/" for p in files if "/" in p}
    return stored_zip((i, data.get(i.filename, b"")) for i in infos if i.filename in files | folders)


@cache
def lock_file() -> bytes:
    """Pyodide's lock file naming no package (its ``info`` only): the engine loads none."""
    lock = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_bytes())
    return json.dumps({"info": lock["info"], "packages": {}}, separators=(",", ":")).encode()


@cache
def pyodide_version() -> str | None:
    """The installed Pyodide's version, or None when it is not installed."""
    try:
        version = json.loads((PYODIDE_DIR / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        return None
    if not all((PYODIDE_DIR / name).is_file() for name in PYODIDE_FILES):
        return None
    return str(version)


def pyodide_body(name: str) -> bytes:
    """A Pyodide file as the site sends it (before compression)."""
    if name == "python_stdlib.zip":
        return stdlib_zip()
    if name == "pyodide-lock.json":
        return lock_file()
    return (PYODIDE_DIR / name).read_bytes()


@cache
def runtime_version() -> str | None:
    """The URLs' segment for Pyodide's files: npm's version and a hash of the files cut here."""
    version = pyodide_version()
    if version is None:
        return None
    digest = hashlib.sha256(stdlib_zip() + lock_file()).hexdigest()[:10]
    return f"{version}-{digest}"


# -- compressed once ------------------------------------------------------------------------


@cache
def _packed_dir() -> Path:
    """Where brotli's bodies are kept: beside Pyodide (npm's folder, gone with it), else a
    temporary folder."""
    for folder in (PYODIDE_DIR.parent / ".paciencia-packed", Path(tempfile.gettempdir()) / "paciencia-packed"):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            if os.access(folder, os.W_OK):
                return folder
        except OSError:
            continue
    raise OSError("no folder to keep compressed files in")


class Packed:
    """One body as it is, gzipped, and in brotli once that is made (``br``: None until then)."""

    def __init__(self, body: bytes) -> None:
        self.body = body
        self.gzip = gzip.compress(body, compresslevel=9, mtime=0)
        self.key = hashlib.sha256(body).hexdigest()[:24]
        self.br: bytes | None = None
        self._making = False
        self._lock = threading.Lock()
        path = self._path()
        if path is not None and path.is_file():
            kept = path.read_bytes()
            try:  # the file's name is its input's hash: what it holds is checked, not trusted
                self.br = kept if brotli.decompress(kept) == body else None
            except brotli.error:
                self.br = None

    def _path(self) -> Path | None:
        try:
            return _packed_dir() / f"{self.key}.br"
        except OSError:
            return None

    def make_br(self) -> bytes:
        """Brotli at its best quality, made here (and kept on disk) unless it is already."""
        if self.br is None:
            made = bytes(brotli.compress(self.body, quality=11))
            path = self._path()
            if path is not None:
                try:  # written whole, then named: another process reads all or nothing
                    part = path.with_suffix(f".{os.getpid()}.part")
                    part.write_bytes(made)
                    part.replace(path)
                except OSError:
                    pass
            self.br = made
        return self.br

    def br_soon(self) -> bytes | None:
        """Brotli's body if made, else None, and it is made in the background (once)."""
        with self._lock:
            if self.br is None and not self._making:
                self._making = True
                threading.Thread(target=self.make_br, name=f"brotli {self.key}", daemon=True).start()
        return self.br

    def answer(self, accepted: set[str]) -> tuple[bytes, str | None]:
        """The body to send a client accepting ``accepted`` encodings, and its encoding."""
        if len(self.gzip) >= len(self.body):  # too small to gain anything
            return self.body, None
        if "br" in accepted and (br := self.br_soon()) is not None:
            return br, "br"
        if "gzip" in accepted:
            return self.gzip, "gzip"
        return self.body, None


_PACKED: dict[str, Packed] = {}
_PACKING = threading.Lock()


def packed(name: str, make: bytes | None = None) -> Packed:
    """``name``'s body (a Pyodide file, or ``make``), compressed once (the first asker waits for
    gzip; brotli follows)."""
    with _PACKING:
        found = _PACKED.get(name)
        if found is None:
            found = _PACKED[name] = Packed(make if make is not None else pyodide_body(name))
        return found
