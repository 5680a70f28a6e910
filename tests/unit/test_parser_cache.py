"""The LALR parsers are kept on disk, so that a command does not rebuild them at start."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from referee.parsing.grammars import parser_cache_file

BUILD = "from referee.parsing.grammars import parser_for; parser_for('commune.lark').parse"


def _build_in_fresh_process(cache: Path) -> None:
    env = {**os.environ, "REFEREE_CACHE_DIR": str(cache)}
    subprocess.run([sys.executable, "-c", BUILD], check=True, env=env)


def test_a_second_process_reads_the_parser_the_first_one_kept(tmp_path: Path) -> None:
    _build_in_fresh_process(tmp_path)
    (kept,) = tmp_path.glob("parser-commune-*.lark-cache")
    written = kept.stat().st_mtime_ns
    _build_in_fresh_process(tmp_path)
    # Lark writes the file only when it had to build the parser: the key held.
    assert kept.stat().st_mtime_ns == written


def test_no_cache_when_the_folder_is_set_empty(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_CACHE_DIR", "")
    assert parser_cache_file(Path("grammar/commune.lark")) is None


def test_no_cache_when_the_folder_cannot_be_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(blocker / "cache"))
    assert parser_cache_file(Path("grammar/commune.lark")) is None
