"""The layers hold: games never reach the store, mail or engine; only parsing imports lark."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "referee"

FORBIDDEN_TO_GAMES = (
    "referee.store",
    "referee.mailtext",
    "referee.ingress",
    "referee.egress",
    "referee.engine",
    "referee.cli",
)
"""What a game may never import: it is handed actions and a context, and returns outcomes."""

LARK_ALLOWED: frozenset[str] = frozenset()
"""Modules outside parsing/ that may import lark: none."""


def _modules(folder: Path) -> Iterator[Path]:
    yield from sorted(folder.rglob("*.py"))


def _imports(path: Path) -> Iterator[str]:
    """Every module ``path`` imports, at any depth (lazy imports inside functions too)."""
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None and node.level == 0:
            yield node.module


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


@pytest.mark.parametrize(
    "path", list(_modules(PACKAGE / "games")), ids=lambda p: p.relative_to(PACKAGE).as_posix()
)
def test_a_game_imports_no_store_mail_or_engine(path: Path) -> None:
    wrong = [
        module
        for module in _imports(path)
        if any(_within(module, layer) for layer in FORBIDDEN_TO_GAMES)
    ]
    assert wrong == []


def test_only_parsing_imports_lark() -> None:
    importers = {
        path.relative_to(PACKAGE).as_posix()
        for path in _modules(PACKAGE)
        if any(_within(module, "lark") for module in _imports(path))
    }
    outside = {name for name in importers if not name.startswith("parsing/")}
    assert outside == LARK_ALLOWED
    assert importers - outside  # the parser itself is found, so the scan works


def test_the_scan_sees_lazy_and_plain_imports(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import lark\n\ndef f():\n    from referee.store import db\n")
    assert list(_imports(sample)) == ["lark", "referee.store"]
