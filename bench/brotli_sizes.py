"""Brotli against gzip on what the site sends (issue 39: "the server never sends brotli").

Run: .venv/bin/python bench/brotli_sizes.py [--rounds N]

- static: every static file the site serves compressed, brotli at quality 11 against gzip at
  level 9 (both made once, at start): the total bytes and their ratio.
- answers: a table page and a game's JSON view (made through the app), compressed as they go,
  brotli at ``PAGE_QUALITY`` against gzip at ``PAGE_LEVEL``: bytes and the CPU time of each,
  interleaved over ``--rounds`` rounds (medians).
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import tempfile
import time
from pathlib import Path

import brotli  # type: ignore[import-untyped]
from fastapi.testclient import TestClient

from paciencia.web import Settings, create_app
from paciencia.web.http.assets import static_folders
from paciencia.web.http.compress import PAGE_LEVEL, PAGE_QUALITY
from paciencia.web.http.static import StaticAssets


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args()
    assets = StaticAssets(static_folders())
    plain = sum(len(assets.files[n][0]) for n in assets.gzipped)
    gz = sum(len(b) for b in assets.gzipped.values())
    br = sum(len(b) for b in assets.brotli.values())
    print(f"static: {len(assets.gzipped)} files, {plain:,} B plain, gzip-9 {gz:,} B, brotli-11 {br:,} B")
    print(f"  brotli / gzip: x{br / gz:.3f}")
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(Settings(database_url=f"sqlite:///{Path(tmp) / 'games.sqlite3'}"))
        with TestClient(app, base_url="http://127.0.0.1") as client:
            view = client.post("/api/games", json={"game": "klondike"}).json()
            bodies = {
                "table page": client.get(f"/en/klondike/{view['id']}", headers={"accept-encoding": "identity"}).content,
                "game view": client.get(f"/api/games/{view['id']}", headers={"accept-encoding": "identity"}).content,
            }
    for name, body in bodies.items():
        times: dict[str, list[float]] = {"gzip": [], "br": []}
        sizes = {"gzip": 0, "br": 0}
        for _ in range(args.rounds):
            for coding in ("gzip", "br"):
                t = time.process_time()
                out = (
                    gzip.compress(body, compresslevel=PAGE_LEVEL, mtime=0)
                    if coding == "gzip"
                    else brotli.compress(body, quality=PAGE_QUALITY)
                )
                times[coding].append(time.process_time() - t)
                sizes[coding] = len(out)
        g, b = statistics.median(times["gzip"]), statistics.median(times["br"])
        print(
            f"{name}: {len(body):,} B plain; gzip-{PAGE_LEVEL} {sizes['gzip']:,} B in {g * 1e6:.0f} us, "
            f"brotli-{PAGE_QUALITY} {sizes['br']:,} B in {b * 1e6:.0f} us: bytes x{sizes['br'] / sizes['gzip']:.3f}, "
            f"CPU x{b / g:.2f}"
        )


if __name__ == "__main__":
    main()
