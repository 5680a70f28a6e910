"""``referee config init`` and ``config check``, the configuration in use told with -v, and
``run`` refused on the bundled example unless asked."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.cli import main
from referee.paths import EXAMPLE_CONFIG


def test_init_writes_a_starter_that_checks_clean(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "etc" / "referee.toml"
    assert main(["config", "init", str(path)]) == 0
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# Written by `referee config init`")
    assert "[lmtp]" in text and "# " in text  # commented, every section present
    assert main(["config", "init", str(path)]) == 2
    assert "exists; give --force" in capsys.readouterr().err
    assert main(["config", "init", "--force", str(path)]) == 0
    capsys.readouterr()
    assert main(["--config", str(path), "config", "check"]) == 0
    out = capsys.readouterr().out
    assert f"{path} (--config) is valid: 4 player(s), 2 game(s), 2 mail source(s)" in out


def test_check_tells_every_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "referee.toml"
    path.write_text(
        '[referee]\nbot_adress = "referee@example.org"\ndaily_reply_cap = -2\n'
        '[lmtp]\nport = 70000\nrecipients = ["referee@"]\n'
        '[[game]]\nname = "G"\nkind = "commune"\nruleset = "v1.3"\nofficer = "surveyor"\n'
        "start = 2023-04-19T00:00:00Z\n",
        encoding="utf-8",
    )
    assert main(["--config", str(path), "config", "check"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"referee: {path}: referee.bot_address: is required "
        "(the file has referee.bot_adress: misspelt?)",
        f"referee: {path}: referee.daily_reply_cap: must be at least 0, not -2",
        f"referee: {path}: lmtp.recipients[0]: is not an email address: 'referee@'",
        f"referee: {path}: lmtp.port: must be from 1 to 65535, not 70000",
        f"referee: 4 problem(s) in {path}",
    ]
    # Any other command refuses the file the same way, every problem told.
    assert main(["--config", str(path), "state", "G"]) == 2
    assert len(capsys.readouterr().err.splitlines()) == 4


def test_check_tells_a_game_the_registry_refuses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "referee.toml"
    path.write_text(
        '[referee]\nbot_address = "referee@example.org"\n'
        '[[game]]\nname = "G"\nkind = "chess"\nruleset = "v1"\nofficer = "surveyor"\n'
        "start = 2023-04-19T00:00:00Z\n",
        encoding="utf-8",
    )
    assert main(["--config", str(path), "config", "check"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"referee: {path}: game") and "chess" in err


def test_check_tells_a_file_that_is_not_toml(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "referee.toml"
    path.write_text("[referee\n", encoding="utf-8")
    assert main(["--config", str(path), "config", "check"]) == 2
    assert "is not valid TOML" in capsys.readouterr().err
    assert main(["--config", str(tmp_path / "absent.toml"), "config", "check"]) == 2
    assert "no such configuration file" in capsys.readouterr().err


def test_verbose_names_the_configuration_in_use(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("REFEREE_CONFIG", raising=False)
    assert main(["-v", "config", "check"]) == 0
    captured = capsys.readouterr()
    assert f"referee: configuration {EXAMPLE_CONFIG} (the bundled example)" in captured.err
    assert "(the bundled example) is valid" in captured.out
    path = tmp_path / "referee.toml"
    assert main(["config", "init", str(path)]) == 0
    monkeypatch.setenv("REFEREE_CONFIG", str(path))
    capsys.readouterr()
    assert main(["-v", "config", "check"]) == 0
    assert f"referee: configuration {path} ($REFEREE_CONFIG)" in capsys.readouterr().err


def test_run_refuses_the_bundled_example_unless_asked(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("REFEREE_CONFIG", raising=False)
    assert main(["run", "--once"]) == 2
    err = capsys.readouterr().err
    assert "the bundled example" in err and "--example" in err
