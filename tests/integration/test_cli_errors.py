"""The ``referee`` command as a newcomer meets it when something is wrong.

Each case runs the installed ``referee`` entry point in its own process, as a person types
it, and checks what they see: nothing on stdout, exactly one line on stderr naming what is
wrong and how to fix it, the documented exit code (README, "Exit codes"), and never a
traceback. A closed output (``referee history GAME | head``) ends quietly with 141.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from alembic import command
from servers.ports import LOOPBACK, free_port
from support import COMMUNE_CLI_CONFIG

from referee.store.db import Database
from referee.store.migrate import alembic_config, head_revision

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(sys.executable).with_name("referee")
EXAMPLE_MAIL = ROOT / "examples" / "mail" / "public"


@dataclass(frozen=True)
class Ran:
    code: int
    out: str
    err: str


def referee(
    *args: str,
    cwd: Path | None = None,
    stdout_closed: bool = False,
    env: dict[str, str] | None = None,
) -> Ran:
    """Run the ``referee`` command with ``args``; with ``stdout_closed``, its output is a
    pipe whose reading end is closed at once (the reader, like ``head``, has gone)."""
    program = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "referee"]
    environ = {**os.environ, **(env or {})}
    if stdout_closed:
        process = subprocess.Popen(
            [*program, *args], cwd=cwd, env=environ, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        assert process.stdout is not None and process.stderr is not None
        process.stdout.close()
        err = process.stderr.read().decode()
        process.stderr.close()
        return Ran(process.wait(timeout=120), "", err)
    done = subprocess.run(
        [*program, *args],
        cwd=cwd,
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    return Ran(done.returncode, done.stdout, done.stderr)


def one_line(ran: Ran, code: int, line: str) -> None:
    """The command failed with ``code``, saying exactly ``line`` and nothing else."""
    assert "Traceback" not in ran.err
    assert (ran.code, ran.out, ran.err) == (code, "", f"referee: {line}\n")


def write_config(folder: Path, name: str = "referee.toml", **replace: str) -> Path:
    text = COMMUNE_CLI_CONFIG.format(url=f"sqlite:///{folder}/cli.sqlite3", folder=folder)
    for old, new in replace.items():
        assert old in text, old
        text = text.replace(old, new)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A configuration whose database is initialised and holds the example mail."""
    folder = tmp_path_factory.mktemp("played")
    config = write_config(folder)
    assert referee("--config", str(config), "init").code == 0
    assert referee("--config", str(config), "import", "--no-progress", str(EXAMPLE_MAIL)).code == 0
    yield config


# -- the configuration ---------------------------------------------------------------------


def test_a_configuration_file_that_does_not_exist(tmp_path: Path) -> None:
    ran = referee("--config", "nowhere.toml", "state", "Commune 2023", cwd=tmp_path)
    one_line(
        ran,
        2,
        "configuration error: nowhere.toml: no such configuration file (give one with "
        "--config or $REFEREE_CONFIG; `referee config init` writes a starter that documents "
        "every key)",
    )


def test_a_folder_given_as_the_configuration(tmp_path: Path) -> None:
    ran = referee("--config", str(tmp_path), "init")
    one_line(ran, 2, f"configuration error: {tmp_path}: cannot be read: Is a directory")


def test_a_toml_syntax_error(tmp_path: Path) -> None:
    config = write_config(tmp_path, **{'kind = "commune"': 'kind = "commune'})
    ran = referee("--config", str(config), "state", "Commune 2023")
    one_line(
        ran,
        2,
        f"configuration error: {config}: is not valid TOML: Illegal character '\\n' "
        "(at line 27, column 16)",
    )


def test_a_misspelt_key(tmp_path: Path) -> None:
    config = write_config(tmp_path, **{"list_addresses": "list_adresses"})
    ran = referee("--config", str(config), "init")
    one_line(
        ran,
        2,
        "configuration error: referee.list_adresses: is not a known setting "
        "(did you mean referee.list_addresses?)",
    )


def test_a_misspelt_required_key(tmp_path: Path) -> None:
    config = write_config(tmp_path, **{"bot_address": "bot_adress"})
    ran = referee("--config", str(config), "init")
    one_line(
        ran,
        2,
        "configuration error: referee.bot_address: is required "
        "(the file has referee.bot_adress: misspelt?)",
    )


def test_a_value_of_the_wrong_type(tmp_path: Path) -> None:
    config = write_config(tmp_path, **{'name = "nix"': "name = 7"})
    ran = referee("--config", str(config), "init")
    one_line(ran, 2, "configuration error: player[0].name: must be text in quotes, not 7")


def test_an_option_of_the_wrong_type(tmp_path: Path) -> None:
    config = write_config(tmp_path)
    with config.open("a", encoding="utf-8") as file:
        file.write("\n[game.options]\nhalf_of_placed_tiles = 3\n")
    ran = referee("--config", str(config), "state", "Commune 2023")
    one_line(
        ran,
        2,
        "configuration error: game[0].options.half_of_placed_tiles: "
        "must be bool like its default False",
    )


def test_a_database_url_that_is_not_one(tmp_path: Path) -> None:
    config = write_config(
        tmp_path, **{f"sqlite:///{tmp_path}/cli.sqlite3": "the referee's database"}
    )
    ran = referee("--config", str(config), "init")
    one_line(
        ran,
        2,
        "configuration error: referee.database_url: is not a database URL; write "
        "sqlite:///path/to/referee.sqlite3 or postgresql+psycopg://user@host/database",
    )


def test_a_game_that_is_not_configured(played: Path) -> None:
    ran = referee("--config", str(played), "history", "Chess")
    one_line(ran, 2, "there is no game called 'Chess' (games: Register, Commune 2023)")


# -- the database ----------------------------------------------------------------------------


def test_a_database_not_created_yet_is_named_and_left_uncreated(tmp_path: Path) -> None:
    config = write_config(tmp_path)
    ran = referee("--config", str(config), "state", "Commune 2023")
    one_line(
        ran,
        3,
        f"database: the database {tmp_path}/cli.sqlite3 does not exist: run 'referee init' "
        "to create it",
    )
    assert not (tmp_path / "cli.sqlite3").exists()


def _stamp(config_folder: Path, revision: str) -> None:
    """Record ``revision`` as the schema's, whatever the tables are."""
    db = Database(f"sqlite:///{config_folder}/cli.sqlite3")
    try:
        with db.engine.begin() as connection:
            alembic = alembic_config(db.url)
            alembic.attributes["connection"] = connection
            command.stamp(alembic, revision)
    finally:
        db.dispose()


def test_a_database_at_an_old_schema(tmp_path: Path) -> None:
    config = write_config(tmp_path)
    assert referee("--config", str(config), "init").code == 0
    _stamp(tmp_path, "0001")
    head = head_revision()
    one_line(
        referee("--config", str(config), "history", "Commune 2023"),
        3,
        f"database: the database schema is at 0001, this referee needs {head}: run 'referee init'",
    )
    one_line(
        referee("--config", str(config), "db", "check"),
        3,
        f"database: the database is at revision 0001, not {head}: run 'referee db upgrade'",
    )
    # Its tables are already the newest: the upgrade cannot run, and says why.
    ran = referee("--config", str(config), "init")
    assert ran.code == 3 and ran.out == "" and ran.err.count("\n") == 1
    assert ran.err.startswith("referee: database: the upgrade from revision 0001 failed (")
    assert ran.err.endswith("restore a backup, or start a new database\n")


def test_a_database_from_a_newer_referee(tmp_path: Path) -> None:
    config = write_config(tmp_path)
    assert referee("--config", str(config), "init").code == 0
    db = Database(f"sqlite:///{tmp_path}/cli.sqlite3")
    try:
        with db.engine.begin() as connection:
            connection.exec_driver_sql("UPDATE alembic_version SET version_num = '9999'")
    finally:
        db.dispose()
    newer = (
        "database: the database schema is at 9999, which this referee does not know "
        "(a newer version made it): run the newer referee, or restore a backup"
    )
    one_line(referee("--config", str(config), "state", "Commune 2023"), 3, newer)
    one_line(referee("--config", str(config), "db", "check"), 3, newer)
    one_line(
        referee("--config", str(config), "init"),
        3,
        "database: Can't locate revision identified by '9999': the database's schema is not "
        "one this referee knows",
    )


def test_an_unreachable_postgresql_server(tmp_path: Path) -> None:
    port = free_port()  # nothing listens there
    url = f"postgresql+psycopg://referee:hunter2@{LOOPBACK}:{port}/referee"
    config = write_config(tmp_path, **{f"sqlite:///{tmp_path}/cli.sqlite3": url})
    for args in (("init",), ("state", "Commune 2023"), ("db", "check")):
        ran = referee("--config", str(config), *args)
        assert ran.code == 3 and ran.out == "" and ran.err.count("\n") == 1, args
        assert ran.err.startswith(
            f"referee: database: cannot use the database (connection failed: connection to "
            f'server at "{LOOPBACK}", port {port} failed: Connection refused): '
        )
        assert ran.err.endswith(
            "check that its server is running and reachable and that referee.database_url "
            "names it\n"
        )
        assert "hunter2" not in ran.err


def test_an_empty_postgresql_database(tmp_path: Path, postgres_url: str) -> None:
    config = write_config(tmp_path, **{f"sqlite:///{tmp_path}/cli.sqlite3": postgres_url})
    one_line(
        referee("--config", str(config), "state", "Commune 2023"),
        3,
        f"database: the database schema is at nothing (empty database), this referee needs "
        f"{head_revision()}: run 'referee init'",
    )


def test_a_sqlite_folder_that_cannot_be_made(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    config = write_config(
        tmp_path, **{f"sqlite:///{tmp_path}/cli.sqlite3": f"sqlite:///{blocker}/db.sqlite3"}
    )
    ran = referee("--config", str(config), "init")
    assert ran.code == 3 and ran.out == "" and ran.err.count("\n") == 1
    assert ran.err.startswith(f"referee: database: cannot create the folder {blocker} ")


def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("shopping list\n" * 100)
    config = write_config(tmp_path, **{f"sqlite:///{tmp_path}/cli.sqlite3": f"sqlite:///{notes}"})
    one_line(
        referee("--config", str(config), "state", "Commune 2023"),
        3,
        "database: cannot use the SQLite database (file is not a database): check that "
        "referee.database_url names a database made by 'referee init' that this user can "
        "write",
    )


# -- mail servers ----------------------------------------------------------------------------


def test_an_unreachable_imap_server(played: Path, tmp_path: Path) -> None:
    port = free_port()  # nothing listens there
    config = tmp_path / "imap.toml"
    config.write_text(
        played.read_text(encoding="utf-8")
        + f'\n[[source]]\nname = "list"\nhost = "{LOOPBACK}"\nport = {port}\ntls = "none"\n'
        'user = "referee"\npassword_env = "REFEREE_TEST_IMAP_PASSWORD"\n',
        encoding="utf-8",
    )
    ran = referee("--config", str(config), "run", "--once", env={"REFEREE_TEST_IMAP_PASSWORD": "x"})
    one_line(
        ran,
        3,
        f"mail source 'list': the IMAP server {LOOPBACK}:{port} could not be read "
        "(ConnectionRefusedError: [Errno 111] Connection refused): check the source's host, "
        "port, tls, user and password (what was stored before is kept)",
    )


def test_an_lmtp_port_already_taken(played: Path, tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind((LOOPBACK, 0))
        taken.listen()
        port = taken.getsockname()[1]
        config = tmp_path / "lmtp.toml"
        config.write_text(
            played.read_text(encoding="utf-8")
            + f'\n[lmtp]\nenabled = true\nhost = "{LOOPBACK}"\nport = {port}\n',
            encoding="utf-8",
        )
        ran = referee("--config", str(config), "run", "--no-imap")
    assert (ran.code, ran.out, ran.err.count("\n")) == (3, "", 1)
    assert ran.err.startswith(f"referee: the LMTP server cannot listen on {LOOPBACK}:{port} (")
    assert ran.err.endswith("): change lmtp.host or lmtp.port, or stop what uses the port\n")


# -- arguments -------------------------------------------------------------------------------


def test_an_instant_that_is_not_one(played: Path) -> None:
    for instant in ("yesterday", "9999-12-31T23:59:59-05:00"):
        ran = referee("--config", str(played), "state", "Commune 2023", "--at", instant)
        assert (ran.code, ran.out) == (2, "")
        assert ran.err.splitlines()[-1] == (
            f"referee state: error: argument --at: {instant!r} is not a date and time such "
            "as 2023-05-01T12:00:00Z"
        )
        assert "Traceback" not in ran.err


def test_importing_a_file_that_does_not_exist(played: Path, tmp_path: Path) -> None:
    ran = referee("--config", str(played), "import", str(tmp_path / "mail.mbox"))
    one_line(
        ran,
        2,
        f"import: no such file or folder: {tmp_path}/mail.mbox (give mbox files, Maildir "
        "folders or .eml files; nothing was imported)",
    )


def test_quarantine_ids_that_name_nothing(played: Path) -> None:
    one_line(
        referee("--config", str(played), "quarantine", "show", "999"),
        2,
        "there is no message 999 ('referee quarantine list' lists them)",
    )
    one_line(
        referee("--config", str(played), "quarantine", "retry", "1", "999"),
        2,
        "not quarantined: 1, 999; nothing retried ('referee quarantine list' lists the "
        "quarantined messages)",
    )
    one_line(
        referee("--config", str(played), "quarantine", "show", "1"),
        1,
        "message 1 is not quarantined (it is done)",
    )


def test_an_amendment_to_an_unknown_ruleset_or_option(played: Path) -> None:
    base = ("--config", str(played), "amend", "Commune 2023", "--from", "2023-05-01")
    one_line(
        referee(*base, "--ruleset", "v9", "--reason", "x"),
        2,
        "amend: --ruleset: commune has no ruleset 'v9' (v1.2, v1.3)",
    )
    ran = referee(*base, "--option", "no_such_option=true", "--reason", "x")
    assert ran.err.startswith(
        "referee: amend: --option no_such_option: is not an option of Commune v1.3"
    )
    assert (ran.code, ran.out, ran.err.count("\n")) == (2, "", 1)


def test_a_correction_whose_value_is_broken_json(played: Path) -> None:
    ran = referee(
        "--config", str(played), "correct", "Commune 2023", "participants.nix.tokens", "[1",
        "--reason", "a typo",
    )  # fmt: skip
    one_line(
        ran,
        2,
        "correct: VALUE '[1' is not valid JSON (Expecting ',' delimiter: line 1 column 3 "
        '(char 2)); write JSON such as 3, ["E", "4"] or {"E": 1}, or a bare word for text',
    )


def test_publishing_a_draft_of_a_game_that_publishes_to_the_list(tmp_path: Path) -> None:
    config = write_config(
        tmp_path, **{'officer = "surveyor"': 'officer = "surveyor"\npublish = "list"'}
    )
    assert referee("--config", str(config), "init").code == 0
    one_line(
        referee("--config", str(config), "report", "Commune 2023", "--publish"),
        2,
        'Commune 2023 publishes each report to the list as it is drafted (publish = "list"): '
        "there is no draft to publish",
    )


def test_a_negative_interval(played: Path) -> None:
    ran = referee("--config", str(played), "run", "--interval", "-1")
    assert (ran.code, ran.out) == (2, "")
    assert ran.err.splitlines()[-1] == (
        "referee run: error: argument --interval: '-1' is not a number of seconds above zero"
    )


# -- a closed output -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("history", "Commune 2023"),
        ("state", "Commune 2023"),
        ("state", "Commune 2023", "--json"),
        ("report", "Commune 2023"),
        ("ruleset", "Commune 2023"),
        ("quarantine", "list"),
    ],
)
def test_a_closed_output_ends_quietly(played: Path, args: tuple[str, ...]) -> None:
    ran = referee("--config", str(played), *args, stdout_closed=True)
    assert (ran.code, ran.err) == (141, "")


def test_history_into_head(played: Path) -> None:
    """The pipeline a person types: head prints a line and leaves. Whether the referee had
    written everything before head left (0) or met the closed pipe (141) is a race of the
    two processes; either way nothing but the line is seen."""
    shell = shutil.which("bash")
    if shell is None:
        pytest.skip("no bash to run a pipeline")
    program = str(SCRIPT) if SCRIPT.exists() else f"{sys.executable} -m referee"
    pipeline = f"set -o pipefail; {program} --config '{played}' history 'Commune 2023' | head -n 1"
    done = subprocess.run([shell, "-c", pipeline], capture_output=True, text=True, check=False)
    assert done.stdout.count("\n") == 1 and done.stdout.startswith("2023-04-19 09:00:00")
    assert done.stderr == "" and done.returncode in (0, 141)


def test_an_unforeseen_error_is_one_line_asking_for_a_report(
    played: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """No person can cause this on purpose: a fault is injected into the handler."""
    from referee.cli import inspect, main

    def broken(*_args: object) -> int:
        raise KeyError("offices")

    monkeypatch.setattr(inspect, "cmd_state", broken)
    assert main(["--config", str(played), "state", "Commune 2023"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        "referee: unexpected KeyError: 'offices' (a bug in the referee: please report it "
        "with the output of the same command run with -vv)\n"
    )
