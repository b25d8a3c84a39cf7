"""The catalogs: complete, faithful to the seeds, and the Italian description word for word."""

import re
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from paciencia.engine.reasons import SHARED, Reason
from paciencia.games import GAMES, state_from_text
from paciencia.games.crescent.words import BASE_LOCKED, EMPTY_PILE, NO_REDEALS, PILE_FULL, WRONG_RANK
from paciencia.i18n import LOCALES, Words, normalize_locale, vocabulary
from paciencia.i18n.catalogs import Scope, all_catalogs, scopes, template_text, templates
from tests.tables import crescent_table

SEED_MESSAGES = {
    "pt-PT": [
        "Esta pilha está cheia; escolha outro destino",
        "Tem de ser do mesmo naipe",
        "Tem de ser de um valor superior ou inferior",
        "Não é possível colocar numa pilha vazia",
        "A base da fundação está bloqueada",
        "Sem redistribuições",
    ],
    "es": [
        "Esta pila está llena; elige otro destino",
        "Debe ser del mismo palo",
        "Debe ser de rango superior o inferior",
        "No se puede colocar en una pila vacía",
        "La base del cimiento está bloqueada",
        "Sin redistribuciones",
    ],
    "it": [
        "Questa pila è piena; scegli un’altra destinazione",
        "Deve essere dello stesso seme",
        "Deve essere di valore superiore o inferiore",
        "Impossibile posizionare su una pila vuota",
        "La base della fondazione è bloccata",
        "Nessuna ridistribuzione",
    ],
}
SEED_REASONS = [
    PILE_FULL,
    Reason.WRONG_SUIT,
    WRONG_RANK,
    EMPTY_PILE,
    BASE_LOCKED,
    NO_REDEALS,
]


@pytest.mark.parametrize("locale", sorted(SEED_MESSAGES))
def test_seed_messages_word_for_word(locale: str) -> None:
    words = Words(locale)
    assert [words.reason(r) for r in SEED_REASONS] == SEED_MESSAGES[locale]
    assert words.action("redeal", 0) == SEED_MESSAGES[locale][-1]


def test_pt_br_takes_the_pt_pt_crescent_strings_where_usage_agrees() -> None:
    br = Words("pt-BR")
    assert br.reason(PILE_FULL) == "Esta pilha está cheia; escolha outro destino"
    assert br.reason(BASE_LOCKED) == "A base da fundação está bloqueada"
    assert br.action("redeal", 0) == "Sem redistribuições"


def _reasons_in_code() -> set[str]:
    """Every reason code the engine and the games' packages name (``Reason`` values in their modules)."""
    found: set[str] = set()
    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith(("paciencia.engine", "paciencia.games")):
            continue
        found.update(v for v in vars(module).values() if isinstance(v, Reason))
    return found


def test_every_reason_has_words_in_every_locale() -> None:
    reasons = vocabulary().words.reasons
    assert _reasons_in_code() <= set(reasons)
    assert set(SHARED) <= set(reasons)
    for locale in LOCALES:
        words = Words(locale)
        for reason in reasons:
            assert words.reason(reason).strip()
    with pytest.raises(ValueError, match="no_such_reason"):
        Words("es").reason("no_such_reason")


def _entries(path: Path) -> dict[tuple[str | None, str], object]:
    with path.open("rb") as f:
        catalog = read_po(f)
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m.string for m in catalog if m.id}


SCOPES = {s.name: s for s in scopes()}
CATALOGS = [(scope.name, locale) for scope, locale, _path in all_catalogs()]


def test_every_game_package_has_its_catalogs_in_every_locale() -> None:
    """Found by globbing the packages: the site's and one per game, each in the five locales."""
    games = {e.game.__module__.split(".")[2] for e in GAMES.values()}
    assert games <= set(SCOPES) and "site" in SCOPES
    assert sorted(CATALOGS) == sorted((name, loc) for name in SCOPES for loc in LOCALES)


@pytest.mark.parametrize("scope", sorted(SCOPES))
def test_the_template_matches_the_code(scope: str) -> None:
    """scripts/extract-messages was run after the last change to a message in the code."""
    found = templates()
    by_name: dict[str, Scope] = {s.name: s for s in found}
    assert template_text(found[by_name[scope]]) == SCOPES[scope].template.read_bytes()


def _plurals(path: Path) -> dict[tuple[str | None, str], str]:
    """Each counted entry's plural msgid, by (context, singular msgid)."""
    with path.open("rb") as f:
        return {(m.context, m.id[0]): m.id[1] for m in read_po(f) if isinstance(m.id, tuple)}


def _placeholders(text: str) -> set[str]:
    return set(re.findall(r"%\(\w+\)\w", text))


@pytest.mark.parametrize(("scope", "locale"), CATALOGS)
def test_each_catalog_translates_every_message_with_the_same_placeholders(scope: str, locale: str) -> None:
    """A counted entry's other form has the plural msgid's placeholders; its one form may leave
    the number out ("the other player"), nothing else."""
    template = _entries(SCOPES[scope].template)
    path = SCOPES[scope].po(locale)
    catalog = _entries(path)
    assert set(catalog) == set(template)
    plurals = _plurals(path)
    assert plurals == _plurals(SCOPES[scope].template)
    for key, string in catalog.items():
        msgid = key[1]
        strings = list(string) if isinstance(string, tuple) else [string]
        assert len(strings) == (2 if key in plurals else 1), f"{locale}: forms of {msgid!r}"
        for i, s in enumerate(map(str, strings)):
            if locale == "en":
                assert s == "", msgid
                continue
            assert s, f"{locale}: {msgid!r} is not translated"
            if key not in plurals:
                assert _placeholders(s) == _placeholders(msgid), f"{locale}: placeholders in {msgid!r}"
            elif i == 0:
                assert _placeholders(s) <= _placeholders(msgid) | {"%(count)s"}, f"{locale}: placeholders in {msgid!r}"
            else:
                assert _placeholders(s) == _placeholders(plurals[key]), f"{locale}: placeholders in {msgid!r}"


@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc != "en"])
def test_every_message_the_code_marks_is_in_one_catalog_and_reaches_the_words(locale: str) -> None:
    """Each msgid any code marks (the site's or a game package's) is translated in exactly one
    catalog of the locale, and ``Words`` finds that translation: the game's catalogs are merged
    with the site's, so a game's msgid is never left in English."""
    words = Words(locale)
    holders: dict[tuple[str | None, str], list[str]] = {}
    strings: dict[tuple[str | None, str], object] = {}
    for scope in SCOPES.values():
        for key, string in _entries(scope.po(locale)).items():
            holders.setdefault(key, []).append(scope.name)
            strings[key] = string
    for scope, catalog in templates().items():
        for m in catalog:
            if not m.id:
                continue
            key = (m.context, m.id if isinstance(m.id, str) else m.id[0])
            assert holders.get(key) == [scope.name], f"{locale}: {key} is in {holders.get(key)}, not {scope.name}"
            string = strings[key]
            if isinstance(m.id, str):
                said = words.p_(m.context, m.id) if m.context else words.t.gettext(m.id)
                assert said == string and said, f"{locale}: {key}"
            else:
                assert isinstance(string, tuple)
                assert words.t.ngettext(m.id[0], m.id[1], 2) == string[1], f"{locale}: {key}"


@pytest.mark.parametrize(
    ("locale", "faces"),
    [
        ("en", "A♠ 10♥ J♦ Q♣ K♠"),
        ("pt-PT", "A♠ 10♥ V♦ D♣ R♠"),
        ("pt-BR", "A♠ 10♥ J♦ Q♣ K♠"),
        ("es", "A♠ 10♥ J♦ Q♣ R♠"),
        ("it", "A♠ 10♥ F♦ D♣ R♠"),
    ],
)
def test_rank_letters_on_card_faces(locale: str, faces: str) -> None:
    words = Words(locale)
    cards = [0, 13 + 9, 26 + 10, 39 + 11, 12]
    assert " ".join(words.card_face(c) for c in cards) == faces


def test_locale_tags_are_normalised() -> None:
    assert normalize_locale("pt_pt") == "pt-PT"
    assert normalize_locale("PT-br") == "pt-BR"
    assert normalize_locale("pt") == "pt-PT"
    assert normalize_locale("IT") == "it"
    assert normalize_locale("fr") is None
    with pytest.raises(ValueError, match="fr"):
        Words("fr")


# The Italian seed's first example: foundations and piles as its text gives them.
ITALIAN_SEED = (
    "fondazione ascendente di picche: 2 di picche in cima, 2 carte; fondazione ascendente di cuori: 2 di cuori in "
    "cima, 2 carte; fondazione ascendente di quadri: asso di quadri in cima, 1 carta; fondazione ascendente di fiori: "
    "asso di fiori in cima, 1 carta; fondazione discendente di picche: donna di picche in cima, 2 carte; fondazione "
    "discendente di cuori: donna di cuori in cima, 2 carte; fondazione discendente di quadri: re di quadri in cima, 1 "
    "carta; fondazione discendente di fiori: 9 di fiori in cima, 5 carte. pila 1: 4 carte, fante di quadri in cima; "
    "pila 2: 6 carte, 8 di picche in cima; pila 3: 4 carte, 7 di quadri in cima; pila 4: 5 carte, 4 di quadri in cima; "
    "pila 5: 6 carte, 10 di picche in cima; pila 6: 4 carte, donna di picche in cima; pila 7: 6 carte, 5 di cuori in "
    "cima; pila 8: 6 carte, 6 di picche in cima; pila 9: 5 carte, 5 di fiori in cima; pila 10: 6 carte, asso di picche "
    "in cima; pila 11: 6 carte, re di fiori in cima; pila 12: 6 carte, 10 di fiori in cima; pila 13: 6 carte, 7 di "
    "fiori in cima; pila 14: 6 carte, re di picche in cima; pila 15: 6 carte, 6 di picche in cima; pila 16: 6 carte, "
    "asso di fiori in cima."
)

# A position with exactly those foundations, pile counts and top cards (the cards below the tops are ours).
ITALIAN_SEED_TABLE = crescent_table(
    {"As": "2", "Ah": "2", "Ad": "A", "Ac": "A", "Ks": "Q", "Kh": "Q", "Kd": "K", "Kc": "9"},
    [
        ["2s", "Ah", "Ad", "Jd"],
        ["2c", "3s", "2h", "2d", "2c", "8s"],
        ["3s", "3h", "2d", "7d"],
        ["3c", "4s", "3h", "3d", "4d"],
        ["3c", "4s", "4h", "3d", "4c", "Ts"],
        ["5s", "4h", "4d", "Qs"],
        ["4c", "5s", "5h", "5d", "5c", "5h"],
        ["7s", "6h", "5d", "6c", "7s", "6s"],
        ["6h", "6d", "6c", "8s", "5c"],
        ["7h", "6d", "7c", "9s", "7h", "As"],
        ["7d", "8c", "9s", "8h", "8d", "Kc"],
        ["8c", "Ts", "8h", "8d", "9c", "Tc"],
        ["Js", "9h", "9d", "Jc", "Js", "7c"],
        ["9h", "9d", "Qc", "Th", "Td", "Ks"],
        ["Th", "Td", "Jh", "Jd", "Jh", "6s"],
        ["Qd", "Qh", "Qd", "Kh", "Kd", "Ac"],
    ],
    code="CR1-N-AAAAAAB",
    status="playing",
    moves=14,
)


def test_the_italian_description_reproduces_the_seed() -> None:
    state = state_from_text(ITALIAN_SEED_TABLE)
    assert Words("it").describe(state) == ITALIAN_SEED


def test_descriptions_in_every_locale_name_every_place() -> None:
    state = state_from_text(ITALIAN_SEED_TABLE)
    expected = {
        "en": "pile 3: 4 cards, 7 of diamonds on top",
        "pt-PT": "pilha 3: 4 cartas, 7 de ouros",
        "pt-BR": "pilha 3: 4 cartas, 7 de ouros",
        "es": "pila 3: 4 cartas, 7 de diamantes",
        "it": "pila 3: 4 carte, 7 di quadri in cima",
    }
    for locale, needle in expected.items():
        text = Words(locale).describe(state)
        assert needle in text, (locale, text[:400])
        assert text.count(";") == 22 and text.endswith(".")


@pytest.mark.parametrize("locale", LOCALES)
def test_every_games_actions_have_their_hint_in_every_locale(locale: str) -> None:
    """A hint to take an action (a draw, a redeal, a turn of the stock) says ``hint_<action>``:
    every game's actions have those words, translated (Pyramid's turn answered 500 without them)."""
    from paciencia.games import REGISTRY
    from paciencia.play.words import ui_words

    ui, english = ui_words(locale), ui_words("en")
    for entry in REGISTRY.values():
        for action in entry.table.words.actions:
            key = f"hint_{action}"
            assert key in ui, (entry.name, key)
            assert locale == "en" or ui[key] != english[key], (entry.name, key, locale)
