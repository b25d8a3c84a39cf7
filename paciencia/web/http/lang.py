"""Which language a request wants: the URL's, else the browser's Accept-Language."""

from __future__ import annotations

from functools import lru_cache

from starlette.requests import Request

from paciencia.i18n import DEFAULT_LOCALE, Words, normalize_locale


@lru_cache(maxsize=256)
def negotiate(accept_language: str | None) -> str:
    """The best of our five locales for an Accept-Language header (``en`` when none fits)."""
    if not accept_language:
        return DEFAULT_LOCALE
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(accept_language.split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if tag and q > 0:
            ranked.append((-q, i, tag.strip()))
    for _, _, tag in sorted(ranked):
        found = normalize_locale(tag)
        if found:
            return found
        primary, _, region = tag.replace("_", "-").partition("-")
        primary = primary.lower()
        if primary == "pt":
            return "pt-BR" if region.upper() == "BR" else "pt-PT"
        found = normalize_locale(primary)
        if found:
            return found
    return DEFAULT_LOCALE


def request_locale(request: Request) -> str:
    """``?lang=`` when it names one of ours, else the path's first segment, else Accept-Language."""
    query = request.query_params.get("lang")
    if query:
        found = normalize_locale(query)
        if found:
            return found
    first = request.url.path.split("/", 2)[1] if request.url.path.count("/") >= 1 else ""
    found = normalize_locale(first) if first and first != "api" else None
    return found or negotiate(request.headers.get("accept-language"))


def request_words(request: Request) -> Words:
    return Words(request_locale(request))
