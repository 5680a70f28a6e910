"""A private Dovecot IMAP server for tests (see ``notes/test-servers.md`` for the settings).

:class:`DovecotServer` is one Dovecot process with its own configuration, runtime
directories and passwd-files under a temporary directory, listening on a free loopback port
without TLS. Tests get a fresh :class:`DovecotAccount` each (a new user with an empty
Maildir and a passwd-file of its own, ``{PLAIN}`` password), so one server serves the
whole session.

``DovecotServer(account, tls=True)`` also speaks TLS: STARTTLS on the plain port and
implicit TLS on a second free port (``imaps_port``), with a certificate for 127.0.0.1 and
localhost issued by a private CA made with ``openssl`` for this server alone
(``ca_file``), so a client must be told to trust that CA.

Its mail settings are Dovecot's own defaults, as an operator's server has them. In particular
an idling client hears of new mail half a second after it arrives: Dovecot 2.3 waits 500 ms
after a file-system notification before it looks at the mailbox, a constant of its source
that no setting changes (``mailbox_idle_check_interval`` is only the fallback timer, in whole
seconds, and each notification restarts it). Tests and ``bench.latency`` that need mail
sooner use the referee's ``check_seconds`` (a NOOP answers at once), not a server tuned
differently from a real one.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import time
import uuid
from pathlib import Path
from typing import Any

from imapclient import IMAPClient

from servers import ServiceAccount, chown_tree, make_private_dir, require_binary
from servers.ports import LOOPBACK, free_port, wait_for_greeting

CLIENT_TIMEOUT = 10.0
START_TIMEOUT = 15.0
STOP_TIMEOUT = 10.0

_CONFIG = """\
base_dir = {root}/run
state_dir = {root}/state
instance_name = referee-test-{port}
protocols = imap
listen = {host}
{ssl}
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = {user}
default_internal_group = {group}
default_login_user = {user}
first_valid_uid = {first_uid}
mail_location = maildir:~/Maildir
log_path = {root}/dovecot.log
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {root}/users/%u.passwd
}}
userdb {{
  driver = passwd-file
  args = username_format=%u {root}/users/%u.passwd
}}
service imap-login {{
  chroot =
  inet_listener imap {{
    address = {host}
    port = {port}
  }}
  inet_listener imaps {{
    address = {host}
    port = {imaps_port}
  }}
}}
service anvil {{
  chroot =
  # No auth penalty: a test of a wrong password must not slow later tests' logins.
  unix_listener anvil-auth-penalty {{
    mode = 0
  }}
}}
auth_failure_delay = 0
"""


_TLS_CONFIG = """\
ssl = yes
ssl_cert = <{tls}/server.pem
ssl_key = <{tls}/server.key
"""


def make_certificates(directory: Path, host: str) -> Path:
    """A private CA and a server certificate it signed for ``host`` and localhost, written
    to ``directory`` (``ca.pem``, ``server.pem``, ``server.key``); returns the CA's file.

    EC keys, because they are made in milliseconds; one day of validity is plenty.
    """
    openssl = require_binary(["openssl"], "openssl")
    directory.mkdir(parents=True, exist_ok=True)

    def run(*args: str) -> None:
        result = subprocess.run(
            [openssl, *args], cwd=directory, capture_output=True, check=False, timeout=30
        )
        if result.returncode != 0:
            raise RuntimeError(f"openssl {args[0]} failed: {result.stderr.decode()}")

    new_key = ("-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes")
    one_day = ("-days", "1")
    run(
        "req",
        "-x509",
        *new_key,
        *one_day,
        "-keyout",
        "ca.key",
        "-out",
        "ca.pem",
        "-subj",
        "/CN=referee test CA",
    )
    run("req", *new_key, "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=localhost")
    (directory / "server.ext").write_text(
        f"subjectAltName = IP:{host}, DNS:localhost\n"
        "basicConstraints = CA:FALSE\n"
        "extendedKeyUsage = serverAuth\n",
        encoding="utf-8",
    )
    signed_by_ca = ("-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial")
    run(
        "x509",
        "-req",
        "-in",
        "server.csr",
        *signed_by_ca,
        *one_day,
        "-extfile",
        "server.ext",
        "-out",
        "server.pem",
    )
    return directory / "ca.pem"


class DovecotServer:
    """One private Dovecot process; ``stop()`` and ``start()`` keep the same port and data."""

    def __init__(self, account: ServiceAccount, *, tls: bool = False) -> None:
        self.binary = require_binary(["dovecot", "/usr/sbin/dovecot"], "Dovecot (dovecot-imapd)")
        self.account = account
        self.host = LOOPBACK
        self.port = free_port()
        self.root = make_private_dir("referee-dovecot-", account)
        for name in ("run", "state", "mail", "users"):
            (self.root / name).mkdir()
        # Without TLS the imaps listener gets port 0, which keeps it from binding 993.
        self.imaps_port = free_port() if tls else 0
        self.ca_file: Path | None = None
        ssl = "ssl = no"
        if tls:
            self.ca_file = make_certificates(self.root / "tls", self.host)
            ssl = _TLS_CONFIG.format(tls=self.root / "tls")
        self.config = self.root / "dovecot.conf"
        self.config.write_text(
            _CONFIG.format(
                root=self.root,
                host=self.host,
                port=self.port,
                imaps_port=self.imaps_port,
                ssl=ssl,
                user=account.name,
                group=account.group,
                first_uid=min(account.uid, 500) or 1,
            ),
            encoding="utf-8",
        )
        chown_tree(self.root, account)
        self._process: subprocess.Popen[bytes] | None = None

    # -- process -----------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def start(self) -> None:
        if self.running:
            return
        kwargs: dict[str, Any] = {}
        if self.account.switch:
            kwargs = {"user": self.account.uid, "group": self.account.gid, "extra_groups": []}
        self._process = subprocess.Popen(
            [self.binary, "-F", "-c", str(self.config)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # its own process group, so stop() can end every child
            **kwargs,
        )
        try:
            wait_for_greeting(self.host, self.port, b"* OK", START_TIMEOUT)
        except TimeoutError as error:
            self.stop()
            raise RuntimeError(f"Dovecot did not start: {error}\n{self.log_tail()}") from None

    def stop(self) -> None:
        """Stop the server and every process it started (open IMAP sessions included), as
        a machine going down would; connected clients see their connection end."""
        process, self._process = self._process, None
        if process is None:
            return
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(STOP_TIMEOUT)
        # Session processes (imap) may outlive the master: end the rest of its group.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)

    def log_tail(self, lines: int = 30) -> str:
        log = self.root / "dovecot.log"
        if not log.exists():
            return "(no Dovecot log)"
        return "\n".join(log.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])

    # -- accounts ----------------------------------------------------------------------

    def add_user(self, user: str, password: str) -> Path:
        """Add a user with a {PLAIN} password; returns the user's home directory.

        Each user has a passwd-file of its own (the path has ``%u`` in it): Dovecot notices a
        changed passwd-file only after a while, but a new file is read at once.
        """
        home = self.root / "mail" / user
        line = f"{user}:{{PLAIN}}{password}:{self.account.uid}:{self.account.gid}::{home}\n"
        passwd = self.root / "users" / f"{user}.passwd"
        passwd.write_text(line, encoding="utf-8")
        chown_tree(passwd, self.account)
        return home

    def doveadm(self, *args: str) -> str:
        """Run ``doveadm`` against this instance's configuration; returns its output."""
        binary = require_binary(["doveadm", "/usr/bin/doveadm"], "doveadm")
        result = subprocess.run(
            [binary, "-c", str(self.config), *args],
            capture_output=True,
            check=False,
            timeout=30,
        )
        if result.returncode != 0:
            raise RuntimeError(f"doveadm {' '.join(args)} failed: {result.stderr.decode()}")
        return result.stdout.decode()


class DovecotAccount:
    """One user's mailbox on a :class:`DovecotServer`: what a test talks to."""

    def __init__(self, server: DovecotServer) -> None:
        self.server = server
        self.user = f"u{uuid.uuid4().hex[:10]}"
        self.password = f"pw-{uuid.uuid4().hex}"
        self.home = server.add_user(self.user, self.password)

    @property
    def host(self) -> str:
        return self.server.host

    @property
    def port(self) -> int:
        return self.server.port

    def connect(self) -> IMAPClient:
        """A logged-in IMAP client (plain text, loopback), always with a timeout."""
        client = IMAPClient(self.host, self.port, ssl=False, timeout=CLIENT_TIMEOUT)
        try:
            client.login(self.user, self.password)
        except Exception:
            client.shutdown()
            raise
        return client

    def append(self, folder: str, raw: bytes) -> None:
        """APPEND ``raw`` to ``folder`` over a separate IMAP connection."""
        with self.connect() as client:
            client.append(folder, raw)

    def create_folder(self, folder: str) -> None:
        with self.connect() as client:
            client.create_folder(folder)

    def delete_folder(self, folder: str) -> None:
        with self.connect() as client:
            client.delete_folder(folder)

    def uidvalidity(self, folder: str) -> int:
        with self.connect() as client:
            status = client.folder_status(folder, [b"UIDVALIDITY"])
            return int(status[b"UIDVALIDITY"])

    def uids(self, folder: str) -> list[int]:
        with self.connect() as client:
            client.select_folder(folder, readonly=True)
            return sorted(int(uid) for uid in client.search(["ALL"]))

    def flags(self, folder: str) -> dict[int, tuple[bytes, ...]]:
        with self.connect() as client:
            client.select_folder(folder, readonly=True)
            fetched = client.get_flags(client.search(["ALL"]))
            return {int(uid): tuple(flags) for uid, flags in fetched.items()}

    def change_uidvalidity(self, folder: str) -> int:
        """Give ``folder`` a new UIDVALIDITY, keeping its messages (as a server might after
        an index rebuild); returns the new value. Uses ``doveadm mailbox update``."""
        new = self.uidvalidity(folder) + 1000
        self.server.doveadm(
            "mailbox", "update", "-u", self.user, "--uid-validity", str(new), folder
        )
        return new

    def deliver(self, folder: str, raw: bytes) -> None:
        """Deliver ``raw`` with dovecot-lda, as an MTA would: works while IMAP is down.

        The LDA runs as the mail user with HOME and USER set and without ``-d``, so it needs
        no user lookup from the (possibly stopped) server's auth service.
        """
        binary = require_binary(
            ["/usr/lib/dovecot/dovecot-lda", "dovecot-lda"], "dovecot-lda (dovecot-core)"
        )
        account = self.server.account
        kwargs: dict[str, Any] = {}
        if account.switch:
            kwargs = {"user": account.uid, "group": account.gid, "extra_groups": []}
        result = subprocess.run(
            [binary, "-c", str(self.server.config), "-m", folder],
            input=raw,
            capture_output=True,
            check=False,
            timeout=30,
            env={"HOME": str(self.home), "USER": self.user, "PATH": "/usr/bin:/bin"},
            **kwargs,
        )
        if result.returncode != 0:
            raise RuntimeError(
                f"dovecot-lda failed ({result.returncode}): {result.stderr.decode()}\n"
                f"{self.server.log_tail(5)}"
            )

    # Restarting is the server's business; the account forwards for convenience.
    def stop(self) -> None:
        self.server.stop()

    def start(self) -> None:
        self.server.start()


def wait_until_stopped(host: str, port: int, timeout: float = 5.0) -> None:
    """Wait until nothing accepts connections on ``host:port`` any more."""
    import socket

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((host, port), timeout=0.5):
                pass
        except OSError:
            return
        time.sleep(0.02)
    raise TimeoutError(f"{host}:{port} still accepts connections")
