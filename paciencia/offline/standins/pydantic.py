"""The browser's ``pydantic``: ``paciencia.web.views`` declares its API models with it, which
document the server's answers; the browser only builds views (plain dicts), so its models are
plain classes and a field is its default."""

from __future__ import annotations

from typing import Any


class BaseModel:
    pass


class ConfigDict(dict[str, Any]):
    pass


def Field(default: Any = None, **_: Any) -> Any:
    return default
