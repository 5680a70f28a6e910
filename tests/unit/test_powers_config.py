"""The [powers] configuration: safe defaults, explicit opt-ins, and mistakes named."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.config import parse_settings
from referee.engine.powers import find_token
from referee.errors import ConfigError

ADMIN = "admin@example.org"


def _data(**powers: Any) -> dict[str, Any]:
    return {
        "referee": {"bot_address": "referee@example.org", "administrators": [ADMIN]},
        "powers": powers,
    }


def test_the_defaults_never_take_an_address_as_proof(tmp_path: Path) -> None:
    powers = parse_settings(_data(), tmp_path, None).powers
    for office in ("surveyor", "referee", "registrar", "administrator"):
        # No secret configured: no confirmation either; passphrase or DKIM only.
        assert powers.accepted(office) == {"passphrase", "dkim"}


def test_a_confirmation_needs_its_secret(tmp_path: Path) -> None:
    secret = tmp_path / "secret"
    secret.write_text("s3cret\n", encoding="utf-8")
    powers = parse_settings(
        _data(confirmation_secret_file=str(secret), confirmation_hours=6), tmp_path, None
    ).powers
    assert "confirmation" in powers.accepted("surveyor")
    assert powers.confirmation_window.total_seconds() == 6 * 3600
    assert "s3cret" not in repr(powers)


def test_address_is_an_opt_in_per_office(tmp_path: Path) -> None:
    powers = parse_settings(_data(offices={"surveyor": ["address"]}), tmp_path, None).powers
    assert powers.accepted("surveyor") == {"address"}
    assert "address" not in powers.accepted("registrar")


@pytest.mark.parametrize(
    ("powers", "key"),
    [
        ({"offices": {"administrator": ["address"]}}, "powers.offices.administrator"),
        ({"proofs": ["address"]}, "powers.proofs"),
        ({"proofs": ["telepathy"]}, "powers.proofs"),
        ({"proofs": []}, "powers.proofs"),
        ({"offices": {"janitor": ["dkim"]}}, "powers.offices.janitor"),
        ({"administrator": [{"address": "other@example.org"}]}, "powers.administrator[0].address"),
        ({"administrator": [{"address": ADMIN, "passphrase": "x"}]}, "powers.administrator[0]"),
        ({"confirmation_hours": 0}, "powers.confirmation_hours"),
    ],
)
def test_mistakes_name_their_key(tmp_path: Path, powers: dict[str, Any], key: str) -> None:
    with pytest.raises(ConfigError) as error:
        parse_settings(_data(**powers), tmp_path, None)
    assert key in str(error.value)


def test_an_administrators_passphrase_is_read_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "admin"
    path.write_text("orchid tunnel\n", encoding="utf-8")
    powers = parse_settings(
        _data(administrator=[{"address": ADMIN, "passphrase_file": str(path)}]), tmp_path, None
    ).powers
    assert powers.administrator_passphrases[ADMIN].value == "orchid tunnel"
    assert "orchid" not in repr(powers)


def test_a_token_is_found_in_the_authors_words() -> None:
    token = "0123456789abcdef01234567"
    assert find_token([(1, "Hello."), (3, f"Confirm {token.upper()} please")]) == (3, token)
    assert find_token([(1, f"confirm {token}0")]) is None  # not a whole token


def test_referee_ruleset_names_the_proofs_and_warns_of_address_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import argparse

    from referee.cli.inspect import cmd_ruleset

    data = _data(offices={"surveyor": ["address"]})
    data["referee"]["database_url"] = f"sqlite:///{tmp_path / 'referee.sqlite3'}"
    data["game"] = [
        {
            "name": "Commune",
            "kind": "commune",
            "ruleset": "v1.3",
            "start": "2023-04-19T00:00:00Z",
            "officer": "surveyor",
        }
    ]
    assert (
        cmd_ruleset(parse_settings(data, tmp_path, None), argparse.Namespace(game="Commune")) == 0
    )
    out = capsys.readouterr().out
    assert "The surveyor's powers by mail need: address" in out
    assert "WARNING: powers.offices.surveyor accepts the From address alone" in out
