"""Where the project's data directories are: next to the package, never the working directory.

In a source checkout (and an editable install) ``grammar/``, ``templates/``, ``migrations/``
and ``rules/`` sit beside the ``referee`` package; a wheel carries them inside the package
under ``_data/``.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
_CHECKOUT = _PACKAGE.parent


def _data_dir(name: str) -> Path:
    bundled = _PACKAGE / "_data" / name
    return bundled if bundled.is_dir() else _CHECKOUT / name


GRAMMAR_DIR = _data_dir("grammar")
TEMPLATES_DIR = _data_dir("templates")
MIGRATIONS_DIR = _data_dir("migrations")
RULES_DIR = _data_dir("rules")
"""The vendored rule texts the games implement and quote (see ``rules/README.md``)."""
EXAMPLES_DIR = _data_dir("examples")
"""The example season's mailboxes and passphrases, which the example configuration reads."""
_BUNDLED_CONFIG = _PACKAGE / "_data" / "config.example.toml"
EXAMPLE_CONFIG = _BUNDLED_CONFIG if _BUNDLED_CONFIG.is_file() else _CHECKOUT / "config.example.toml"
"""The example configuration: the embedded default, and the starter ``config init`` writes."""
EXAMPLE_IS_INSTALLED = EXAMPLE_CONFIG == _BUNDLED_CONFIG
"""Whether the example is the installed package's own copy: then its data (database,
outbox) goes to the working directory, never into the installed package."""
