"""The catalogs: complete, faithful to the seeds, and the Italian description word for word."""

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from paciencia.engine.reasons import Reason
from paciencia.games import state_from_text
from paciencia.i18n import CATALOG_DIR, LOCALES, REASONS, Words, normalize_locale
from tests.tables import crescent_table

POT = CATALOG_DIR.parent / "messages.pot"

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
    Reason.PILE_FULL,
    Reason.WRONG_SUIT,
    Reason.WRONG_RANK,
    Reason.EMPTY_PILE,
    Reason.BASE_LOCKED,
    Reason.NO_REDEALS,
]


@pytest.mark.parametrize("locale", sorted(SEED_MESSAGES))
def test_seed_messages_word_for_word(locale: str) -> None:
    words = Words(locale)
    assert [words.reason(r) for r in SEED_REASONS] == SEED_MESSAGES[locale]
    assert words.redeal_button(0) == SEED_MESSAGES[locale][-1]


def test_pt_br_takes_the_pt_pt_crescent_strings_where_usage_agrees() -> None:
    br = Words("pt-BR")
    assert br.reason(Reason.PILE_FULL) == "Esta pilha está cheia; escolha outro destino"
    assert br.reason(Reason.BASE_LOCKED) == "A base da fundação está bloqueada"
    assert br.redeal_button(0) == "Sem redistribuições"


def test_every_reason_has_words_in_every_locale() -> None:
    assert set(REASONS) == set(Reason)
    for locale in LOCALES:
        words = Words(locale)
        for reason in Reason:
            assert words.reason(reason).strip()


def _entries(path: Path) -> dict[tuple[str | None, str], object]:
    with path.open("rb") as f:
        catalog = read_po(f)
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m.string for m in catalog if m.id}


def test_the_template_matches_the_code(tmp_path: Path) -> None:
    """scripts/extract-messages was run after the last change to a message in the code."""
    root = CATALOG_DIR.parents[2]
    script = (root / "scripts" / "extract-messages").read_text(encoding="utf-8")
    args = script[script.index("extract") :].replace("\\\n", " ").split()
    out = tmp_path / "messages.pot"
    args[args.index("-o") + 1] = str(out)
    subprocess.run([str(Path(sys.executable).parent / "pybabel"), *args], capture_output=True, check=True, cwd=root)
    assert out.read_text(encoding="utf-8") == POT.read_text(encoding="utf-8")


def _plurals(path: Path) -> dict[tuple[str | None, str], str]:
    """Each counted entry's plural msgid, by (context, singular msgid)."""
    with path.open("rb") as f:
        return {(m.context, m.id[0]): m.id[1] for m in read_po(f) if isinstance(m.id, tuple)}


def _placeholders(text: str) -> set[str]:
    return set(re.findall(r"%\(\w+\)\w", text))


@pytest.mark.parametrize("locale", LOCALES)
def test_each_catalog_translates_every_message_with_the_same_placeholders(locale: str) -> None:
    """A counted entry's other form has the plural msgid's placeholders; its one form may leave
    the number out ("the other player"), nothing else."""
    template = _entries(POT)
    path = CATALOG_DIR / locale.replace("-", "_") / "LC_MESSAGES" / "messages.po"
    catalog = _entries(path)
    assert set(catalog) == set(template)
    plurals = _plurals(path)
    assert plurals == _plurals(POT)
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
