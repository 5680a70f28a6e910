"""The ``referee`` command: one sub-command per job, meaningful exit codes, --help everywhere.

Exit codes: 0 success; 1 the job ran but found a problem (quarantined mail, drift, a
replay that differs); 2 bad usage or configuration; 3 the database or a server could not
be reached or is not ready; 141 (128 + SIGPIPE) the output was closed before the command
had written it all (``referee history GAME | head``), as a shell reports for any tool.

Every error a person can cause is told in one line on stderr, never as a traceback.
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path

from referee import __version__
from referee.cli import admin, configure, generated, inspect, officer, outbox, service, site
from referee.config import CONFIG_ENV, ConfigProblems, Settings, config_path, load_settings
from referee.errors import ConfigError, RefereeError, ServerUnavailableError, StoreError

EXIT_OK = 0
EXIT_PROBLEM = 1
EXIT_USAGE = 2
EXIT_UNAVAILABLE = 3
EXIT_PIPE = 128 + int(getattr(signal, "SIGPIPE", 13))
"""What a shell shows for a tool whose output was closed (it ends by SIGPIPE)."""

log = logging.getLogger("referee.cli")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="referee",
        description="An email-driven referee for games played on a nomic mailing list.",
    )
    parser.add_argument("--version", action="version", version=f"referee {__version__}")
    parser.add_argument(
        "--config",
        type=Path,
        help="configuration file (default: $REFEREE_CONFIG, else the bundled example)",
    )
    parser.add_argument(
        "-v",
        "--verbose",
        action="count",
        default=0,
        help="more logging, and the configuration file in use (-vv: debug)",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    configure.register(commands)
    admin.register(commands)
    service.register(commands)
    inspect.register(commands)
    officer.register(commands)
    site.register(commands)
    outbox.register(commands)
    generated.register(commands)
    return parser


def _logging(verbosity: int) -> None:
    level = logging.WARNING if verbosity == 0 else logging.INFO if verbosity == 1 else logging.DEBUG
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")


def main(argv: Sequence[str] | None = None) -> int:
    try:
        code = _main(argv)
        # Written out here, not at the interpreter's exit, so that a closed pipe is met
        # (and answered quietly) while it can still be answered.
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_PIPE


def _main(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    _logging(args.verbose)
    path, origin = config_path(args.config)
    defaulted = args.config is None and origin.startswith("the bundled")
    standalone_command = getattr(args, "standalone", False)
    if defaulted and args.command != "run" and not standalone_command:
        # Never silently: a forgotten --config would act on the example season's database.
        print(
            f"referee: no --config or ${CONFIG_ENV} given: using the bundled example "
            f"configuration {path}",
            file=sys.stderr,
        )
    elif args.verbose:
        print(f"referee: configuration {path} ({origin})", file=sys.stderr)
    try:
        if standalone_command:
            standalone: int = args.handler(args)
            return standalone
        if args.command == "run" and defaulted and not args.example:
            return _fail(
                EXIT_USAGE,
                f"run: no configuration given, and the bundled example ({path}) is not "
                "run unless asked: give --config FILE (or $REFEREE_CONFIG), or --example "
                "to run the example season",
            )
        settings = load_settings(path)
        _check_games(settings)
        code: int = args.handler(settings, args)
    except ConfigProblems as problems:
        for problem in problems.problems:
            _fail(EXIT_USAGE, f"configuration error: {problem}")
        return EXIT_USAGE
    except ConfigError as error:
        return _fail(EXIT_USAGE, f"configuration error: {error}")
    except StoreError as error:
        return _fail(EXIT_UNAVAILABLE, f"database: {error}")
    except ServerUnavailableError as error:
        return _fail(EXIT_UNAVAILABLE, str(error))
    except RefereeError as error:
        return _fail(EXIT_USAGE, str(error))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        raise
    except Exception as error:  # the last answer to anything unforeseen
        return _unforeseen(error)
    return code


def _check_games(settings: Settings) -> None:
    """Build the configured games once, so that a wrong kind, ruleset or option is told
    before anything else (even before a missing database), by every command; the command
    then uses these very games instead of building them again."""
    from referee.engine.registry import build_games, keep_built

    keep_built(settings, build_games(settings))


def _fail(code: int, message: str) -> int:
    print(f"referee: {message}", file=sys.stderr)
    return code


def _unforeseen(error: Exception) -> int:
    from referee.cli.database_errors import database_problem

    problem = database_problem(error)
    if problem is not None:
        return _fail(EXIT_UNAVAILABLE, f"database: {problem}")
    log.debug("unforeseen error", exc_info=error)
    first_line = (str(error).strip().splitlines() or [""])[0]
    return _fail(
        EXIT_PROBLEM,
        f"unexpected {type(error).__name__}: {first_line} (a bug in the referee: please "
        "report it with the output of the same command run with -vv)",
    )


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so that nothing (not even the interpreter's last flush)
    writes to the closed pipe again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # stdout is not a file descriptor (captured in a test)
        pass
