"""Free loopback ports for test servers."""

from __future__ import annotations

import socket
import time

LOOPBACK = "127.0.0.1"


def free_port(host: str = LOOPBACK) -> int:
    """A TCP port on ``host`` that nothing listens on right now (the kernel's choice)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        port: int = sock.getsockname()[1]
        return port


def wait_for_greeting(host: str, port: int, prefix: bytes, timeout: float) -> bytes:
    """Connect until the server greets with a line starting with ``prefix``; return it.

    Raises :class:`TimeoutError` if no such greeting came within ``timeout`` seconds.
    """
    deadline = time.monotonic() + timeout
    last: Exception | None = None
    while time.monotonic() < deadline:
        try:
            with (
                socket.create_connection((host, port), timeout=1.0) as sock,
                sock.makefile("rb") as stream,
            ):
                line = stream.readline()
                if line.startswith(prefix):
                    return line
                last = ConnectionError(f"unexpected greeting {line[:80]!r}")
        except OSError as error:
            last = error
        time.sleep(0.02)
    raise TimeoutError(f"no greeting from {host}:{port} within {timeout} s: {last}")
