"""The solver verdicts each game pins in its own package (``golden.jsonl``: code, verdict, the
seconds the survey took, and the winning line), written by scripts/make-golden from survey
results and found here through the registry."""

from __future__ import annotations

import json
from typing import Any

from paciencia.games import GAMES

FILE = "golden.jsonl"
"""A game's pinned verdicts, in its package's folder."""


def pinned() -> dict[str, list[dict[str, Any]]]:
    """Each registered game's pinned rows (the games that pin none left out), by game name."""
    found = {}
    for name, entry in GAMES.items():
        path = entry.folder / FILE
        if path.is_file():
            found[name] = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return found


def rows() -> list[dict[str, Any]]:
    """Every game's pinned rows, one list."""
    return [row for found in pinned().values() for row in found]
