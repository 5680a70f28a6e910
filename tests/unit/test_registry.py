"""The games' registry: finding games by kind or alias, and agreeing with the documentation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.games import GAMES, GameEntry, UnknownGameKind, find_game
from referee.games.base import Game

ROOT = Path(__file__).resolve().parents[2]
GAME_FILES = frozenset(
    {
        "__init__.py",
        "actions.py",
        "plugin.py",
        "quotes.py",
        "rulesets.py",
        "state.py",
        "transform.py",
    }
)
"""The files every game has, each with its role (docs/adding-a-game.md)."""


def test_find_game_by_kind_alias_and_any_case() -> None:
    assert find_game("commune").kind == "commune"
    assert find_game(" Single-Capture-Go ").kind == "scgo"
    assert find_game("SCGO").title == "Single-Capture Go"
    with pytest.raises(UnknownGameKind, match="unknown game kind 'chess' \\(known: alliances"):
        find_game("chess")


@pytest.mark.parametrize("entry", GAMES, ids=lambda entry: entry.kind)
def test_each_entry_loads_its_plugin_lazily_and_typed(entry: GameEntry) -> None:
    found = find_game(entry.kind)
    assert found is entry
    plugin = found.load()
    assert issubclass(plugin, Game)
    assert plugin.kind == found.kind
    assert found.names[0] == found.kind


def test_kinds_and_aliases_are_unique() -> None:
    names = [name.casefold() for entry in GAMES for name in entry.names]
    assert len(names) == len(set(names))


def test_the_readme_lists_the_registered_games() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    line = re.search(r"^Games: (.*?)\. ", readme, re.MULTILINE | re.DOTALL)
    assert line is not None, "the README has no 'Games:' line"
    assert re.findall(r"\*\*(.+?)\*\*", line[1]) == [entry.title for entry in GAMES]


def test_the_recipe_lists_the_registered_games() -> None:
    recipe = (ROOT / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
    section = recipe.split("## The games today", 1)[1].split("\n## ", 1)[0]
    listed = re.findall(r"^- `(.+?)`: (.+)$", section, re.MULTILINE)
    assert listed == [(entry.kind, entry.title) for entry in GAMES]


@pytest.mark.parametrize("kind", [*(entry.kind for entry in GAMES), "register"])
def test_every_game_has_the_same_files(kind: str) -> None:
    folder = ROOT / "referee" / "games" / kind
    present = {path.name for path in folder.glob("*.py")}
    assert present >= GAME_FILES, sorted(GAME_FILES - present)
    plugin = find_game(kind).load() if kind != "register" else None
    grammar = plugin.grammar if plugin is not None else "register.lark"
    assert (ROOT / "grammar" / grammar).is_file()
