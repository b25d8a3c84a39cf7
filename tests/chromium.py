"""How the browser tests and the web benchmarks start Chromium against the site: Debian's build,
headless, doing nothing on the network of its own accord."""

from __future__ import annotations

import os
import shutil

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    """``$CHROMIUM_PATH``, else the ``chromium`` on the PATH, or ``None`` when there is none."""
    found = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium")
    real = "/usr/lib/chromium/chromium"  # Debian's wrapper script execs this; it starts faster
    if found == "/usr/bin/chromium" and os.path.exists(real):
        return real
    return found
