"""A real headless Chromium (Debian's ``chromium``) for looking at the site's pages.

Each call is one browser process with its own empty profile: a screenshot of a page at a
given window size, or the page's DOM as Chromium built it (``--dump-dom``).
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path

from servers import require_binary

CANDIDATES = ["chromium", "chromium-browser", "google-chrome"]
WHAT = "Chromium (Debian's package chromium; scripts/setup --servers installs it)"


def find_chromium() -> str:
    """Chromium's path; the test is skipped, saying why, when it is missing (failed under
    CI=true, where it must be installed)."""
    return require_binary(CANDIDATES, WHAT)


@dataclass(frozen=True)
class Browser:
    binary: str
    profile: Path

    def _run(self, url: str, *flags: str) -> subprocess.CompletedProcess[bytes]:
        command = [
            self.binary,
            "--headless",
            "--no-sandbox",  # tests may run as root, where Chromium's sandbox refuses to start
            "--disable-gpu",
            "--no-first-run",
            "--disable-extensions",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            f"--user-data-dir={self.profile}",
            *flags,
            url,
        ]
        return subprocess.run(command, capture_output=True, timeout=120, check=True)

    def screenshot(self, page: Path, target: Path, width: int, height: int) -> bytes:
        self._run(page.as_uri(), f"--window-size={width},{height}", f"--screenshot={target}")
        return target.read_bytes()

    def dom(self, page: Path) -> str:
        return self._run(page.as_uri(), "--dump-dom").stdout.decode("utf-8")
