"""The ``referee`` command as a newcomer uses it, on a SQLite file and the example mail."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import COMMUNE_CLI_CONFIG

from referee.cli import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def config(tmp_path: Path) -> Path:
    path = tmp_path / "referee.toml"
    path.write_text(
        COMMUNE_CLI_CONFIG.format(url=f"sqlite:///{tmp_path}/cli.sqlite3", folder=tmp_path),
        encoding="utf-8",
    )
    return path


def _run(config: Path, *args: str) -> int:
    return main(["--config", str(config), *args])


def test_a_newcomers_session(
    config: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(config, "state", "Commune 2023") == 3  # not initialised yet: says so
    assert "referee init" in capsys.readouterr().err
    assert _run(config, "init") == 0
    assert _run(config, "db", "check") == 0
    capsys.readouterr()

    archive = ROOT / "examples" / "mail" / "public"
    assert _run(config, "import", "--no-progress", str(archive)) == 0
    out = capsys.readouterr().out
    assert "stored 12 new message(s)" in out
    assert _run(config, "import", "--no-progress", str(archive)) == 0
    assert "stored 0 new message(s); 12 already stored" in capsys.readouterr().out

    assert _run(config, "state", "Commune 2023", "--at", "2023-04-24T12:30:00Z") == 0
    board = capsys.readouterr().out
    assert "as of 2023-04-24T12:00:00+00:00" in board

    assert _run(config, "history", "Commune 2023") == 0
    history = capsys.readouterr().out
    assert "I place a tile at G6" in history and "<example-public-05@example.org>" in history
    _history_filters(config, capsys, history)

    assert _run(config, "replay", "--verify", "--no-progress") == 0
    assert "identical" in capsys.readouterr().out

    assert _run(config, "report", "Commune 2023") == 0
    assert "PLAYBOARD" in capsys.readouterr().out

    assert _run(config, "ruleset", "Commune 2023") == 0
    assert "half_of_placed_tiles = false" in capsys.readouterr().out

    assert _run(config, "quarantine", "list") == 0
    assert "no quarantined messages" in capsys.readouterr().out
    # The archive's answers and drafts are from 2023: mailing them is asked about first,
    # and without a terminal to ask on, nothing is mailed and the way to say is told.
    assert _run(config, "run", "--once", "--no-imap") == 2
    assert "--no-backfill" in capsys.readouterr().err
    assert not list((tmp_path / "outbox").glob("*.eml"))
    assert _run(config, "run", "--once", "--no-imap", "--backfill") == 0
    assert list((tmp_path / "outbox").glob("*.eml"))


def test_run_no_backfill_records_an_old_archive_s_mail_unmailed(
    config: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(config, "init") == 0
    archive = ROOT / "examples" / "mail" / "public"
    assert _run(config, "import", "--no-progress", str(archive)) == 0
    capsys.readouterr()
    assert _run(config, "run", "--once", "--no-imap", "--no-backfill") == 0
    assert "sent 0;" in capsys.readouterr().out
    assert not list((tmp_path / "outbox").glob("*.eml"))
    assert _run(config, "outbox", "--status", "suppressed") == 0
    recorded = capsys.readouterr().out
    assert "suppressed" in recorded and "aspen@example.com" in recorded


def test_configuration_errors_name_the_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[referee]\nbot_address = "referee@example.org"\nacknowledge = "loud"\n')
    assert main(["--config", str(bad), "init"]) == 2
    err = capsys.readouterr().err
    assert "referee.acknowledge" in err and "must be one of" in err


def test_unknown_game(config: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(config, "init") == 0
    assert _run(config, "state", "Chess") == 2
    assert "no game called 'Chess' (games: Register, Commune 2023)" in capsys.readouterr().err


def _entries(out: str) -> list[str]:
    """The first line of each history entry (it begins with its date)."""
    return [line for line in out.splitlines() if line[:2] == "20"]


def _history_filters(config: Path, capsys: pytest.CaptureFixture[str], whole: str) -> None:
    everything = _entries(whole)
    assert len(everything) > 4
    middle = everything[len(everything) // 2][:19].replace(" ", "T") + "Z"
    assert _run(config, "history", "Commune 2023", "--until", middle) == 0
    before = _entries(capsys.readouterr().out)
    assert _run(config, "history", "Commune 2023", "--since", middle) == 0
    after = _entries(capsys.readouterr().out)
    assert before and after and before + after == everything
    actor = everything[0].split()[3]
    assert _run(config, "history", "Commune 2023", "--player", actor.upper()) == 0
    mine = _entries(capsys.readouterr().out)
    assert mine == [line for line in everything if line.split()[3] == actor]
    assert len(mine) < len(everything)
    assert _run(config, "history", "Commune 2023", "--player", "Nobody") == 2
    assert "there is no player called 'Nobody'" in capsys.readouterr().err
    assert _run(config, "history", "Commune 2023", "--since", "2099-01-01") == 0
    assert "nothing matches" in capsys.readouterr().out
