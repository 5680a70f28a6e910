"""Real servers for the tests: a private Dovecot, a private PostgreSQL cluster, aiosmtpd.

Each server runs as an ordinary process on loopback with its files under a temporary
directory. Dovecot and PostgreSQL refuse to run as root; when the tests run as root (as in
the project's containers) the server processes are started as an unprivileged account
(:func:`service_account`) and their directory is handed to it.

A missing server binary skips the tests that need it, except under ``CI=true``, where it
fails them: a CI run must never pass by skipping its real-server tests.
"""

from __future__ import annotations

import grp
import os
import pwd
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

__all__ = ["ServiceAccount", "make_private_dir", "require_binary", "service_account"]


def require_binary(candidates: list[str], what: str) -> str:
    """The first existing executable among ``candidates`` (names or paths), else skip/fail."""
    for candidate in candidates:
        found = shutil.which(candidate)
        if found is not None:
            return found
    message = f"{what} is not installed (looked for {', '.join(candidates)})"
    if os.environ.get("CI") == "true":
        pytest.fail(f"{message}; under CI=true the real-server tests must run", pytrace=False)
    pytest.skip(message)


@dataclass(frozen=True)
class ServiceAccount:
    """The account a server process runs as."""

    name: str
    uid: int
    gid: int
    group: str

    @property
    def switch(self) -> bool:
        """Whether the process must switch to this account (we are root and it is not)."""
        return os.getuid() != self.uid


def service_account(preferred: tuple[str, ...]) -> ServiceAccount:
    """The current user, or (when root) the first of ``preferred`` that exists, else nobody."""
    if os.getuid() != 0:
        entry = pwd.getpwuid(os.getuid())
    else:
        for name in (*preferred, "nobody"):
            try:
                entry = pwd.getpwnam(name)
            except KeyError:
                continue
            if entry.pw_uid != 0:
                break
        else:
            pytest.fail("running as root and no unprivileged account exists for the servers")
    group = grp.getgrgid(entry.pw_gid).gr_name
    return ServiceAccount(entry.pw_name, entry.pw_uid, entry.pw_gid, group)


def make_private_dir(prefix: str, account: ServiceAccount) -> Path:
    """A fresh temporary directory owned by ``account`` (mode 0700)."""
    path = Path(tempfile.mkdtemp(prefix=prefix))
    if account.switch:
        os.chown(path, account.uid, account.gid)
    return path


def chown_tree(path: Path, account: ServiceAccount) -> None:
    """Give ``path`` and everything below it to ``account`` (a no-op when we are it)."""
    if not account.switch:
        return
    os.chown(path, account.uid, account.gid)
    for root, dirs, files in os.walk(path):
        for name in dirs + files:
            os.chown(Path(root) / name, account.uid, account.gid, follow_symlinks=False)
