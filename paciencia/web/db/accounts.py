"""What a player is besides its games: its name on the rankings (a handle, shown once it opts
in), the browsers it linked (``devices``) and the one-time codes that link them. One engine with
the store's (``Store.engine``); every method blocks (callers run them off the event loop)."""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import delete, func, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from paciencia.web.db.tables import devices, handles, link_codes


@dataclass(frozen=True, slots=True)
class Handle:
    """A player's name on the rankings: two words' places in ``play/challenge_words.py``'s lists."""

    adjective: int
    animal: int
    shown: bool


@dataclass(frozen=True, slots=True)
class Device:
    id: str
    label: str
    created: float
    seen: float


@dataclass(frozen=True, slots=True)
class LinkCode:
    id: str
    player: str
    digest: str
    expires: float


class Accounts:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- handles -----------------------------------------------------------------------------------

    def handle(self, player: str) -> Handle | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                select(handles.c.adjective, handles.c.animal, handles.c.shown).where(handles.c.player == player)
            ).first()
        return None if row is None else Handle(int(row[0]), int(row[1]), bool(row[2]))

    def handles_of(self, players: list[str]) -> dict[str, Handle]:
        """The handles of those of ``players`` who have one."""
        if not players:
            return {}
        query = select(handles.c.player, handles.c.adjective, handles.c.animal, handles.c.shown).where(
            handles.c.player.in_(players)
        )
        with self.engine.connect() as conn:
            return {str(p): Handle(int(a), int(b), bool(s)) for p, a, b, s in conn.execute(query).all()}

    def set_handle(self, player: str, drawn: Handle, shown: bool) -> Handle:
        """Opts ``player`` in or out, giving it ``drawn`` the first time (a handle, once given, stays)."""
        now = time.time()
        with self.engine.begin() as conn:
            done = conn.execute(
                update(handles).where(handles.c.player == player).values(shown=int(shown), updated=now)
            ).rowcount
        if not done:
            try:
                with self.engine.begin() as conn:
                    conn.execute(
                        handles.insert().values(
                            player=player, adjective=drawn.adjective, animal=drawn.animal, shown=int(shown), updated=now
                        )
                    )
            except IntegrityError:  # the same player's other request made it first
                return self.set_handle(player, drawn, shown)
        found = self.handle(player)
        assert found is not None
        return found

    # -- devices -----------------------------------------------------------------------------------

    def devices(self, player: str) -> list[Device]:
        query = (
            select(devices.c.id, devices.c.label, devices.c.created, devices.c.seen)
            .where(devices.c.player == player)
            .order_by(devices.c.created)
        )
        with self.engine.connect() as conn:
            return [Device(str(i), str(label), float(c), float(s)) for i, label, c, s in conn.execute(query).all()]

    def add_device(self, device: str, player: str, label: str) -> None:
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(devices.insert().values(id=device, player=player, label=label[:80], created=now, seen=now))

    def device_player(self, device: str) -> str | None:
        """Whose the device is (None: no such device, or removed)."""
        with self.engine.connect() as conn:
            found = conn.execute(select(devices.c.player).where(devices.c.id == device)).scalar()
        return None if found is None else str(found)

    def has_devices(self, player: str) -> bool:
        with self.engine.connect() as conn:
            found = conn.execute(select(devices.c.id).where(devices.c.player == player).limit(1)).first()
        return found is not None

    def seen(self, device: str, now: float) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(devices).where(devices.c.id == device).values(seen=now))

    def remove_device(self, player: str, device: str) -> bool:
        with self.engine.begin() as conn:
            done = conn.execute(delete(devices).where(devices.c.id == device, devices.c.player == player)).rowcount
        return bool(done)

    def move_player(self, from_player: str, to_player: str) -> None:
        """Gives ``from_player``'s devices, and its handle where ``to_player`` has none, to
        ``to_player`` (the games are the store's: ``Store.move_games``)."""
        with self.engine.begin() as conn:
            conn.execute(update(devices).where(devices.c.player == from_player).values(player=to_player))
            conn.execute(delete(link_codes).where(link_codes.c.player == from_player))
            theirs = conn.execute(select(handles.c.player).where(handles.c.player == to_player)).first()
            if theirs is None:
                conn.execute(update(handles).where(handles.c.player == from_player).values(player=to_player))
            else:
                conn.execute(delete(handles).where(handles.c.player == from_player))

    # -- one-time link codes -----------------------------------------------------------------------

    def new_code(self, code: str, player: str, slot: str, digest: str, expires: float) -> None:
        """Keeps a new code for ``player``, its earlier ones dropped (one code at a time), and the
        expired codes of everyone."""
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(delete(link_codes).where((link_codes.c.player == player) | (link_codes.c.expires < now)))
            conn.execute(
                link_codes.insert().values(
                    id=code, player=player, slot=slot, digest=digest, created=now, expires=expires
                )
            )

    def codes_at(self, slot: str, now: float) -> list[LinkCode]:
        """The live codes whose first word is ``slot``."""
        query = select(link_codes.c.id, link_codes.c.player, link_codes.c.digest, link_codes.c.expires).where(
            link_codes.c.slot == slot, link_codes.c.expires > now
        )
        with self.engine.connect() as conn:
            return [LinkCode(str(i), str(p), str(d), float(e)) for i, p, d, e in conn.execute(query).all()]

    def slot_taken(self, slot: str, now: float) -> bool:
        live = (link_codes.c.slot == slot, link_codes.c.expires > now)
        query = select(func.count()).select_from(link_codes).where(*live)
        with self.engine.connect() as conn:
            return bool(conn.execute(query).scalar())

    def use_code(self, code: str) -> bool:
        """Takes the code for good: True for the one request that does (single use)."""
        with self.engine.begin() as conn:
            return bool(conn.execute(delete(link_codes).where(link_codes.c.id == code)).rowcount)
