"""A private PostgreSQL cluster for tests: initdb, trust auth on loopback, fsync off.

``initdb`` refuses to run as root, so when the tests run as root the cluster belongs to an
unprivileged account (``postgres`` when it exists). Each test gets its own database
(:meth:`PostgresServer.create_database`), dropped afterwards.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import psycopg
from psycopg import sql

from servers import ServiceAccount, make_private_dir, require_binary
from servers.ports import LOOPBACK, free_port

PG_BIN_DIRS = (
    "/usr/lib/postgresql/17/bin",
    "/usr/lib/postgresql/16/bin",
    "/usr/lib/postgresql/15/bin",
)
SUPERUSER = "postgres"


def _find_tool(name: str) -> str:
    return require_binary(
        [name, *(f"{directory}/{name}" for directory in PG_BIN_DIRS)], f"PostgreSQL ({name})"
    )


class PostgresServer:
    """One private cluster on a free loopback port; ``close()`` stops it and removes it."""

    def __init__(self, account: ServiceAccount) -> None:
        self.initdb = _find_tool("initdb")
        self.pg_ctl = str(Path(self.initdb).with_name("pg_ctl"))
        self.account = account
        self.host = LOOPBACK
        self.port = free_port()
        self.root = make_private_dir("referee-postgres-", account)
        self.data = self.root / "data"
        self.sockets = self.root / "sockets"
        self._run(
            [
                self.initdb,
                "-D",
                str(self.data),
                "-U",
                SUPERUSER,
                "-A",
                "trust",
                "-E",
                "UTF8",
                "--no-locale",
                "--no-sync",
            ]
        )
        self._run(["mkdir", "-p", str(self.sockets)])
        options = (
            f"-p {self.port} -k {self.sockets} -c listen_addresses={self.host} -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off"
        )
        self._run(
            [
                self.pg_ctl,
                "-w",
                "-t",
                "30",
                "-D",
                str(self.data),
                "-l",
                str(self.root / "postgres.log"),
                "-o",
                options,
                "start",
            ]
        )
        self.started = True

    def _run(self, command: list[str]) -> None:
        kwargs: dict[str, Any] = {}
        if self.account.switch:
            kwargs = {"user": self.account.uid, "group": self.account.gid, "extra_groups": []}
        result = subprocess.run(
            command, capture_output=True, check=False, timeout=120, cwd=self.root, **kwargs
        )
        if result.returncode != 0:
            raise RuntimeError(
                f"{Path(command[0]).name} failed ({result.returncode}): "
                f"{result.stderr.decode(errors='replace')}{self.log_tail()}"
            )

    def log_tail(self, lines: int = 20) -> str:
        log = self.root / "postgres.log"
        if not log.exists():
            return ""
        text = log.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:]
        return "\n" + "\n".join(text)

    def url(self, database: str) -> str:
        """A SQLAlchemy URL (psycopg 3 driver) for ``database`` on this cluster."""
        return f"postgresql+psycopg://{SUPERUSER}@{self.host}:{self.port}/{database}"

    def _admin(self) -> psycopg.Connection[Any]:
        return psycopg.connect(
            host=self.host,
            port=self.port,
            user=SUPERUSER,
            dbname="postgres",
            autocommit=True,
            connect_timeout=10,
        )

    def create_database(self, name: str) -> str:
        with self._admin() as connection:
            connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return self.url(name)

    def drop_database(self, name: str) -> None:
        with self._admin() as connection:
            connection.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )

    def close(self) -> None:
        if self.started:
            self.started = False
            self._run([self.pg_ctl, "-w", "-D", str(self.data), "-m", "immediate", "stop"])
        shutil.rmtree(self.root, ignore_errors=True)
