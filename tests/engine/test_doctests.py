"""The engine's value types show themselves in their docstrings: those examples are run."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import paciencia.engine

MODULES = sorted(m.name for m in pkgutil.iter_modules(paciencia.engine.__path__, "paciencia.engine."))


@pytest.mark.parametrize("name", MODULES)
def test_the_docstrings_examples_hold(name: str) -> None:
    failed, _tried = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert failed == 0, name
