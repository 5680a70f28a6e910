"""Commands start at once: the parser (``--help``, a mistyped command) imports none of
the heavy libraries, and checking a configuration imports no database library."""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = ("sqlalchemy", "alembic", "jinja2", "lark", "tqdm", "dkim", "cryptography", "aiosmtpd")


def _imported_after(code: str) -> list[str]:
    program = (
        "import json, sys\n"
        f"{code}\n"
        f"print(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}} & set({HEAVY!r}))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True, timeout=120
    )
    found: list[str] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def test_the_parser_imports_nothing_heavy() -> None:
    assert _imported_after("from referee.cli import build_parser; build_parser()") == []
    assert (
        _imported_after(
            "from referee.cli import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass"
        )
        == []
    )


def test_checking_the_configuration_imports_no_database() -> None:
    imported = _imported_after("from referee.cli import main; main(['config', 'check'])")
    assert "sqlalchemy" not in imported and "alembic" not in imported
