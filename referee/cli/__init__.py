"""The ``referee`` command: one sub-command per job, meaningful exit codes, --help everywhere.

Exit codes: 0 success; 1 the job ran but found a problem (quarantined mail, drift, a
replay that differs); 2 bad usage or configuration; 3 the database or a server could not
be reached or is not ready.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

from referee import __version__
from referee.cli import admin, inspect, officer, service
from referee.config import load_settings
from referee.errors import ConfigError, RefereeError, StoreError

EXIT_OK = 0
EXIT_PROBLEM = 1
EXIT_USAGE = 2
EXIT_UNAVAILABLE = 3


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
        "-v", "--verbose", action="count", default=0, help="more logging (-vv: debug)"
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    admin.register(commands)
    service.register(commands)
    inspect.register(commands)
    officer.register(commands)
    return parser


def _logging(verbosity: int) -> None:
    level = logging.WARNING if verbosity == 0 else logging.INFO if verbosity == 1 else logging.DEBUG
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    _logging(args.verbose)
    try:
        settings = load_settings(args.config)
        code: int = args.handler(settings, args)
    except ConfigError as error:
        print(f"referee: configuration error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except StoreError as error:
        print(f"referee: database: {error}", file=sys.stderr)
        return EXIT_UNAVAILABLE
    except RefereeError as error:
        print(f"referee: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    return code
