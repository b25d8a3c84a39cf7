"""The catalogs read as a fluent reader would have them: counted words in their plural forms, one
register (tú, tu; pt-BR's você), Italian's typographic apostrophe, one word per thing, and a
selection word that agrees with the place it names."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from paciencia.engine.protocol import PlaceInfo, Role
from paciencia.i18n import LOCALES, Words, vocabulary
from paciencia.i18n.catalogs import scopes
from paciencia.play.words import counted_keys, plural_words, say, ui_words

TRANSLATED = [loc for loc in LOCALES if loc != "en"]
SELECTED = vocabulary().words.selected


def _catalog(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f)


def _pos(locale: str) -> list[Catalog]:
    """The locale's catalogs: the site's and each game package's."""
    return [_catalog(scope.po(locale)) for scope in scopes()]


def _strings(locale: str) -> list[tuple[str, str]]:
    """(msgid, each translated form) of a locale's catalogs."""
    found = []
    for m in (m for po in _pos(locale) for m in po):
        if not m.id:
            continue
        msgid = m.id if isinstance(m.id, str) else m.id[0]
        for s in m.string if isinstance(m.string, tuple) else (m.string,):
            found.append((msgid, str(s)))
    return found


@pytest.mark.parametrize("locale", LOCALES)
def test_every_catalog_has_the_plural_rule_the_page_applies(locale: str) -> None:
    """The table's script picks [one, other] by n != 1 (state.js, ``counted``)."""
    assert [po.plural_forms for po in _pos(locale)] == ["nplurals=2; plural=(n != 1);"] * len(scopes())


# A number placeholder followed by a word ("%(count)s games", "%(total)s layouts") is a count
# that needs its plural forms.
NUMBER_THEN_WORD = re.compile(r"%\((count|total|players|won|lost|left)\)[sd] [^\W\d]")


def test_no_singular_message_counts_something() -> None:
    singular = [m.id for s in scopes() for m in _catalog(s.template) if isinstance(m.id, str) and m.id]
    counting = [msgid for msgid in singular if NUMBER_THEN_WORD.search(msgid)]
    assert counting == [], "these need NN_ (their plural forms)"


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("key", sorted(counted_keys()))
def test_counted_words_take_the_form_of_their_number(locale: str, key: str) -> None:
    words = Words(locale)
    kw = {"percent": 40, "share": "50%", "won": 1, "lost": 0, "left": 0, "card": "7", "place": "cascade 5"}
    one, two = (say(words, key, count=n, **kw) for n in (1, 2))
    assert one.replace("1", "2") != two, f"{locale}: {key} has one form for 1 and 2"
    assert "%(" not in one + two


def test_the_page_gets_both_forms_of_its_counted_words() -> None:
    for locale in LOCALES:
        forms = plural_words(locale)
        assert set(forms) >= {"picker_count", "picked_run", "finished"}
        assert all(len(f) == 2 and f[0] != f[1] for f in forms.values())
    assert plural_words("es")["picker_count"] == ["%(count)s carta", "%(count)s cartas"]


def test_the_statistics_say_the_last_game_in_the_singular() -> None:
    """Issue 22: "Of the last 1 games"."""
    assert say(Words("en"), "recent_summary", count=1, won=1, lost=0, left=0) == (
        "The last game — won: 1, lost: 0, left for a new one: 0."
    )
    assert say(Words("en"), "chance_text", percent=100, count=1).endswith("(1 layout tried)")


# Formal address: usted (es), voi or Lei (it), o senhor (pt). pt-BR's você is its informal
# address; pt-PT keeps the impersonal third person of its seed ("escolha outro destino").
FORMAL = {
    "es": r"\b(usted|ustedes|pulse|pulsen|elija|intente|inténtelo|espere|empiece|deshaga|seleccione|vuelva|pruebe)\b",
    "it": r"\b(premete|scegliete|riprovate|attendete|toccate|potete|dovete|avete|siete|vostr[oaie]"
    r"|prema|scelga|riprovi|tocchi|attenda)\b",
    "pt-PT": r"\b(o senhor|a senhora|vossa|vós)\b",
    "pt-BR": r"\b(o senhor|a senhora|vossa|vós)\b",
}


@pytest.mark.parametrize("locale", TRANSLATED)
def test_one_register_throughout(locale: str) -> None:
    formal = re.compile(FORMAL[locale], re.IGNORECASE)
    found = [(msgid, s) for msgid, s in _strings(locale) if formal.search(s)]
    assert found == []


def test_italian_uses_the_typographic_apostrophe() -> None:
    assert [(msgid, s) for msgid, s in _strings("it") if "'" in s] == []


# One word per thing in each language: the solver, and "winnable" (a made-up word in es and pt).
ONE_WORD = {
    "es": ("solucionador", ["resolvedor", "resolutor", "ganable"]),
    "pt-PT": ("solucionador", ["resolvedor", "ganhável", "vencível"]),
    "pt-BR": ("solucionador", ["resolvedor", "ganhável", "vencível"]),
    "it": ("risolutore", ["solutore", "risolvitore"]),
}


@pytest.mark.parametrize("locale", TRANSLATED)
def test_one_word_for_the_solver(locale: str) -> None:
    word, others = ONE_WORD[locale]
    strings = [s.lower() for _msgid, s in _strings(locale)]
    assert any(word in s for s in strings)
    other = re.compile(rf"\b({'|'.join(others)})\b")
    assert [s for s in strings if other.search(s)] == []


@pytest.mark.parametrize("locale", LOCALES)
def test_moves_and_games_played_are_two_words(locale: str) -> None:
    """es "Jugadas" was both the move counter and the games played, on one page."""
    ui = ui_words(locale)
    assert len({ui["moves"], ui["played"], ui["history"]}) == 3


# The noun that starts each place's description, and its gender: the selection word agrees.
NOUNS = {
    "es": {"pila": "f", "columna": "f", "cimiento": "m", "mazo": "m", "descarte": "m", "celda": "f", "carta": "f"},
    "it": {"pila": "f", "colonna": "f", "fondazione": "f", "mazzo": "m", "scarti": "mpl", "cella": "f", "carta": "f"},
    "pt-PT": {"pilha": "f", "coluna": "f", "fundação": "f", "monte": "m", "descarte": "m", "célula": "f", "carta": "f"},
    "pt-BR": {"pilha": "f", "coluna": "f", "fundação": "f", "monte": "m", "descarte": "m", "célula": "f", "carta": "f"},
    "en": {
        **dict.fromkeys(("pile", "column", "ascending", "descending", "foundation", "stock", "waste"), ""),
        **dict.fromkeys(("free", "cascade", "card"), ""),
    },
}
AGREES = {
    "es": {"f": "seleccionada", "m": "seleccionado"},
    "it": {"f": "selezionata", "m": "selezionato", "mpl": "selezionati"},
    "pt-PT": {"f": "selecionada", "m": "selecionado"},
    "pt-BR": {"f": "selecionada", "m": "selecionado"},
    "en": {"": "selected"},
}
PLACES = {
    "pile": PlaceInfo("1", "pile", 3, number=1, cards=(5,)),
    "asc": PlaceInfo("As", "asc", 2, suit=0, cards=(1,), role=Role.FOUNDATION),
    "desc": PlaceInfo("Ks", "desc", 2, suit=0, cards=(11,), role=Role.FOUNDATION),
    "foundation": PlaceInfo("Fs", "foundation", 1, suit=0, cards=(0,), role=Role.FOUNDATION),
    "stock": PlaceInfo("S", "stock", 10, role=Role.STOCK),
    "waste": PlaceInfo("W", "waste", 1, cards=(7,), role=Role.WASTE),
    "column": PlaceInfo("3", "column", 2, number=3, cards=(4, 16), face_down=0),
    "cell": PlaceInfo("a", "cell", 1, cards=(9,)),
    "cascade": PlaceInfo("2", "cascade", 2, number=2, cards=(4, 16)),
    "spider_stock": PlaceInfo("S", "spider_stock", 50, face_down=50, role=Role.STOCK),
    "spider_foundation": PlaceInfo("F1", "spider_foundation", 13, number=1, suit=0, cards=(12,), role=Role.FOUNDATION),
    "spider_column": PlaceInfo("3", "spider_column", 2, number=3, cards=(4, 16)),
    "pyramid_stock": PlaceInfo("S", "pyramid_stock", 20, face_down=20, role=Role.STOCK),
    "pyramid_waste": PlaceInfo("W", "pyramid_waste", 2, cards=(7,), role=Role.WASTE),
    "pyramid_foundation": PlaceInfo("F", "pyramid_foundation", 2, cards=(12,), role=Role.FOUNDATION),
    "pyramid_card": PlaceInfo("22", "pyramid_card", 1, number=22, cards=(5,)),
    "pyramid_covered": PlaceInfo("7", "pyramid_covered", 1, number=7, cards=(9,)),
    "tripeaks_stock": PlaceInfo("S", "tripeaks_stock", 23, face_down=23, role=Role.STOCK),
    "tripeaks_waste": PlaceInfo("W", "tripeaks_waste", 1, cards=(7,), role=Role.WASTE),
    "tripeaks_card": PlaceInfo("23", "tripeaks_card", 1, number=23, cards=(4,)),
}


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("kind", sorted(SELECTED))
def test_the_selection_word_agrees_with_the_place(locale: str, kind: str) -> None:
    """es "descarte … seleccionada", it "scarti … selezionata" were wrong: one word per kind."""
    label = Words(locale).describe_place(PLACES[kind])
    noun = re.split(r"[\s:]", label, maxsplit=1)[0]
    gender = NOUNS[locale][noun]
    assert ui_words(locale)["state_selected_" + kind] == AGREES[locale][gender], label


def test_every_kind_of_place_has_its_selection_word() -> None:
    """Every kind of place some game describes (the page names a selected place
    ``state_selected_<kind>``: FreeCell's cells and cascades had none, and read "undefined")."""
    assert set(SELECTED) == set(vocabulary().words.places) == set(PLACES)
