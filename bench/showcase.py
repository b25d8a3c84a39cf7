"""The Examples pages' cost: working out every step of each example once per language (the
first request for it pays this), what the page embeds, the memory the cached steps hold, and
the page's answer once cached.

Run: .venv/bin/python bench/showcase.py
"""

from __future__ import annotations

import json
import statistics
import tempfile
import time
import tracemalloc
from typing import Any

from fastapi.testclient import TestClient

from paciencia.i18n import LOCALES
from paciencia.web import Settings, create_app
from paciencia.web.service import showcase

GAMES = ("crescent", "klondike")


def main() -> None:
    showcase.steps("klondike", "en")  # imports and first-use caches out of the figures
    showcase.steps.cache_clear()
    tracemalloc.start()
    held = tracemalloc.get_traced_memory()[0]
    for game in GAMES:
        builds: list[float] = []
        all_steps: tuple[dict[str, Any], ...] = ()
        for lang in LOCALES:
            t = time.perf_counter()
            built = showcase.steps(game, lang)
            builds.append(time.perf_counter() - t)
            assert built is not None
            all_steps = built
        embedded = len(json.dumps(showcase.page_steps(all_steps, ("moves",)), ensure_ascii=False).encode())
        print(
            f"{game}: {len(all_steps)} steps; building them, median over {len(LOCALES)} languages: "
            f"{statistics.median(builds) * 1000:.0f} ms; the page embeds {embedded / 1024:.0f} KiB of steps"
        )
    cached = (tracemalloc.get_traced_memory()[0] - held) / 1e6
    tracemalloc.stop()
    print(f"the cached steps of both games in every language hold {cached:.1f} MB")
    with (
        tempfile.TemporaryDirectory() as tmp,
        TestClient(
            create_app(Settings(database_url=f"sqlite:///{tmp}/bench.sqlite3")), base_url="http://127.0.0.1"
        ) as client,
    ):
        for game in GAMES:
            client.get(f"/en/{game}/examples")
            times = []
            for _ in range(20):
                t = time.perf_counter()
                res = client.get(f"/en/{game}/examples?step=10")
                times.append(time.perf_counter() - t)
            median = statistics.median(times) * 1000
            print(f"{game}: the page, cached, median of 20: {median:.1f} ms, {len(res.content) / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
