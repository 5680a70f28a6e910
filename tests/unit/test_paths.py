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
