"""``referee state`` reads a game's row with SQLAlchemy Core, not the ORM: on a played game,
on SQLite and PostgreSQL, it must answer exactly what the engine's history reads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import COMMUNE_CLI_CONFIG

from referee.cli import main
from referee.config import load_settings
from referee.engine.history import state_at
from referee.engine.registry import build_games
from referee.store import queries
from referee.store.current import current_state
from referee.store.db import Database

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
    finally:
        db.dispose()
