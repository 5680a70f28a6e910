"""Commands start at once: the parser (``--help``, a mistyped command) imports none of
the heavy libraries, and checking a configuration imports no database library."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

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


ALL_GAMES = """\
[referee]
bot_address = "referee@example.org"
database_url = "sqlite:///{folder}/startup.sqlite3"

[smtp]
mode = "file"
outbox_dir = "{folder}/outbox"

[[game]]
name = "Commune"
kind = "commune"
ruleset = "v1.3"
start = 2023-04-19T00:00:00Z
officer = "surveyor"

[[game]]
name = "Go"
kind = "scgo"
ruleset = "guy-fawkes"
start = 2023-05-01T00:00:00Z
officer = "referee"

[[game]]
name = "Alliances"
kind = "alliances"
ruleset = "igora"
start = 2023-04-19T00:00:00Z
officer = "registrar"

[[game]]
name = "Okinawa"
kind = "okinawa"
ruleset = "igora"
start = 2023-04-30T00:00:00Z
officer = "sensei"

[[game]]
name = "Arcadia"
kind = "arcadia"
ruleset = "draft"
start = 2026-12-01T00:00:00Z
officer = "lord-ruler"

[[game]]
name = "Arcadia contract"
kind = "arcadia_contract"
ruleset = "draft"
start = 2026-11-01T00:00:00Z
officer = "lord-ruler"
"""

NOT_FOR_A_STATE = (
    # The state now is one row: on a SQLite file it is read with the standard library's
    # sqlite3 (referee.store.sqlite_state), on another database with SQLAlchemy Core.
    "sqlalchemy",
    "alembic",
    "lark",  # a stored state needs no parser
    "jinja2",
    "referee.parsing",
    "referee.ingress",
    "referee.engine.history",
    "referee.store.models",
)


def _modules_after(code: str) -> set[str]:
    program = f"import json, sys\n{code}\nprint(json.dumps(sorted(sys.modules)))\n"
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True, timeout=120
    )
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def test_showing_a_state_imports_neither_the_orm_nor_the_parser(tmp_path: Path) -> None:
    from referee.cli import main

    config = tmp_path / "referee.toml"
    config.write_text(ALL_GAMES.format(folder=tmp_path), encoding="utf-8")
    assert main(["--config", str(config), "init"]) == 0
    for game in (
        "Register",
        "Commune",
        "Go",
        "Alliances",
        "Okinawa",
        "Arcadia",
        "Arcadia contract",
    ):
        for extra in ([], ["--json"]):
            args = ["--config", str(config), "state", game, *extra]
            code = f"from referee.cli import main\nassert main({args!r}) == 0"
            imported = _modules_after(code)
            assert "referee.store.sqlite_state" in imported  # the test runs what it means to
            assert sorted(imported & set(NOT_FOR_A_STATE)) == [], (game, extra)


def test_a_state_at_a_past_instant_still_reads_through_the_engine(tmp_path: Path) -> None:
    from referee.cli import main

    config = tmp_path / "referee.toml"
    config.write_text(ALL_GAMES.format(folder=tmp_path), encoding="utf-8")
    assert main(["--config", str(config), "init"]) == 0
    args = ["--config", str(config), "state", "Commune", "--at", "2023-05-01T00:00:00Z"]
    imported = _modules_after(f"from referee.cli import main\nassert main({args!r}) == 0")
    assert "referee.engine.history" in imported and "lark" not in imported


def test_help_imports_no_database_parser_or_templates() -> None:
    code = "from referee.cli import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass"
    imported = _modules_after(code)
    heavy = {"sqlalchemy", "alembic", "lark", "jinja2", "referee.store.db", "referee.games.base"}
    assert sorted(imported & heavy) == []
