"""The engine's place in the layers (docs/ARCHITECTURE.md): who may import whom."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "referee"


def imports(folder: str) -> Iterator[tuple[str, str]]:
    """Every (module file, imported module) under ``referee/<folder>``."""
    root = PACKAGE / folder
    files = [root] if root.suffix == ".py" else sorted(root.rglob("*.py"))
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                yield str(path.relative_to(PACKAGE)), node.module
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    yield str(path.relative_to(PACKAGE)), alias.name


def offending(folder: str, forbidden: tuple[str, ...]) -> list[str]:
    return [
        f"{where} imports {module}"
        for where, module in imports(folder)
        if any(module == f or module.startswith(f"{f}.") for f in forbidden)
    ]


@pytest.mark.parametrize("folder", ["games", "parsing", "store", "mailtext", "egress"])
def test_lower_layers_never_import_the_engine(folder: str) -> None:
    assert offending(folder, ("referee.engine", "referee.cli", "referee.service")) == []


def test_the_engine_never_imports_the_application_the_service_or_the_commands() -> None:
    forbidden = ("referee.app", "referee.service", "referee.cli")
    assert offending("engine", forbidden) == []


def test_the_engine_imports_no_lark() -> None:
    assert offending("engine", ("lark",)) == []


def test_the_service_is_not_a_command() -> None:
    assert offending("service.py", ("referee.cli",)) == []


def test_the_check_sees_imports() -> None:
    """The test can fail: the command line does import the engine."""
    assert offending("cli", ("referee.engine",)) != []


def test_the_engine_asks_the_store_through_its_queries() -> None:
    """SQL statements are built in ``store/queries.py``; the engine only calls them (the
    batched event rows, a write mechanism of the session, are the one exception)."""
    statements = {"select", "insert", "update", "delete"}
    built = [
        f"{where} imports {name} from sqlalchemy"
        for where, module, names in _from_imports("engine")
        if module == "sqlalchemy" and where != "engine/event_rows.py"
        for name in names
        if name in statements
    ]
    assert built == []


def _from_imports(folder: str) -> Iterator[tuple[str, str, list[str]]]:
    for path in sorted((PACKAGE / folder).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                yield (
                    str(path.relative_to(PACKAGE)),
                    node.module,
                    [alias.name for alias in node.names],
                )
