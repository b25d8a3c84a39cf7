"""The site's own static files, answered from memory."""

from __future__ import annotations

import re
from pathlib import Path

from paciencia.web.http.compress import compressible, encoding, precompressed, precompressed_br
from paciencia.web.http.middleware import Receive, Scope, Send

TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".woff2": "font/woff2",
    ".png": "image/png",
}


_CSS_COMMENT = re.compile(rb"/\*.*?\*/", re.S)
_BLANKS = re.compile(rb"\n[ \t]*(?=\S|\n)|\n{2,}")


def without_comments(css: bytes) -> bytes:
    """A stylesheet as sent: its comments and indentation are for the people who read the
    source (a quarter of site.css's bytes on the wire), not for browsers. Our stylesheets hold
    no ``/*`` inside a string."""
    return _BLANKS.sub(b"\n", _CSS_COMMENT.sub(b"", css)).strip() + b"\n"


class StaticAssets:
    """The site's own assets, read once at start and answered from memory (no thread hop per file).

    They are few and small (a first visit moves at most 45 KB), and their URLs carry a hash of
    their content, so they are cached by browsers for good. The text ones are compressed once, here (brotli and gzip),
    and sent so to a client that accepts it.
    """

    def __init__(self, folders: dict[str, Path]) -> None:
        """``folders``: each folder by the path its files are served under (``static_folders``)."""
        self.files: dict[str, tuple[bytes, bytes]] = {}
        self.gzipped: dict[str, bytes] = {}
        self.brotli: dict[str, bytes] = {}
        for prefix, directory, path in ((p, d, f) for p, d in folders.items() for f in d.rglob("*")):
            if path.is_file() and path.suffix in TYPES:
                name = prefix + "/" + path.relative_to(directory).as_posix()
                body = path.read_bytes()
                if path.suffix == ".css":
                    body = without_comments(body)
                self.files[name] = (body, TYPES[path.suffix].encode())
                packed = precompressed(self.files[name][0]) if compressible(TYPES[path.suffix]) else b""
                if packed and len(packed) < len(self.files[name][0]):
                    self.gzipped[name] = packed
                    self.brotli[name] = precompressed_br(self.files[name][0])

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        name = scope["path"][len(scope.get("root_path", "")) :] or "/"
        found = self.files.get(name)
        if scope["type"] != "http" or found is None:
            await send({"type": "http.response.start", "status": 404, "headers": [(b"content-type", b"text/plain")]})
            await send({"type": "http.response.body", "body": b"not found"})
            return
        if scope["method"] not in ("GET", "HEAD"):
            headers = [(b"content-type", b"text/plain"), (b"allow", b"GET, HEAD")]
            await send({"type": "http.response.start", "status": 405, "headers": headers})
            await send({"type": "http.response.body", "body": b"method not allowed"})
            return
        body, kind = found
        headers = [(b"content-type", kind)]
        if name in self.gzipped:
            headers.append((b"vary", b"Accept-Encoding"))
            coding = encoding(scope)
            if coding is not None:
                body = (self.brotli if coding == "br" else self.gzipped)[name]
                headers.append((b"content-encoding", coding.encode()))
        headers.append((b"content-length", str(len(body)).encode()))
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else body})
