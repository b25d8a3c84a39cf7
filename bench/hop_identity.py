"""The capped sight hint's searches, the same on two builds (issue 40, part 3): a speed-up of
Klondike's C loop (``_search.c``) must not change a single decision of the switched hints.

On real knowledge positions (those of the capped sight player's own games, ``bench/honest_play.py
--strong --hop 150 --sight`` rows, where a card is still hidden), records the full answer of
``_search.hop`` called exactly as ``hop.hop_lines(knowledge, 150, LIMIT, True, True)`` calls it
(every commitment's steps, wins and layouts played, and the positions searched), and the
chance the patched hints give with it (``honest.chance`` on the game's hint budget: won, total,
exact); ``record`` writes them, ``check`` compares this build with a record, row by row.

    .venv/bin/python bench/hop_identity.py record /tmp/hop-before.jsonl
    .venv/bin/python bench/hop_identity.py check /tmp/hop-before.jsonl [--so NEW.so]

``--so``: Klondike's loop from that file instead of the installed one (a build not yet moved
into place). ``--hops-only``: the hop calls alone (for a profiler's count of instructions).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
ROWS = ROOT / "bench" / "data" / "honest-klondike-3-hop150-sight-4ad697c-0.jsonl"
HINT_SAMPLES = 150
"""The switched hints' cap on layouts (``klondike.hop.HINT_SAMPLES``)."""


def load_so(path: str) -> None:
    """Klondike's C loop from ``path``, in place of the installed one, before anything imports it."""
    spec = importlib.util.spec_from_file_location("paciencia.games.klondike._search", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    sys.modules["paciencia.games.klondike._search"] = module


def positions(rows: Path, games: int, every: int) -> Iterator[tuple[str, int, Any]]:
    """(code, moves played, knowledge) of every ``every``-th position with a card hidden, in the
    first ``games`` games of ``rows``."""
    from paciencia.engine.protocol import Status
    from paciencia.games import new_state

    for line in rows.read_text().splitlines()[:games]:
        row = json.loads(line)
        start = new_state(row["code"])
        state = start.copy()
        tokens = row["tokens"]
        for i in range(len(tokens)):
            knowledge = start.game.knowledge(start, tokens[:i])
            if not knowledge.unknown or state.status != Status.PLAYING:
                break
            if i % every == 0:
                yield row["code"], i, knowledge
            state.play(tokens[i])


def answer(knowledge: Any, hops_only: bool) -> dict[str, Any]:
    """The hop call's rows and positions, and the chance, for one knowledge position."""
    from paciencia.analysis.honest import Budget, chance
    from paciencia.games.klondike import _search
    from paciencia.games.klondike.hop import GIVE_UP, LIMIT, Z, _c_slot
    from paciencia.games.klondike.solver import _c_position

    completion = knowledge.complete(sorted(knowledge.unseen))
    slots = [_c_slot(completion, line, k) for line, k in knowledge.unknown]
    rows, nodes = _search.hop(*_c_position(completion), slots, HINT_SAMPLES, LIMIT, knowledge.seed, GIVE_UP, Z, True)
    out: dict[str, Any] = {"rows": [[[list(s) for s in steps], wins, played] for steps, wins, played in rows]}
    out["nodes"] = nodes
    if not hops_only:
        told = chance(knowledge, Budget(*knowledge.state.game.hint_budget))
        out["chance"] = [told.won, told.total, told.exact]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("mode", choices=("record", "check"))
    ap.add_argument("file", type=Path, help="the record (written by record, read by check)")
    ap.add_argument("--rows", type=Path, default=ROWS, help="the capped sight player's games")
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--every", type=int, default=3, help="every n-th position of a game")
    ap.add_argument("--so", help="Klondike's C loop from this file")
    ap.add_argument("--hops-only", action="store_true", help="no chance (instructions of the hop calls)")
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    if args.so:
        load_so(args.so)
    at = positions(args.rows, args.games, args.every)
    found = [{"code": code, "at": i, **answer(k, args.hops_only)} for code, i, k in at]
    if args.mode == "record":
        args.file.write_text("".join(json.dumps(r) + "\n" for r in found))
        print(f"{len(found)} positions recorded, {sum(r['nodes'] for r in found):,} positions searched by hop")
        return
    want = [json.loads(line) for line in args.file.read_text().splitlines()]
    differ = 0
    for got, was in zip(found, want, strict=True):
        keys = ("code", "at", "rows", "nodes") + (() if args.hops_only else ("chance",))
        if any(got[k] != was[k] for k in keys):
            differ += 1
            print(f"differs: {got['code']} after {got['at']} moves", file=sys.stderr)
    print(f"{len(found)} positions, {len(found) - differ} identical, {differ} differ")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
