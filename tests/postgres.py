"""A real PostgreSQL server for the tests: a fresh cluster in a temporary folder, listening on a
free loopback port, started once per test session (``scripts/test`` installs Debian's
``postgresql`` package when its programs are missing).

PostgreSQL refuses to run as root: as root, the cluster belongs to the ``postgres`` user (the
Debian package makes it) and its programs run through ``runuser``.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

import psycopg


def pg_bin() -> Path:
    """The folder of PostgreSQL's server programs: beside ``pg_ctl`` on the PATH, else the
    newest ``/usr/lib/postgresql/<version>/bin``."""
    found = shutil.which("pg_ctl")
    if found is not None:
        folder = Path(os.path.realpath(found)).parent
        if (folder / "initdb").exists() and (folder / "postgres").exists():
            return folder
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda p: int(p.split("/")[4]))
    if not candidates:
        raise RuntimeError(
            "PostgreSQL's programs (initdb, pg_ctl, postgres) are not installed: "
            "run scripts/test, which installs Debian's postgresql package, or apt-get install postgresql"
        )
    return Path(candidates[-1]).parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class PostgresServer:
    folder: Path
    port: int
    user: str | None  # the system user the server runs as (None: ourselves)
    bin: Path
    serial: int = 0
    durable: bool = False

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        cmd = [str(self.bin / args[0]), *args[1:]]
        if self.user is not None:
            cmd = ["runuser", "-u", self.user, "--", *cmd]
        return subprocess.run(cmd, capture_output=True, text=True, check=True, timeout=120)

    @property
    def admin(self) -> str:
        return f"host=127.0.0.1 port={self.port} user=paciencia dbname=postgres"

    def url(self, database: str) -> str:
        return f"postgresql://paciencia@127.0.0.1:{self.port}/{database}"

    def create_database(self) -> str:
        """A new, empty database on this server: a schema of its own in the one test database
        (a schema is made in milliseconds, a database in a good part of a second), named in the
        URL's search path; its URL."""
        self.serial += 1
        name = f"test_{os.getpid()}_{self.serial}"
        with psycopg.connect(self.admin, autocommit=True) as conn:
            conn.execute(f"CREATE SCHEMA {name}")
        return self.url("postgres") + f"?options=-csearch_path%3D{name}"

    def drop_database(self, url: str) -> None:
        name = url.rsplit("%3D", 1)[1]
        with psycopg.connect(self.admin, autocommit=True) as conn:
            conn.execute("SET lock_timeout = '20s'")  # a connection a test left in a transaction
            with suppress(psycopg.errors.LockNotAvailable):  # then left behind: the cluster goes at the end
                conn.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")

    def start(self) -> None:
        """Starts the cluster (again, after ``crash``) and waits until it answers."""
        # A throwaway cluster: no fsync, for speed (the machine does not crash under a test).
        options = f"-p {self.port} -h 127.0.0.1 -k {self.folder} -F -c full_page_writes=off"
        options += " -c max_connections=300" + ("" if self.durable else " -c synchronous_commit=off")
        data = str(self.folder / "data")
        self._run("pg_ctl", "-D", data, "-o", options, "-l", str(self.folder / "log"), "-w", "-t", "60", "start")
        deadline = time.monotonic() + 30
        while True:
            try:
                with psycopg.connect(self.admin, connect_timeout=2):
                    return
            except psycopg.OperationalError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def crash(self) -> None:
        """Stops the server as a crash would (``-m immediate``: no checkpoint, connections cut)."""
        self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "stop")

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def start_postgres(durable: bool = False) -> PostgresServer:
    """A new cluster, started. ``durable``: a commit is written out before it is acknowledged
    (off by default, for speed: a crash of the server may then lose the last commits)."""
    folder = Path(tempfile.mkdtemp(prefix="paciencia-pg-"))
    user = None
    if os.geteuid() == 0:
        user = "postgres"
        try:
            entry = pwd.getpwnam(user)
        except KeyError:
            subprocess.run(["useradd", "--system", "--no-create-home", user], check=True)
            entry = pwd.getpwnam(user)
        os.chown(folder, entry.pw_uid, entry.pw_gid)
    server = PostgresServer(folder, free_port(), user, pg_bin())
    data = str(folder / "data")
    server._run("initdb", "-D", data, "-U", "paciencia", "--auth=trust", "-E", "UTF8", "--no-sync", "--locale=C")
    server.durable = durable
    server.start()
    return server
