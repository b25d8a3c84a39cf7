"""What a first visit to each table moves over the network, compressed as sent (budget 45 KB),
and where the board's markup ends in the HTML (within the first 14.6 KB: the first round trip).

Run: .venv/bin/python bench/page_weight.py [TABLE ...]   (default: every table of the registry)
A real server (``paciencia serve``, SQLite) on loopback, and Chromium in a new context (nothing
cached) opening ``/en/<table>`` as a new player does; every response's bytes on the wire
(Chromium's ``encodedDataLength``: headers and body as transferred) are added up once the page
is ready and the network is quiet. The HTML is then fetched again as the browser asked for it
(``Accept-Encoding: gzip, deflate, br``) to say how large it is, raw and as sent, and how many
of its compressed bytes come before the end of the board's markup (``</section>`` of
``#board``): the part of the page that draws the table.
"""

from __future__ import annotations

import argparse
import sys
import urllib.request
import zlib
from typing import Any

import brotli  # type: ignore[import-untyped]
from playwright.sync_api import sync_playwright
from web_site import CHROMIUM_ARGS, chromium_path, served

from paciencia.games import REGISTRY
from paciencia.web.http.compress import PAGE_LEVEL, PAGE_QUALITY

BUDGET = 45 * 1024
FIRST_TRIP = 14_600  # ten TCP segments of 1460 bytes: what the first round trip carries


def first_visit(browser: Any, url: str, table: str) -> tuple[int, int, list[tuple[str, int]], str, str]:
    """The bytes moved by a first visit to ``table`` (headers and bodies, and the bodies alone),
    each response's, the page's path and its player cookie."""
    context = browser.new_context(base_url=url, viewport={"width": 390, "height": 844})
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    urls: dict[str, str] = {}
    heads: dict[str, int] = {}
    moved: dict[str, int] = {}

    def received(ev: dict[str, Any]) -> None:
        urls[ev["requestId"]] = ev["response"]["url"]
        heads[ev["requestId"]] = int(ev["response"].get("encodedDataLength", 0))  # the headers, so far

    cdp.on("Network.responseReceived", received)
    cdp.on("Network.loadingFinished", lambda ev: moved.__setitem__(ev["requestId"], int(ev["encodedDataLength"])))
    page.goto(f"/en/{table}")
    page.wait_for_selector("html[data-ready]")
    page.wait_for_load_state("networkidle")
    path = page.evaluate("location.pathname")
    cookie = "; ".join(f"{c['name']}={c['value']}" for c in context.cookies())
    context.close()
    each = sorted(((urls.get(r, r).replace(url, ""), n) for r, n in moved.items()), key=lambda kv: -kv[1])
    bodies = sum(n - heads.get(r, 0) for r, n in moved.items())
    return sum(moved.values()), bodies, each, path, cookie


def html_figures(url: str, path: str, cookie: str) -> tuple[int, int, str, int, int]:
    """The HTML raw and as sent, its encoding, the board's end (raw offset) and how many
    compressed bytes carry the page up to it."""
    headers = {"Accept-Encoding": "gzip, deflate, br", "Cookie": cookie}
    with urllib.request.urlopen(urllib.request.Request(url + path, headers=headers)) as res:
        sent = res.read()
        encoding = res.headers.get("Content-Encoding", "identity")
    if encoding not in ("br", "gzip", "identity"):
        raise SystemExit(f"this bench reads brotli, gzip or plain HTML, not {encoding}")
    raw = {"br": brotli.decompress, "gzip": lambda b: zlib.decompress(b, 16 + zlib.MAX_WBITS)}.get(
        encoding, lambda b: b
    )(sent)
    board = raw.index(b'id="board"')
    end = raw.index(b"</section>", board) + len(b"</section>")
    if encoding == "identity":
        return len(raw), len(sent), encoding, end, end
    # The compressed bytes a streaming reader needs to have the page up to the board's end.
    if encoding == "br":
        br = brotli.Compressor(quality=PAGE_QUALITY)
        upto = len(br.process(raw[:end]) + br.flush())
    else:
        z = zlib.compressobj(PAGE_LEVEL, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
        upto = len(z.compress(raw[:end]) + z.flush(zlib.Z_SYNC_FLUSH))
    return len(raw), len(sent), encoding, end, upto


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("tables", nargs="*", default=list(REGISTRY), help="the games' tables (default: every one)")
    tables = ap.parse_args().tables
    ok = True
    with served() as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        first_visit(browser, url, tables[0])  # warms the server up: not counted
        for table in tables:
            total, bodies, each, path, cookie = first_visit(browser, url, table)
            raw, sent, encoding, end, upto = html_figures(url, path, cookie)
            within = total <= BUDGET and upto <= FIRST_TRIP
            ok &= within
            print(
                f"{table}: first visit {total:,d} B = {total / 1024:.1f} KB on the wire in {len(each)} responses "
                f"(budget {BUDGET // 1024} KB), of which bodies {bodies:,d} B = {bodies / 1024:.1f} KB"
            )
            for name, n in each:
                print(f"  {n:8,d} B  {name}")
            print(
                f"  HTML: {raw:,d} B raw, {sent:,d} B sent ({encoding}); the board's markup ends at byte {end:,d} "
                f"of the raw HTML, {upto:,d} B into what is sent (first round trip {FIRST_TRIP:,d} B)"
            )
        browser.close()
    print("within budget" if ok else "OVER BUDGET")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
