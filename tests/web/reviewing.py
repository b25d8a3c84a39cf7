"""Asking for a review until it is ready: it is worked out in the background (202 meanwhile)."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

READY_WITHIN = 300.0
"""The most a review of a test's game may take on a loaded machine, before the test fails."""


def reviewed(client: TestClient, game_id: str, lang: str | None = None) -> Any:
    """``GET /api/games/{id}/review`` until it is no longer 202 (its answer, or a refusal)."""
    url = f"/api/games/{game_id}/review" + (f"?lang={lang}" if lang else "")
    deadline = time.monotonic() + READY_WITHIN
    while True:
        res = client.get(url)
        if res.status_code != 202:
            return res
        assert res.json()["ready"] is False and "retry-after" in res.headers, res.text
        assert time.monotonic() < deadline, f"the review of {game_id} was not ready in {READY_WITHIN} s"
        time.sleep(0.05)  # the condition is polled: the review's worker runs meanwhile
