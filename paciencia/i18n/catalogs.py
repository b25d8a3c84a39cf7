"""Where the catalogs are and how they are kept: the site's and one per game package.

The site's catalog (``paciencia/i18n/locales``) holds every msgid marked outside a game's
package; a game's (``paciencia/games/<name>/locales``) holds those only its own package marks.
Game packages are found by globbing (``paciencia/games/*/__init__.py``), never by a list of names.

``python -m paciencia.i18n.catalogs`` (``scripts/extract-messages``) writes each catalog's
template (``messages.pot``) from the code, then puts every translated entry in the catalog its
msgid now belongs to, moving entries verbatim between the site's catalogs and the games' (so a
string added to the site's catalogs for a game's code moves to the game's on the next run),
adding an empty entry for a new msgid and dropping the entries no code marks any more (it
names both). Run it after merging catalogs: it is idempotent.

Babel is imported here, so only the scripts and the tests import this module.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

from paciencia.engine.record import dataclass
from paciencia.i18n import CATALOG_DIR, DOMAIN, LOCALES, catalog_path

PACKAGE = CATALOG_DIR.parents[1]
"""The ``paciencia`` package folder."""
GAMES_DIR = PACKAGE / "games"
KEYWORDS: dict[str, Any] = {
    "_": None,
    "N_": None,
    "n_": (1, 2),
    "p_": ((1, "c"), 2),
    "NP_": ((1, "c"), 2),
    "NN_": (1, 2),
}
"""The marking functions (``paciencia.i18n``, ``paciencia.play.words``) and their arguments."""

Key = tuple[str | None, str]
"""A catalog entry: (context, msgid; the singular of a counted one)."""


@dataclass(frozen=True)
class Scope:
    """One catalog: the code whose msgids it holds and where its files are."""

    name: str
    """``site``, or the game package's folder name."""
    code: Path
    locales: Path
    excluded: tuple[Path, ...] = ()
    """Folders under ``code`` whose msgids belong to other catalogs."""

    @property
    def template(self) -> Path:
        return self.locales.parent / f"{DOMAIN}.pot"

    def po(self, locale: str) -> Path:
        return catalog_path(self.locales, locale)

    def sources(self) -> Iterator[Path]:
        for path in sorted(self.code.rglob("*.py")):
            if not any(path.is_relative_to(x) for x in self.excluded):
                yield path


def game_packages() -> list[Path]:
    """Every game package's folder (one with an ``__init__.py`` under ``paciencia/games``)."""
    return sorted(p.parent for p in GAMES_DIR.glob("*/__init__.py"))


def scopes() -> list[Scope]:
    """The site's catalog first, then each game package's."""
    games = game_packages()
    site = Scope("site", PACKAGE, CATALOG_DIR, tuple(games))
    return [site, *(Scope(g.name, g, g / "locales") for g in games)]


def _key(message_id: str | tuple[str, ...] | list[str], context: str | None) -> Key:
    return (context, message_id if isinstance(message_id, str) else message_id[0])


def extract(scope: Scope) -> Catalog:
    """The msgids the scope's code marks, as a template catalog."""
    catalog = Catalog(domain=DOMAIN, project="paciencia")
    for path in scope.sources():
        for _lineno, message, _comments, context in extract_from_file("python", str(path), keywords=KEYWORDS):
            catalog.add(message, context=context)
    return catalog


def templates() -> dict[Scope, Catalog]:
    """Each scope's template: what its code marks, less what the site's code marks too (one
    msgid, one catalog). A msgid two game packages mark belongs to the shared vocabulary
    (``paciencia/games/pile_words.py``): it is an error here."""
    found = {scope: extract(scope) for scope in scopes()}
    site, *games = found
    taken = {_key(m.id, m.context) for m in found[site] if m.id}
    owner: dict[Key, str] = {}
    for scope in games:
        catalog = found[scope]
        for m in list(catalog):
            if not m.id:
                continue
            key = _key(m.id, m.context)
            if key in taken:
                catalog.delete(m.id, context=m.context)
            elif key in owner:
                raise ValueError(f"{key[1]!r} is marked by both {owner[key]} and {scope.name}: give it to the site")
            else:
                owner[key] = scope.name
    return found


def template_text(catalog: Catalog) -> bytes:
    buf = BytesIO()
    write_po(buf, catalog, omit_header=True, sort_output=True, no_location=True)
    return buf.getvalue()


# -- the .po files, entry by entry ---------------------------------------------------------------


def _blocks(text: str) -> tuple[str, list[str]]:
    """A .po file's header and its entries, each as written (comments and flags included)."""
    parts = [b for b in text.strip("\n").split("\n\n") if b.strip()]
    return parts[0], parts[1:]


def _block_key(block: str) -> Key:
    with BytesIO(('msgid ""\nmsgstr ""\n\n' + block + "\n").encode()) as f:
        entries = [m for m in read_po(f) if m.id]
    assert len(entries) == 1, block
    return _key(entries[0].id, entries[0].context)


def _new_block(template: Catalog, key: Key) -> str:
    message = template.get(key[1], context=key[0])
    assert message is not None, key
    one = Catalog()
    one.add(message.id, context=message.context, flags=message.flags)
    buf = BytesIO()
    write_po(buf, one, omit_header=True, no_location=True)
    return buf.getvalue().decode().strip("\n")


@dataclass
class Report:
    moved: list[tuple[str, str, str]]
    """(msgid, from catalog, to catalog), once per msgid."""
    added: list[tuple[str, str]]
    """(catalog, msgid) with no translation yet."""
    dropped: list[tuple[str, str]]
    """(catalog, msgid) that no code marks any more."""
    conflicts: list[tuple[str, str]]
    """(catalog, msgid) whose entry differed from one met earlier (the site's first): dropped."""


def split() -> Report:
    """Writes every template, and every locale's entries in the catalogs their msgids belong to."""
    found = templates()
    for scope, catalog in found.items():
        scope.template.parent.mkdir(parents=True, exist_ok=True)
        scope.template.write_bytes(template_text(catalog))
    wanted = {scope: [_key(m.id, m.context) for m in catalog if m.id] for scope, catalog in found.items()}
    home = {key: scope for scope, keys in wanted.items() for key in keys}
    report = Report([], [], [], [])
    site = next(iter(found))
    for locale in LOCALES:
        header = ""
        pool: dict[Key, tuple[str, Scope]] = {}
        for scope in found:
            path = scope.po(locale)
            if not path.exists():
                continue
            head, blocks = _blocks(path.read_text(encoding="utf-8"))
            if scope is site:
                header = head
            for block in blocks:
                key = _block_key(block)
                if key in pool and pool[key][0] != block:
                    report.conflicts.append((f"{scope.name} {locale}", key[1]))  # the first one found is kept
                pool.setdefault(key, (block, scope))
        for key, (_block, was) in pool.items():
            now = home.get(key)
            if now is None:
                if locale == LOCALES[0]:
                    report.dropped.append((was.name, key[1]))
            elif now is not was and locale == LOCALES[0]:
                report.moved.append((key[1], was.name, now.name))
        for scope, keys in wanted.items():
            if not keys and not scope.po(locale).exists():
                continue
            order = [k for k in pool if home.get(k) is scope] + [k for k in keys if k not in pool]
            blocks = []
            for key in order:
                if key in pool:
                    blocks.append(pool[key][0])
                else:
                    blocks.append(_new_block(found[scope], key))
                    report.added.append((f"{scope.name} {locale}", key[1]))
            path = scope.po(locale)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("\n\n".join([header, *blocks]) + "\n", encoding="utf-8")
    return report


def all_catalogs() -> list[tuple[Scope, str, Path]]:
    """(scope, locale, .po path) of every catalog there is."""
    return [(s, loc, s.po(loc)) for s in scopes() for loc in LOCALES if s.po(loc).exists()]


def main() -> int:
    report = split()
    for msgid, was, now in report.moved:
        print(f"moved from {was} to {now}: {msgid!r}")
    for where, msgid in report.added:
        print(f"new in {where}, to translate: {msgid!r}")
    for where, msgid in report.dropped:
        print(f"dropped from {where} (no code marks it): {msgid!r}")
    for where, msgid in report.conflicts:
        print(f"a second, different entry in {where}, dropped (check the one kept): {msgid!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
