"""Player ids: issued by the server, and signed, so that a made-up cookie is no player.

The cookie carries ``<id>.<signature>``: the id as the games table stores it (22 URL-safe
characters) and its HMAC-SHA256 under the site's secret. A cookie whose signature does not
verify is no cookie (its request is a new player's, with the address's limits), and so is an
id without its signature, whoever owns games under it: an id is seen in logs and links.

A browser of a player who linked devices (``service/devices.py``) carries
``<id>.<device>.<signature>`` instead, the signature over both: its device's row says whose it
is (a removed device is no cookie any more), and a player with devices takes no cookie without one.

The secret is ``PACIENCIA_SECRET`` when set (every machine serving one database must be given
the same), else a file made once in the data folder (``secret``, readable by its owner only).
A new secret makes every signed cookie a stranger's: keep it.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import re
import secrets
from contextlib import suppress
from pathlib import Path

from paciencia.web.settings import data_dir

ENV_SECRET = "PACIENCIA_SECRET"
SECRET_FILE = "secret"
MIN_SECRET = 32
"""Characters a secret given in the environment must have at least."""
PLAYER_ID = re.compile(r"[A-Za-z0-9_-]{22,64}")
"""A stored player id (every id ever issued: ``store.new_id``)."""


class BadSecret(RuntimeError):
    """The secret given or kept cannot be used (the site does not start with it)."""


def _read_secret(path: Path) -> bytes:
    text = path.read_text(encoding="ascii", errors="replace").strip()
    try:
        secret = bytes.fromhex(text)
    except ValueError:
        secret = b""
    if len(secret) < 32:
        raise BadSecret(f"the secret file {path} is damaged (64 hex digits expected); restore it from a backup")
    return secret


def secret_in(folder: Path) -> bytes:
    """The secret kept in ``folder``, made there first if there is none. Several processes
    starting at once agree on it: each writes a whole file of its own, and the first to link
    it in place wins (a link never replaces a file); the others read that one."""
    path = folder / SECRET_FILE
    if path.exists():
        return _read_secret(path)
    folder.mkdir(parents=True, exist_ok=True)
    own = folder / f".{SECRET_FILE}.{os.getpid()}.{secrets.token_hex(4)}"
    fd = os.open(own, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="ascii") as out:
            out.write(secrets.token_hex(32) + "\n")
            out.flush()
            os.fsync(out.fileno())
        with suppress(FileExistsError):  # another process made it first: theirs stands
            os.link(own, path)
    finally:
        own.unlink(missing_ok=True)
    return _read_secret(path)


def site_secret() -> bytes:
    """``PACIENCIA_SECRET``, else the data folder's secret (made on first use)."""
    given = os.environ.get(ENV_SECRET)
    if given:
        if len(given) < MIN_SECRET:
            raise BadSecret(f"{ENV_SECRET} must have at least {MIN_SECRET} characters")
        return given.encode()
    folder = data_dir()
    try:
        return secret_in(folder)
    except OSError as e:
        raise BadSecret(f"cannot keep the secret in {folder} ({e}): set {ENV_SECRET}, or make it writable") from None


class Players:
    """Signs and checks player cookies."""

    def __init__(self, secret: bytes) -> None:
        self._secret = secret

    def _signature(self, player: str) -> str:
        mac = hmac.new(self._secret, b"paciencia-player:" + player.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(mac).rstrip(b"=").decode()

    def _device_signature(self, player: str, device: str) -> str:
        message = b"paciencia-device:" + player.encode() + b"." + device.encode()
        mac = hmac.new(self._secret, message, hashlib.sha256).digest()
        return base64.urlsafe_b64encode(mac).rstrip(b"=").decode()

    def cookie(self, player: str, device: str | None = None) -> str:
        """The cookie's value for ``player`` (on its linked browser ``device``)."""
        if device is not None:
            return f"{player}.{device}.{self._device_signature(player, device)}"
        return f"{player}.{self._signature(player)}"

    def identity(self, value: str) -> tuple[str, str | None] | None:
        """The player and device of a signed cookie value (the device None for a cookie without
        one), or None when it is not one of ours."""
        player, _dot, rest = value.partition(".")
        device, dot2, signature = rest.partition(".")
        if not dot2:
            found = self.verified(value)
            return None if found is None else (found, None)
        if not PLAYER_ID.fullmatch(player) or not PLAYER_ID.fullmatch(device) or not signature.isascii():
            return None
        if not hmac.compare_digest(signature, self._device_signature(player, device)):
            return None
        return player, device

    def verified(self, value: str) -> str | None:
        """The player of a signed cookie value, or None when it is not one of ours."""
        player, dot, signature = value.partition(".")
        if not dot or not PLAYER_ID.fullmatch(player) or not signature.isascii():
            return None
        return player if hmac.compare_digest(signature, self._signature(player)) else None
