"""The data folders the package reads are the ones the wheel carries."""

from __future__ import annotations

import tomllib
from pathlib import Path

from referee import paths

ROOT = Path(__file__).resolve().parents[2]


def test_every_data_folder_is_carried_by_the_wheel() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    carried = project["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    folders = {
        paths.GRAMMAR_DIR,
        paths.TEMPLATES_DIR,
        paths.MIGRATIONS_DIR,
        paths.RULES_DIR,
    }
    for folder in folders:
        assert folder.is_dir()
        assert carried[folder.name] == f"referee/_data/{folder.name}"


def test_the_example_configuration_and_its_mail_are_carried_by_the_wheel() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    carried = project["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert carried[paths.EXAMPLE_CONFIG.name] == "referee/_data/config.example.toml"
    assert carried[paths.EXAMPLES_DIR.name] == "referee/_data/examples"
    assert paths.EXAMPLE_CONFIG.parent / "examples" == paths.EXAMPLES_DIR


def test_the_version_is_written_once() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"]
    assert project["project"]["dynamic"] == ["version"]
    assert project["tool"]["hatch"]["version"]["path"] == "referee/__init__.py"
