"""The site: a FastAPI app over the engine (``create_app``), its saved games and its pages."""

from paciencia.web.app import create_app
from paciencia.web.settings import Settings

__all__ = ["Settings", "create_app"]
