"""``referee state`` reads a game's row with SQLAlchemy Core, not the ORM, and on a SQLite file
with the standard library alone: on a played game, on SQLite and PostgreSQL, it must answer
exactly what the engine's history reads; where the shortcut cannot answer, the ordinary path
must, with its own error."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from support import COMMUNE_CLI_CONFIG

from referee.cli import main
from referee.config import load_settings
from referee.engine.history import state_at
from referee.engine.registry import build_games
from referee.store import queries
from referee.store.current import current_state
from referee.store.db import Database, sqlite_file
from referee.store.sqlite_state import sqlite_path, stored_state

ROOT = Path(__file__).resolve().parents[2]


def test_the_state_now_is_what_the_engine_reads(
    database_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "referee.toml"
    config.write_text(
        COMMUNE_CLI_CONFIG.format(url=database_url, folder=tmp_path), encoding="utf-8"
    )
    run = ["--config", str(config)]
    assert main([*run, "init"]) == 0
    archive = ROOT / "examples" / "mail" / "public"
    assert main([*run, "import", "--no-progress", str(archive)]) == 0
    capsys.readouterr()

    settings = load_settings(config)
    db = Database(database_url)
    try:
        for game in build_games(settings):
            with db.transaction() as session:
                record = queries.game_record(session, game.name)
                engine_reads = state_at(session, game, None)
            assert record is not None, game.name  # the archive played both games
            current = current_state(db.engine, game.name)
            assert current is not None
            assert (current.clock, current.state) == (record.clock, record.state)
            assert current.clock.utcoffset() is not None
            read, shortcut = stored_state(database_url, game.name)
            assert read == database_url.startswith("sqlite"), database_url
            if read:
                assert shortcut == current

            state = game.load(engine_reads.state)
            assert engine_reads.at is not None
            expected_text = (
                f"{game.name} ({game.ruleset.title}) as of {engine_reads.at.isoformat()}\n"
                f"{game.render(state, reveal_secrets=False)}\n"
            )
            assert main([*run, "state", game.name]) == 0
            assert capsys.readouterr().out == expected_text
            for reveal in ([], ["--reveal-secrets"]):
                data = game.dump(state) if reveal else game.public_view(state)
                expected_json = json.dumps(data, indent=2, sort_keys=True, default=str) + "\n"
                assert main([*run, "state", game.name, "--json", *reveal]) == 0
                assert capsys.readouterr().out == expected_json
        assert current_state(db.engine, "no such game") is None
        assert stored_state(database_url, "no such game") == (
            database_url.startswith("sqlite"),
            None,
        )
    finally:
        db.dispose()


def _commune_config(tmp_path: Path, url: str) -> list[str]:
    config = tmp_path / "referee.toml"
    config.write_text(COMMUNE_CLI_CONFIG.format(url=url, folder=tmp_path), encoding="utf-8")
    return ["--config", str(config)]


def test_a_schema_not_at_head_is_judged_by_the_ordinary_path(
    sqlite_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = _commune_config(tmp_path, sqlite_url)
    assert main([*run, "init"]) == 0
    path = sqlite_file(sqlite_url)
    assert path is not None
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE alembic_version SET version_num = 'from_the_future'")
    capsys.readouterr()
    assert stored_state(sqlite_url, "Commune 2023") == (False, None)
    assert main([*run, "state", "Commune 2023"]) == 3
    assert "from_the_future, which this referee does not know" in capsys.readouterr().err


def test_a_missing_file_is_not_created_and_is_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'absent.sqlite3'}"
    run = _commune_config(tmp_path, url)
    assert stored_state(url, "Commune 2023") == (False, None)
    assert main([*run, "state", "Commune 2023"]) == 3
    assert "does not exist: run 'referee init'" in capsys.readouterr().err
    assert not (tmp_path / "absent.sqlite3").exists()


@pytest.mark.parametrize(
    "url",
    [
        "sqlite:///referee-data/referee.sqlite3",
        "sqlite:////var/lib/referee/referee.sqlite3",
        "sqlite+pysqlite:////var/lib/referee/referee.sqlite3",
    ],
)
def test_a_plain_sqlite_url_names_the_file_sqlalchemy_opens(url: str) -> None:
    assert sqlite_path(url) is not None
    assert sqlite_path(url) == sqlite_file(url)


@pytest.mark.parametrize(
    "url",
    [
        "sqlite://",
        "SQLite:///relative.db",
        "sqlite:///:memory:",
        "sqlite:///referee.sqlite3?mode=ro",
        "sqlite:///with%20space.sqlite3",
        "sqlite+aiosqlite:///referee.sqlite3",
        "sqlite://host/referee.sqlite3",
        "postgresql+psycopg://referee@localhost/referee",
        "mysql:///referee",
    ],
)
def test_any_other_url_takes_the_ordinary_path(url: str) -> None:
    assert sqlite_path(url) is None
