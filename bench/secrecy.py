"""Two honesty figures of issue 36, measured from outside the rules: the refusal probe (hidden
cards learnt / probes tried) and the record sweep (deal codes leaked / sweeps).

Run: .venv/bin/python bench/secrecy.py [--deals N] [--database sqlite|URL]

- probe: for each deal, a game of it is started and moved once; then four offline lines are sent
  onto it that differ only in one suit (Klondike: draw, then the waste's card to the spades,
  hearts, diamonds or clubs foundation; Crescent: a pile's top card onto each foundation of one
  rank). Were a line replayed on the deal's own cards, the answers would differ by the hidden
  card's suit (that is how the issue found it: 9 games of 9). A probe learns a card when the four
  answers are not all the same; the game must also stay where it was.
- sweep: for each deal, the states a player can reach from outside (playing; a replay of it in
  play; left while the replay plays; left while an offline line kept apart from it plays), and
  in each the record endpoint and the view are read: a sweep leaks when either names the deal.

The site is the real app (``create_app``) on a new SQLite file, driven through its HTTP
interface in process (Starlette's test client): the figures are counts, not times.
"""

from __future__ import annotations

import argparse
import random
import tempfile
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from paciencia.engine.dealcode import DEAL_COUNT, DealCode
from paciencia.games import REGISTRY, new_state
from paciencia.web import Settings, create_app


def hiding_codes(deals: int, rng: random.Random) -> list[tuple[str, str, str]]:
    """``deals`` codes of every registered variant whose fresh deal hides cards."""
    out = []
    for name, found in REGISTRY.items():
        cls = found.game
        for variant in cls.variants:
            codes = [str(DealCode(cls.prefix, cls.version, variant, rng.randrange(DEAL_COUNT))) for _ in range(deals)]
            if new_state(codes[0]).observe().code is None:
                out += [(name, variant, c) for c in codes]
    return out


def a_move(view: dict[str, Any]) -> str:
    for src, dests in view["dests"].items():
        if dests:
            return f"{src}-{dests[0]}"
    return str(next(a["token"] for a in view["actions"] if a["enabled"]))


def probe_lines(view: dict[str, Any]) -> list[list[str]]:
    """Four lines differing only in a suit: each onto one foundation."""
    foundations = [p["id"] for p in view["places"] if p["role"] == "foundation"][:4]
    stock = [a["token"] for a in view["actions"] if a["name"] == "draw"]
    waste = [p["id"] for p in view["places"] if p["role"] == "waste"]
    if stock and waste:
        return [[stock[0], f"{waste[0]}-{f}"] for f in foundations]
    tableau = [p["id"] for p in view["places"] if p["role"] == "tableau" and p["count"] > 1]
    return [[f"{tableau[0]}-{f}"] for f in foundations]


class Site:
    def __init__(self, client: TestClient) -> None:
        self.client = client

    def new(self, **body: Any) -> dict[str, Any]:
        res = self.client.post("/api/games", json=body)
        assert res.status_code == 201, res.text
        return dict(res.json())

    def move(self, view: dict[str, Any], token: str | None = None) -> dict[str, Any]:
        res = self.client.post(
            f"/api/games/{view['id']}/moves", json={"move": token or a_move(view), "version": view["version"]}
        )
        assert res.status_code == 200, res.text
        return dict(res.json())

    def tokens(self, game_id: str) -> list[str]:
        store = self.client.app.state.store  # type: ignore[attr-defined]
        player = self.client.cookies["paciencia_player"].partition(".")[0]
        return list(store.load(game_id, player).tokens)


def probe(site: Site, name: str, code: str) -> tuple[int, int]:
    """(probes that learnt a card, probes tried) on one deal."""
    view = site.move(site.new(game=name, code=code))
    tokens = site.tokens(view["id"])
    answers = set()
    for n, line in enumerate(probe_lines(view)):
        body = {"id": view["id"], "base": len(tokens), "tokens": [*tokens, *line], "line": f"probe-{code}-{n}"}
        res = site.client.post("/api/offline", json=body)
        answers.add((res.status_code, res.text))
    moved = site.client.get(f"/api/games/{view['id']}").json()["version"] != view["version"]
    return int(len(answers) > 1 or moved), 1


def sweep(site: Site, name: str, variant: str, code: str) -> tuple[int, int]:
    """(sweeps that leaked the deal, sweeps) over the states of one deal."""
    leaked = sweeps = 0

    def read(game_id: str) -> None:
        nonlocal leaked, sweeps
        sweeps += 1
        record = site.client.get(f"/api/games/{game_id}/record").text
        view = site.client.get(f"/api/games/{game_id}").text
        leaked += int(code in record or code in view)

    first = site.move(site.new(game=name, code=code))
    read(first["id"])  # playing
    replay = site.new(replay=first["id"])
    read(replay["id"])  # a replay in play
    read(first["id"])  # left while the replay plays
    site.new(game=name, variant=variant)  # leaves the replay; nothing of the deal plays now
    record = site.client.get(f"/api/games/{replay['id']}/record").json()
    state = new_state(code)
    state.play_all(record["tokens"])
    line = {
        "id": replay["id"],
        "base": len(record["tokens"]),
        "tokens": [*record["tokens"], str(state.legal_moves()[0])],
    }
    res = site.client.post("/api/offline", json={**line, "line": f"fork-{code}"})
    assert res.status_code == 200 and res.json()["kept_apart"], res.text
    read(replay["id"])  # left while an offline fork plays
    read(res.json()["game"]["id"])  # the fork
    return leaked, sweeps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=5, help="deals per hiding variant")
    parser.add_argument("--seed", type=int, default=36)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(Settings(database_url=f"sqlite:///{Path(tmp) / 'games.sqlite3'}"))
        learnt = probes = leaked = sweeps = 0
        with TestClient(app, base_url="http://127.0.0.1") as client:
            site = Site(client)
            for name, variant, code in hiding_codes(args.deals, rng):
                a, b = probe(site, name, code)
                learnt, probes = learnt + a, probes + b
                c, d = sweep(site, name, variant, code)
                leaked, sweeps = leaked + c, sweeps + d
    print(f"{'row':<16} {'found':>6} {'of':>6}")
    print(f"{'refusal probe':<16} {learnt:>6} {probes:>6}   hidden cards learnt / probes tried")
    print(f"{'record sweep':<16} {leaked:>6} {sweeps:>6}   deal codes leaked / sweeps")


if __name__ == "__main__":
    main()
