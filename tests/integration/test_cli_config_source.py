"""Which configuration a command uses is never silent, and a command builds its games once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.cli import main
from referee.engine import registry
from referee.paths import EXAMPLE_CONFIG

NOTICE = (
    "referee: no --config or $REFEREE_CONFIG given: using the bundled example "
    f"configuration {EXAMPLE_CONFIG}\n"
)


@pytest.fixture
def no_config(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REFEREE_CONFIG", raising=False)


@pytest.mark.usefixtures("no_config")
@pytest.mark.parametrize("verbose", [[], ["-v"]])
def test_a_command_on_the_bundled_example_says_so_in_one_line(
    verbose: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    main([*verbose, "ruleset", "Commune 2023"])
    err = capsys.readouterr().err
    assert err.startswith(NOTICE)
    assert err.count(str(EXAMPLE_CONFIG)) == 1  # -v does not repeat it


@pytest.mark.usefixtures("no_config")
def test_commands_without_a_configuration_say_nothing_of_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["config", "init", str(tmp_path / "referee.toml")]) == 0
    assert main(["completion", "bash"]) == 0
    assert "bundled example" not in capsys.readouterr().err


def test_a_chosen_configuration_is_named_with_v_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "referee.toml"
    assert main(["config", "init", str(path)]) == 0
    capsys.readouterr()
    assert main(["--config", str(path), "ruleset", "Commune 2023"]) == 0
    assert capsys.readouterr().err == ""
    monkeypatch.setenv("REFEREE_CONFIG", str(path))
    assert main(["-v", "ruleset", "Commune 2023"]) == 0
    assert f"referee: configuration {path} ($REFEREE_CONFIG)\n" in capsys.readouterr().err


def test_a_command_builds_its_games_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "referee.toml"
    assert main(["config", "init", str(path)]) == 0
    built: list[Any] = []
    build_register = registry.build_register

    def counted(settings: Any) -> Any:
        built.append(settings)
        return build_register(settings)

    monkeypatch.setattr(registry, "build_register", counted)
    assert main(["--config", str(path), "init"]) == 0
    assert main(["--config", str(path), "state", "Commune 2023"]) == 0
    assert main(["--config", str(path), "site", str(tmp_path / "site")]) == 0
    assert len(built) == 3, "each command builds the games once"
