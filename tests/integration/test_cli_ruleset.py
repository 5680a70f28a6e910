"""``referee ruleset``: the options a game runs under, and a warning for unsafe ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.cli import main

CONFIG = """\
[referee]
bot_address = "referee@example.org"
list_addresses = ["agora-business@example.org"]
database_url = "sqlite:///{folder}/ruleset.sqlite3"

[smtp]
mode = "file"
outbox_dir = "{folder}/outbox"

[[player]]
name = "nix"
addresses = ["nix@example.org"]

[offices]
referee = "nix"

[[game]]
name = "Go"
kind = "scgo"
ruleset = "guy-fawkes"
start = 2023-05-01T00:00:00Z
officer = "referee"
{options}
[[game]]
name = "Commune 2023"
kind = "commune"
ruleset = "v1.3"
start = 2023-04-19T00:00:00Z
officer = "surveyor"
{commune_options}
"""


def _ruleset(tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, **options: str) -> str:
    config = tmp_path / "referee.toml"
    config.write_text(CONFIG.format(folder=tmp_path, **options), encoding="utf-8")
    assert main(["--config", str(config), "ruleset", game]) == 0
    return capsys.readouterr().out


def test_address_only_proof_is_warned_about(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _ruleset(
        tmp_path,
        capsys,
        "Go",
        options='[game.options]\nmove_proof = "address"\n',
        commune_options="",
    )
    first, warning = out.splitlines()[:2]
    assert first == "Go: Single-Capture Go (Guy Fawkes) (version guy-fawkes)"
    assert warning.startswith('  WARNING: move_proof = "address": a play needs only a From')
    assert "anyone who can mail the referee can play for any player" in " ".join(out.split())
    assert 'move_proof = "address"   (changed from the default)' in out


def test_the_default_proof_is_a_passphrase_or_dkim_and_is_not_warned_about(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _ruleset(tmp_path, capsys, "Go", options="", commune_options="")
    assert "WARNING" not in out
    assert '  move_proof = "passphrase-or-dkim"\n' in out


def test_commune_options_are_off_by_default_and_a_replaced_name_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _ruleset(tmp_path, capsys, "Commune 2023", options="", commune_options="")
    assert "WARNING" not in out
    assert "  founding_tile_joins_community = false\n" in out
    assert "  merger_tile_joins_acquirer = false\n" in out
    assert [line for line in out.splitlines() if line.endswith("= true")] == []

    config = tmp_path / "referee.toml"
    old = "[game.options]\nfounding_tile_unowned = true\n"
    config.write_text(CONFIG.format(folder=tmp_path, options="", commune_options=old))
    assert main(["--config", str(config), "ruleset", "Commune 2023"]) != 0
    err = " ".join(capsys.readouterr().err.split())
    assert "founding_tile_unowned" in err
    assert "was replaced by founding_tile_joins_community, which means the opposite" in err
