"""``referee site``: pages built from the record, with every secret kept as the mail keeps it."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from scgo_mail import GAMESMASTER, ROUND, START, Player, ScgoPipeline, scgo_game
from servers.smtp import SmtpSink

from referee.cli import main
from referee.cli.common import CommandError
from referee.cli.site import cmd_site

ROOT = Path(__file__).resolve().parents[2]
H = timedelta(hours=1)
R1 = START + ROUND

NIX = Player("nix", "nix@example.org", passphrase="walrus and carpenter")
JANET = Player("Janet", "janet@example.net", passphrase="snark boojum")
ASPEN = Player("Aspen", "aspen@example.com", passphrase="slithy toves gyre")
PLAYERS = [NIX, JANET, ASPEN]
PASSPHRASES = [p.passphrase for p in PLAYERS if p.passphrase]


@pytest.fixture
def table(tmp_path: Path, sqlite_url: str, smtp_sink: SmtpSink) -> Iterator[ScgoPipeline]:
    game = ScgoPipeline(
        tmp_path, sqlite_url, smtp_sink, PLAYERS, game=scgo_game(move_proof="passphrase")
    )
    try:
        yield game
    finally:
        game.close()


def mid_round(table: ScgoPipeline) -> None:
    """Round 1 played and announced; round 2 under way with two plays and a refusal."""
    for index, player in enumerate(PLAYERS):
        table.public(player.name, "I agree to play Single-Capture Go.", START - (index + 2) * H)
    table.public(
        GAMESMASTER,
        "I announce the beginning of a game of Single-Capture Go with nix, Janet and Aspen.",
        START,
    )
    table.run(START + timedelta(minutes=1))
    table.move("nix", "d2", START + 1 * H)
    table.move("Janet", "d5", START + 2 * H)
    table.move("Aspen", "e2", START + 3 * H)
    table.move("nix", "b4", START + 4 * H)  # replaces d2
    table.run(R1 + timedelta(minutes=1))
    table.move("nix", "a5", R1 + 1 * H)
    table.move("Aspen", "f3", R1 + 2 * H)
    table.private("Janet", "I play c6\n", R1 + 3 * H)  # no passphrase: refused, still secret
    table.run(R1 + 4 * H)


def site_files(folder: Path) -> dict[str, str]:
    return {path.name: path.read_text(encoding="utf-8") for path in sorted(folder.iterdir())}


def write(table: ScgoPipeline, folder: Path, archive_url: str | None = None) -> dict[str, str]:
    args = argparse.Namespace(outdir=folder, archive_url=archive_url)
    assert cmd_site(table.app.settings, args) == 0
    return site_files(folder)


def test_a_game_mid_round_shows_no_unrevealed_square_and_no_passphrase(
    table: ScgoPipeline, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mid_round(table)
    files = write(table, tmp_path / "site")
    assert set(files) == {
        "index.html",
        "go.html",
        "go-board.svg",
        "register.html",
        "register-board.svg",
        "style.css",
    }
    assert "wrote 2 game pages and an index" in capsys.readouterr().out
    for name, text in files.items():
        for passphrase in PASSPHRASES:
            assert passphrase not in text, name
        for square in ("a5", "f3", "c6"):  # round 2's plays and refused attempt
            assert not re.search(rf"\b{square}\b", text, re.IGNORECASE), (name, square)
    page = files["go.html"]
    # Round 1 is revealed: its plays are on the page, in the announcement and the tables.
    assert re.search(r"\bb4\b", page) and re.search(r"\bd5\b", page)
    assert "Round 2 of Single-Capture Go (Go) begins now." in page
    # The history is ``referee history``'s: a private play's words stay out of it.
    assert page.count("(secret until revealed)") == 4 + 3
    assert "<td>nix</td><td>remaining</td><td>1</td><td>received</td>" in page
    assert "<td>Janet</td><td>remaining</td><td>1</td><td>none yet</td>" in page
    # Every public message in the history is linked by its Message-ID; a secret play's
    # mail is not named (SEC-2).
    links = re.findall(r'<a class="message" href="mid:([^"]+)">&lt;([^&]+)&gt;</a>', page)
    assert len(links) >= 4 and all(href == shown for href, shown in links)
    rows = page.count('<p class="when">') - page.count("(the clock)")
    assert len(links) == rows - (4 + 3)
    assert '<svg xmlns="http://www.w3.org/2000/svg"' in page
    assert '<a href="go.html">Go</a>' in files["index.html"]


def test_links_go_to_a_web_archive_when_one_is_given(table: ScgoPipeline, tmp_path: Path) -> None:
    mid_round(table)
    files = write(table, tmp_path / "site", "https://archive.example/agora/{id}")
    page = files["go.html"]
    assert "mid:" not in page
    assert re.search(r'href="https://archive\.example/agora/[0-9a-f]{20}@test\.example"', page)
    for wrong in ("https://archive.example/agora/", "archive.example/{id}"):
        with pytest.raises(CommandError, match="archive URL"):
            write(table, tmp_path / "other", wrong)


CONFIG = """\
[referee]
bot_address = "referee@example.org"
list_addresses = ["agora-business@example.org"]
administrators = ["admin@example.org"]
database_url = "sqlite:///{folder}/site.sqlite3"

[smtp]
mode = "file"
outbox_dir = "{folder}/outbox"

[[player]]
name = "nix"
addresses = ["nix@example.org"]

[[player]]
name = "Janet"
addresses = ["janet@example.net"]

[[player]]
name = "Aspen"
addresses = ["aspen@example.com"]

[offices]
surveyor = "Aspen"

[[game]]
name = "Commune 2023"
kind = "commune"
ruleset = "v1.3"
start = 2023-04-19T00:00:00Z
officer = "surveyor"
# The intended reading, so that the founding tile is Jade's and drawn in its colour.
options = {{ founding_tile_joins_community = true }}
"""


def test_the_command_writes_a_commune_site_with_its_published_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "referee.toml"
    config.write_text(CONFIG.format(folder=tmp_path), encoding="utf-8")

    def run(*args: str) -> int:
        return main(["--config", str(config), *args])

    assert run("init") == 0
    archive = ROOT / "examples" / "mail" / "public"
    assert run("import", "--no-progress", str(archive)) == 0
    out = tmp_path / "site"
    assert run("site", str(out)) == 0
    files = site_files(out)
    assert "No report has been published yet." in files["commune-2023.html"]
    assert run("report", "Commune 2023", "--publish") == 0
    capsys.readouterr()
    assert run("site", str(out)) == 0
    page = site_files(out)["commune-2023.html"]
    assert "No report has been published yet." not in page
    assert "<summary>Commune 2023 weekly report (Commune v1.3)" in page
    assert "PLAYBOARD" in page  # the report's text, as published
    assert 'aria-labelledby="board-title board-desc"' in page
    assert "<caption>Participants</caption>" in page
    # A file in the way of the folder is a clear error, not a traceback.
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    assert run("site", str(blocker)) == 2
    assert "is not a folder" in capsys.readouterr().err
    assert run("site", str(out), "--archive-url", "ftp://archive.example/{id}") == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line == (
        "referee: the archive URL 'ftp://archive.example/{id}' must start with https:// or http://"
    )
