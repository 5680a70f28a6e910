"""The man page and the shell completion are generated from the parser: every command
and option is in them, the page renders cleanly, and bash completes from the table."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from referee.cli import build_parser, main
from referee.cli.parser_tree import command_tree


def _output(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(list(args)) == 0
    return capsys.readouterr().out


def test_the_man_page_names_every_command_and_option(capsys: pytest.CaptureFixture[str]) -> None:
    page = _output(capsys, "manpage")
    assert page.startswith(".TH REFEREE 1 ")
    root = command_tree(build_parser())
    leaves = [c for c in root.walk()[1:] if not c.children]
    assert len(leaves) > 15
    for command in leaves:
        heading = command.name.replace("-", "\\-")
        assert f'.SS "{heading}"' in page
        section = page.split(f'.SS "{heading}"', 1)[1].split(".SS ", 1)[0]
        for option in command.options:
            if option.flags == ("-h", "--help"):
                continue
            for flag in option.flags:
                assert flag.replace("-", "\\-") in section, (command.name, flag)
    for name in ("REFEREE_CONFIG", "REFEREE_DATABASE_URL", "REFEREE_LMTP_PORT"):
        assert f"\\fB{name}\\fR" in page


@pytest.mark.skipif(shutil.which("groff") is None, reason="no groff")
def test_the_man_page_renders_without_a_warning(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    page = tmp_path / "referee.1"
    page.write_text(_output(capsys, "manpage"), encoding="utf-8")
    done = subprocess.run(
        ["groff", "-man", "-Tutf8", "-ww", "-P-cbou", str(page)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert done.stderr == ""
    text = " ".join(done.stdout.split())
    assert "referee config init [--force] PATH" in text
    assert "referee run [--once] [--no-lmtp] [--no-imap] [--backfill] [--no-backfill]" in text


def _complete(script: Path, *words: str, cwd: Path) -> list[str]:
    quoted = " ".join(f"'{w}'" for w in words)
    program = (
        f"source '{script}'; COMP_WORDS=({quoted}); COMP_CWORD={len(words) - 1}; _referee; "
        'printf "%s\\n" "${COMPREPLY[@]}"'
    )
    done = subprocess.run(
        ["bash", "-c", program], capture_output=True, text=True, check=True, cwd=cwd, timeout=60
    )
    return sorted(line for line in done.stdout.splitlines() if line)


@pytest.mark.parametrize("shell", ["bash", "zsh"])
def test_completion_scripts_are_generated(shell: str, capsys: pytest.CaptureFixture[str]) -> None:
    script = _output(capsys, "completion", shell)
    assert "complete -F _referee referee" in script
    assert ("bashcompinit" in script) is (shell == "zsh")


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash")
def test_bash_completes_commands_options_and_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    script = tmp_path / "referee.bash"
    script.write_text(_output(capsys, "completion", "bash"), encoding="utf-8")
    (tmp_path / "mine.toml").write_text("", encoding="utf-8")
    assert _complete(script, "referee", "con", cwd=tmp_path) == ["config"]
    assert _complete(script, "referee", "config", "", cwd=tmp_path) == [
        "--help",
        "-h",
        "check",
        "init",
    ]
    assert _complete(script, "referee", "-v", "run", "--no-", cwd=tmp_path) == [
        "--no-backfill",
        "--no-imap",
        "--no-lmtp",
        "--no-progress",
    ]
    assert _complete(script, "referee", "--config", "mi", cwd=tmp_path) == ["mine.toml"]
    assert _complete(script, "referee", "history", "G", "--si", cwd=tmp_path) == ["--since"]
