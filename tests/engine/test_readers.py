"""The readers written without a pattern (a pattern compiled at import costs every command's
start-up, issue 39) read exactly as the patterns they stand for."""

from __future__ import annotations

import re

import pytest

from paciencia.engine.record import _is_classvar
from paciencia.engine.tabletext import is_number
from paciencia.games import _deal_number

TEXTS = [
    "",
    "0",
    "00",
    "01",
    "7",
    "10",
    "1234567890",
    "12345678901",
    "9999999999",
    "-1",
    "+1",
    " 1",
    "1 ",
    "1.0",
    "١٢",
    "²",
    "0x1",
    "#",
    "#1",
    "# 1",
    "#\t\n 12",
    "##1",
    "#01",
    "# ",
    "#\u20031",
    "#\u00a01",
    "1#",
    "# 1 2",
]


@pytest.mark.parametrize("text", TEXTS)
def test_a_header_number_and_a_deal_number_read_as_their_patterns(text: str) -> None:
    assert is_number(text) == (re.fullmatch(r"0|[1-9][0-9]{0,9}", text, re.ASCII) is not None)
    m = re.fullmatch(r"#?\s*([1-9][0-9]{0,9})", text, re.ASCII)
    assert _deal_number(text) == (int(m[1]) if m else None)


@pytest.mark.parametrize(
    "annotation",
    [
        "ClassVar[int]",
        " ClassVar",
        "typing.ClassVar[str]",
        "typing . ClassVar",
        "typing .\tClassVar[x]",
        "ClassVars",
        "ClassVar_",
        "ClassVaré",
        "ClassVar1",
        "typingClassVar",
        "typing ClassVar",
        "t.ClassVar",
        "int",
        "",
        "Class",
        "list[ClassVar[int]]",
        "typing.",
        "ClassVar.x",
    ],
)
def test_a_class_variable_is_told_as_by_its_pattern(annotation: str) -> None:
    assert _is_classvar(annotation) == (re.match(r"\s*(?:typing\s*\.\s*)?ClassVar\b", annotation) is not None)
