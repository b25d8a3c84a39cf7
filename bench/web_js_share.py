"""How much of each table's JavaScript is its own: the bytes of the modules that only one game's
table loads, as a share of all the JavaScript that table loads (target: <= 25% for each table).

Run: .venv/bin/python bench/web_js_share.py
Fetches each table page from the app (in process, a new SQLite file): Crescent's
(``/en/crescent``) and Klondike's (``/en/klondike``), following redirects. A page's JavaScript
is every ``<script src>`` and ``<link rel="modulepreload" href>`` it names, and, recursively,
every module those name: static ``import … from "./x.js"``, ``import "./x.js"`` and
``export … from "./x.js"``, and dynamic ``import("./x.js")`` with a literal (comments are skipped;
inline scripts count for what they import, not for their own bytes). Bytes are as served,
uncompressed. A module is specific to a game when the other table does not load it; a table's
share is its specific bytes over its JavaScript bytes. Exits 1 when a share is over the target.
"""

from __future__ import annotations

import re
import sys
import tempfile
from html.parser import HTMLParser
from urllib.parse import urljoin

from fastapi.testclient import TestClient

from paciencia.web import Settings, create_app

TARGET = 0.25
TABLES = {"crescent": "/en/crescent", "klondike": "/en/klondike"}
COMMENTS = re.compile(r"/\*.*?\*/|(?:^|(?<=\s))//[^\n]*", re.S | re.M)
IMPORTS = re.compile(
    r"""\b(?:from|import)\s*["'`]([^"'`]+)["'`]"""  # import … from "x", import "x", export … from "x"
    r"""|\bimport\s*\(\s*["'`]([^"'`$]+)["'`]\s*\)"""  # import("x")
)
JS_TYPES = {"", "module", "text/javascript", "application/javascript"}


class Page(HTMLParser):
    """The JavaScript a page names: script sources and module preloads, and inline scripts' code."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.inline: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "script":
            if "src" in a:
                self.links.append(a["src"])
            else:
                self._in_script = a.get("type", "").strip().lower() in JS_TYPES
        elif tag == "link" and "modulepreload" in a.get("rel", "").lower().split() and a.get("href"):
            self.links.append(a["href"])

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script:
            self.inline.append(data)


def imports(base: str, code: str) -> list[str]:
    """The URLs of the modules ``code`` (served at ``base``) imports, statically or dynamically."""
    found = []
    for static, dynamic in IMPORTS.findall(COMMENTS.sub("", code)):
        spec = static or dynamic
        if not spec.startswith(("./", "../", "/")):
            sys.exit(f"{base}: cannot follow the import of {spec!r} (not a relative URL)")
        found.append(urljoin(base, spec))
    return found


def scripts(client: TestClient, path: str) -> tuple[str, dict[str, int]]:
    """The table page at ``path`` (its path after redirects) and the bytes of each JavaScript file
    it loads, by URL path."""
    res = client.get(path, follow_redirects=True)
    assert res.status_code == 200, path
    page_path = str(res.url.path)
    parser = Page()
    parser.feed(res.text)
    todo = [urljoin(page_path, u) for u in parser.links]
    for code in parser.inline:
        todo += imports(page_path, code)
    sizes: dict[str, int] = {}
    while todo:
        url = todo.pop()
        if url in sizes:
            continue
        got = client.get(url)
        assert got.status_code == 200, url
        sizes[url] = len(got.content)
        todo += imports(url, got.text)
    return page_path, sizes


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(Settings(database_url=f"sqlite:///{tmp}/w.db"))
        with TestClient(app, base_url="http://127.0.0.1") as client:
            loaded = {game: scripts(client, path) for game, path in TABLES.items()}
    ok = True
    for game, (page_path, sizes) in loaded.items():
        others = {url for g, (_, s) in loaded.items() if g != game for url in s}
        specific = {url: size for url, size in sizes.items() if url not in others}
        total = sum(sizes.values())
        own = sum(specific.values())
        share = own / total if total else 0.0
        print(f"{game} table ({page_path}):")
        for url, size in sorted(sizes.items(), key=lambda kv: -kv[1]):
            print(f"  {size:8,d} B  {url}{'  (specific)' if url in specific else ''}")
        print(f"{game}: JavaScript loaded: {total:,d} B in {len(sizes)} file{'s' if len(sizes) != 1 else ''}")
        print(f"{game}: specific to this game: {own:,d} B in {len(specific)} file{'s' if len(specific) != 1 else ''}")
        print(f"{game}: share specific to this game: {100 * share:.1f} % (target <= {100 * TARGET:.0f} %)")
        ok &= share <= TARGET
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
