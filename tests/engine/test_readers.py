"""The readers written without a pattern (a pattern compiled at import costs every command's
start-up, issue 39) read exactly as the patterns they stand for."""

from __future__ import annotations

import re

import pytest

from paciencia.engine.dealcode import read_form
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


@pytest.mark.parametrize(
    "text",
    [
        "CR1-N-AAAAAAB",
        "KL1-3-AAAAAAB",
        "FC999-4-Z",
        "FC1000-4-Z",
        "FC0-4-A",
        "FC01-4-A",
        "FC-4-A",
        "F1-4-A",
        "FCX1-4-A",
        "FC1-44-A",
        "FC1--A",
        "FC1-4-",
        "FC1-4-A-B",
        "FC1-4-A1",
        "FC1-é-A",
        "FC1-٣-A",
        "FC١-4-A",
        "ÉC1-4-A",
        "FC1-4-AÉ",
        "FC1-4-ab",
        "fc1-4-A",
        "FC1-_-A",
        "FC1-4-A ",
        " FC1-4-A",
        "",
        "-",
        "--",
        "FC1-4",
        "KL1-3-AAAAAAB\n",
        "KL²-3-A",
    ],
)
def test_a_deal_code_s_parts_are_read_as_by_their_pattern(text: str) -> None:
    m = re.fullmatch(r"([A-Z]{2})([1-9][0-9]{0,2})-([A-Z0-9])-([A-Z]+)", text, re.ASCII)
    assert read_form(text) == (m.groups() if m else None)
