"""``referee config init [PATH]`` writes a starter configuration; ``referee config check``
tells every problem of one at once.

Both run before (and without) the configuration being loaded: ``init`` needs none, and
``check`` is the one command that reports a broken file rather than failing on it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from referee.cli.common import CommandError, Commands
from referee.config import config_path, load_settings
from referee.errors import ConfigError
from referee.paths import EXAMPLE_CONFIG

STARTER_NOTE = """\
# Written by `referee config init` from the example configuration: every key is here,
# explained. Change the addresses, players, games and sources to your own, then run
#   referee --config {path} config check
# The [[source]] tables below read the example season's mail: replace them.
"""


def register(commands: Commands) -> None:
    config = commands.add_parser("config", help="write a starter configuration, or check one")
    actions = config.add_subparsers(dest="config_command", required=True, metavar="ACTION")
    init = actions.add_parser(
        "init", help="write a commented starter configuration (default: ./referee.toml)"
    )
    init.add_argument("path", nargs="?", type=Path, default=Path("referee.toml"), metavar="PATH")
    init.add_argument("--force", action="store_true", help="replace an existing file")
    init.set_defaults(handler=cmd_config_init, standalone=True)
    check = actions.add_parser(
        "check", help="check the configuration and tell every problem at once (exit 2 if any)"
    )
    check.set_defaults(handler=cmd_config_check, standalone=True)


def starter_text(path: Path) -> str:
    """The example configuration with a note on top, its example paths made absolute so
    the starter loads wherever it is written."""
    text = EXAMPLE_CONFIG.read_text(encoding="utf-8")
    examples = EXAMPLE_CONFIG.parent / "examples"
    text = text.replace('"examples/', f'"{examples.as_posix()}/')
    return STARTER_NOTE.format(path=path) + text


def cmd_config_init(args: argparse.Namespace) -> int:
    path: Path = args.path
    if path.is_dir():
        path = path / "referee.toml"
    if path.exists() and not args.force:
        raise CommandError(f"config init: {path} exists; give --force to replace it")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(starter_text(path), encoding="utf-8")
    except OSError as error:
        raise CommandError(f"config init: {path} cannot be written: {error.strerror}") from None
    print(f"wrote {path}: edit it, then check it with: referee --config {path} config check")
    return 0


def cmd_config_check(args: argparse.Namespace) -> int:
    from referee.config import ConfigProblems

    path, origin = config_path(args.config)
    try:
        settings = load_settings(path)
        from referee.engine.registry import build_games

        build_games(settings)
    except ConfigProblems as problems:
        for problem in problems.problems:
            print(f"referee: {path}: {problem}", file=sys.stderr)
        print(f"referee: {len(problems.problems)} problem(s) in {path}", file=sys.stderr)
        return 2
    except ConfigError as error:
        print(
            f"referee: {path}: {error}" if str(path) not in str(error) else f"referee: {error}",
            file=sys.stderr,
        )
        return 2
    print(
        f"{path} ({origin}) is valid: {len(settings.players)} player(s), "
        f"{len(settings.games)} game(s), "
        f"{len(settings.imap_sources) + len(settings.directory_sources)} mail source(s), "
        f"database {_safe_url(settings.database_url)}"
    )
    return 0


def _safe_url(url: str) -> str:
    if "@" in url:  # never print a password embedded in the URL
        scheme, _, rest = url.partition("://")
        return f"{scheme}://…@{rest.rsplit('@', 1)[-1]}"
    return url
