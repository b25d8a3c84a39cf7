"""The browser's ``paciencia.web.store``: what ``paciencia.web.views`` takes from it, the
offline engine's game (the store's ``SavedGame``'s attributes) and ``LEFT``."""

from __future__ import annotations

from paciencia.offline.engine import LEFT as LEFT
from paciencia.offline.engine import OfflineGame as SavedGame

__all__ = ["LEFT", "SavedGame"]
