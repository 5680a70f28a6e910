"""The short version of ``python -m bench.fuzz``: hostile mail of every kind, from a fixed
seed, through the real intake, processing and SMTP (aiosmtpd), on SQLite and PostgreSQL.

Nothing may crash, nothing stored may be left undone, and no outgoing mail may carry a
traceback, a header the sender smuggled in, a passphrase, or go to anyone but a player or
the list. The time per message has a bound far above anything measured (no hang).
"""

from __future__ import annotations

from pathlib import Path

from bench.fuzz import run
from bench.hostile import KINDS

SEED = 15
COUNT = {"sqlite": 1000, "postgresql": 400}
"""Messages per database: about 30 s each on an idle machine (PostgreSQL's commits cost
more); every kind comes at least once in the first twenty."""
HANG_S = 60.0
"""No message takes a fraction of this now; before the fixes, several took minutes."""


def test_hostile_mail_crashes_nothing_drops_nothing_and_leaks_nothing(
    tmp_path: Path, database_url: str
) -> None:
    count = COUNT[database_url.split(":", 1)[0].split("+", 1)[0]]
    figures = run(count, database_url, seed=SEED, folder=tmp_path)
    assert figures.messages == count
    assert set(figures.by_kind) == set(KINDS)
    assert figures.crashes == 0, "\n".join(figures.crash_examples)
    assert figures.dropped == 0
    outgoing = figures.outgoing
    leaks = (outgoing.tracebacks, outgoing.injected, outgoing.third_party, outgoing.passphrases)
    assert leaks == (0, 0, 0, 0), "\n".join(outgoing.examples)
    assert outgoing.nuls == 0, "\n".join(outgoing.examples)
    # The mix exercises both ends: answers, and refusals the trust model names.
    assert figures.answered > count // 3
    assert sum(figures.quarantined.values()) > 0
    # A reused Message-ID with another body is kept and quarantined, never passed over.
    assert any(reason.startswith("Message-ID already used") for reason in figures.quarantined)
    assert outgoing.mails >= figures.answered
    assert figures.worst_s < HANG_S, figures.worst_kind
