"""Page weight of the Crescent table: HTML + CSS + JS + fonts, uncompressed (budget 150 KB).

Run: .venv/bin/python bench/web_page_weight.py
Fetches the table page from the app (in process), then every stylesheet, module (following
``import … from "./x.js"``), icon and font it names, and adds up the bytes as served.
"""

from __future__ import annotations

import re
import sys
import tempfile
from urllib.parse import urljoin

from fastapi.testclient import TestClient

from paciencia.web import Settings, create_app

BUDGET = 150 * 1024
LINKS = re.compile(r'<(?:link|script)[^>]+(?:href|src)="([^"]+)"')
IMPORTS = re.compile(r'(?:import|from)\s*["\']([^"\']+\.js)["\']')
CSS_URLS = re.compile(r"url\(['\"]?([^'\")]+)['\"]?\)")


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(Settings(database_url=f"sqlite:///{tmp}/w.db"))
        with TestClient(app, base_url="http://127.0.0.1") as client:
            page = client.get("/en/crescent", follow_redirects=True)
            sizes: dict[str, int] = {str(page.url.path): len(page.content)}
            todo = [urljoin(str(page.url.path), u) for u in LINKS.findall(page.text)]
            while todo:
                url = todo.pop()
                if url in sizes:
                    continue
                res = client.get(url)
                assert res.status_code == 200, url
                sizes[url] = len(res.content)
                if url.endswith(".js"):
                    todo += [urljoin(url, u) for u in IMPORTS.findall(res.text)]
                elif url.endswith(".css"):
                    todo += [urljoin(url, u) for u in CSS_URLS.findall(res.text) if not u.startswith("data:")]
    total = sum(sizes.values())
    for url, size in sorted(sizes.items(), key=lambda kv: -kv[1]):
        print(f"{size:8,d} B  {url}")
    kinds = {"html": 0, "css": 0, "js": 0, "fonts": 0, "other": 0}
    for url, size in sizes.items():
        ext = url.rsplit(".", 1)[-1] if "." in url.rsplit("/", 1)[-1] else "html"
        kind = {"css": "css", "js": "js", "woff2": "fonts", "woff": "fonts", "ttf": "fonts"}.get(ext, "html")
        kinds[kind if ext != "svg" else "other"] += size
    print("by kind: " + ", ".join(f"{k} {v:,d} B" for k, v in kinds.items()))
    print(f"page weight: {total:,d} B = {total / 1024:.1f} KB uncompressed (budget {BUDGET // 1024} KB)")
    return 0 if total <= BUDGET else 1


if __name__ == "__main__":
    sys.exit(main())
