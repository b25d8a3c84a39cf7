"""A player's record on every device: a one-time code shown on one browser, typed (or scanned) on
another, makes the second the same player; the list of a player's browsers, each removable.

**The code.** Four words of the page's language (``codewords.py``: ``len(WORDS)`` a language),
drawn with ``secrets``, valid ``CODE_SECONDS`` and once. The first word is where a typed code is
looked for (its *slot*; a new code takes a slot no live code holds, while there is one), the
other three are its secret: the database keeps the slot and a SHA-256 of the whole code, folded
(lower case, accents and punctuation away), never the words.

**Guessing.** Every code typed passes the admission (``service/admission.py``): per player and per
address (``joins``, 1 a minute past a burst of 5; an address 4 times that), and each live code
found at the typed slot spends one of its own ``CODE_TRIES`` tries, whoever types it from
wherever; past them the code is burnt. So a code, however many addresses try it, is guessed with
a chance of at most ``CODE_TRIES`` in ``len(WORDS) ** 3`` (``ODDS``: 5 in 34,012,224, about one in
6.8 million), even by someone who knows its first word; one who does not must first hit a slot
that holds a live code, and every try, hit or miss, comes out of the address's bucket.

**Joining.** The browser that types the code becomes the code's player: its own games, its other
linked browsers and its handle (where the player has none) go to that player (nothing is lost
on either side), it becomes one of the player's devices, and its cookie names the player and
the device (``http/players.py``). The browser that made the code becomes a device too. From then
on a cookie of the player without a device is no cookie (only that browser had it, and it was
given the new one), and a removed device's cookie is no cookie: that browser starts afresh as a
new player, and nothing of the player's is removed with it.

**Checking cookies.** ``Gate`` answers, for the player cookie middleware, whose a cookie is: from
its memory for ``GATE_SECONDS``, else from the database (off the event loop). A device removed
here is forgotten at once; another server process learns it within ``GATE_SECONDS``.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import io
import re
import secrets
import threading
import time
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from paciencia.play.errors import ServiceError
from paciencia.web.db.accounts import Accounts
from paciencia.web.db.store import Store, new_id
from paciencia.web.service.admission import CODE_TRIES, Admission
from paciencia.web.service.codewords import LANGUAGES, WORDS

CODE_WORDS = 4
"""Words in a code: the slot's and three of secret."""
CODE_SECONDS = 600
"""How long a code lives (ten minutes), unless used first."""
ODDS = (CODE_TRIES, len(WORDS) ** (CODE_WORDS - 1))
"""A code's chance of being guessed at all, as (tries, outcomes): ``CODE_TRIES`` tries at most,
each against every way its three secret words can be."""
SLOT_DRAWS = 32
"""First words drawn for a new code before one held by a live code is taken all the same."""
GATE_SECONDS = 10.0
"""How long a process trusts what it learnt of a cookie (a device removed elsewhere, a player
whose browser joined another): the longest a removed device still plays in another process."""
GATE_KEYS = 20_000
SEEN_EVERY = 3600.0
"""A device's "last seen" is written at most this often."""
_WORD = re.compile(r"[a-z]+")


def fold(text: str) -> list[str]:
    """The words of a typed code: lower case, accents and anything not a letter away."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))
    return _WORD.findall(plain)


def digest(words: list[str]) -> str:
    return hashlib.sha256(("paciencia link:" + " ".join(words)).encode()).hexdigest()


def device_label(user_agent: str) -> str:
    """A browser's name and its system's, as its User-Agent says them (product names: no words to translate)."""
    ua = user_agent or ""
    browser = next(
        (
            name
            for key, name in (
                ("Edg/", "Edge"),
                ("OPR/", "Opera"),
                ("SamsungBrowser", "Samsung Internet"),
                ("Firefox/", "Firefox"),
                ("Chrome/", "Chrome"),
                ("Chromium/", "Chromium"),
                ("Safari/", "Safari"),
            )
            if key in ua
        ),
        "",
    )
    system = next(
        (
            name
            for key, name in (
                ("Android", "Android"),
                ("iPhone", "iPhone"),
                ("iPad", "iPad"),
                ("Windows", "Windows"),
                ("Mac OS X", "macOS"),
                ("CrOS", "ChromeOS"),
                ("Linux", "Linux"),
            )
            if key in ua
        ),
        "",
    )
    return " · ".join(p for p in (browser, system) if p) or "—"


def qr_svg(text: str) -> str:
    """``text`` as a QR code, an SVG document drawn on the server (segno), black on white."""
    import segno

    out = io.BytesIO()
    segno.make(text, error="m").save(
        out, kind="svg", xmldecl=False, nl=False, scale=4, border=2, dark="#000", light="#fff"
    )
    return out.getvalue().decode()


def qr_data_url(text: str) -> str:
    """The QR code as an image's URL (the pages' policy takes ``data:`` images, no inline SVG markup)."""
    return "data:image/svg+xml;base64," + base64.b64encode(qr_svg(text).encode()).decode()


@dataclass(frozen=True, slots=True)
class NewCode:
    words: list[str]
    expires: float

    @property
    def text(self) -> str:
        return " ".join(self.words)

    @property
    def slug(self) -> str:
        """The code in a URL: folded words joined by hyphens."""
        return "-".join(fold(self.text))


class Gate:
    """Whose a signed cookie is, as the player cookie middleware asks: ``cached`` at once from this
    process's memory, else ``resolve`` from the database (blocking: off the event loop)."""

    UNKNOWN = object()

    def __init__(self, accounts: Accounts, seconds: float = GATE_SECONDS) -> None:
        self.accounts = accounts
        self.seconds = seconds
        self._known: OrderedDict[tuple[str, str | None], tuple[str | None, float]] = OrderedDict()
        self._seen: dict[str, float] = {}
        self._lock = threading.Lock()

    def cached(self, player: str, device: str | None) -> Any:
        """The player the cookie names (None: no one any more), or ``UNKNOWN``."""
        with self._lock:
            found = self._known.get((player, device))
            if found is None or found[1] < time.monotonic():
                return self.UNKNOWN
            return found[0]

    def resolve(self, player: str, device: str | None) -> str | None:
        """A cookie without a device is its player's while the player has no device; one with
        a device is the player's its row names (a browser that joined another brings its devices
        along), no one's once removed."""
        if device is None:
            found = None if self.accounts.has_devices(player) else player
        else:
            found = self.accounts.device_player(device)
            now = time.time()
            if found is not None and now - self._seen.get(device, 0.0) > SEEN_EVERY:
                self._seen[device] = now
                self.accounts.seen(device, now)
        with self._lock:
            self._known[(player, device)] = (found, time.monotonic() + self.seconds)
            self._known.move_to_end((player, device))
            while len(self._known) > GATE_KEYS:
                self._known.popitem(last=False)
        return found

    def forget(self, player: str | None = None, device: str | None = None) -> None:
        """Forgets what this process knew of ``player``'s cookies and of ``device``'s."""
        with self._lock:
            for key in [k for k in self._known if k[0] == player or (device is not None and k[1] == device)]:
                del self._known[key]


class Devices:
    """Link codes, joining, and a player's devices (every method blocks)."""

    def __init__(self, store: Store, accounts: Accounts, admission: Admission, gate: Gate) -> None:
        self.store = store
        self.accounts = accounts
        self.admission = admission
        self.gate = gate

    def _this_device(self, player: str, device: str | None, user_agent: str) -> str:
        """This browser's device of ``player``: the one its cookie names, else a new one."""
        if device is not None and self.accounts.device_player(device) == player:
            return device
        made = new_id()
        self.accounts.add_device(made, player, device_label(user_agent))
        self.gate.forget(player)
        return made

    def link(
        self, player: str, device: str | None, address: str | None, locale: str, user_agent: str
    ) -> tuple[NewCode, str]:
        """A new one-time code for ``player`` (their earlier one dropped), and this browser's
        device (made now if it had none: its cookie is to name it from now on)."""
        self.admission.link(player, address)
        this = self._this_device(player, device, user_agent)
        column = LANGUAGES.get(locale, 0)
        now = time.time()
        slot_words = [WORDS[secrets.randbelow(len(WORDS))][column] for _ in range(SLOT_DRAWS)]
        first = next((w for w in slot_words if not self.accounts.slot_taken(fold(w)[0], now)), slot_words[0])
        words = [first, *(WORDS[secrets.randbelow(len(WORDS))][column] for _ in range(CODE_WORDS - 1))]
        code = NewCode(words, now + CODE_SECONDS)
        folded = fold(code.text)
        self.accounts.new_code(new_id(), player, folded[0], digest(folded), code.expires)
        return code, this

    def join(
        self, player: str, device: str | None, address: str | None, typed: str, user_agent: str
    ) -> tuple[str, str, int]:
        """Makes this browser the player whose live code was typed: (that player, this browser's
        device of theirs, how many of this browser's games moved to them). 404 ``link_unknown``
        for a code not known (expired, used, burnt, mistyped: one answer for all), 409
        ``link_self`` for the code this very player made."""
        self.admission.join(player, address)
        words = fold(typed)
        if not words:
            raise ServiceError(404, "link_unknown", "link_unknown")
        wanted = digest(words)
        found = None
        for code in self.accounts.codes_at(words[0], time.time()):
            if not self.admission.code_try(code.id):  # its tries are spent: burnt
                self.accounts.use_code(code.id)
                continue
            if found is None and hmac.compare_digest(code.digest, wanted):
                found = code
        if found is None:
            raise ServiceError(404, "link_unknown", "link_unknown")
        if found.player == player:
            raise ServiceError(409, "link_self", "link_self")
        if not self.accounts.use_code(found.id):  # another request took it first: single use
            raise ServiceError(404, "link_unknown", "link_unknown")
        owner = found.player
        moved = self.store.move_games(player, owner)
        self.accounts.move_player(player, owner)
        self.gate.forget(player)
        self.gate.forget(owner)
        if device is not None:
            self.gate.forget(device=device)
        this = self._this_device(owner, device, user_agent)
        return owner, this, moved

    def listed(self, player: str, device: str | None) -> dict[str, Any]:
        """``GET /api/devices``: the player's browsers, this one marked."""
        found = self.accounts.devices(player)
        return {
            "devices": [
                {"id": d.id, "label": d.label, "created": d.created, "seen": d.seen, "this": d.id == device}
                for d in found
            ],
            "this": device if any(d.id == device for d in found) else None,
        }

    def remove(self, player: str, device: str, address: str | None, this: str | None) -> dict[str, Any]:
        """Removes one of the player's devices (404 ``no_device`` for one not theirs): its
        cookie is no cookie from then on (here at once, elsewhere within ``GATE_SECONDS``)."""
        self.admission.account(player, address)
        if not self.accounts.remove_device(player, device):
            raise ServiceError(404, "no_device", "no_device")
        self.gate.forget(device=device)
        return {"removed": device, "this": device == this}
