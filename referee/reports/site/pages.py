"""What the site shows, as plain data: the command gathers it, the templates lay it out.

Everything here is public: the pages are built from each game's public picture (or its
text without secrets), the public history and the reports that went to the list.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from referee.games.kit.picture import StatePicture


@dataclass(frozen=True)
class HistoryRow:
    at: datetime
    actor: str | None
    message_id: str | None
    text: str
    outcome: str
    summary: str


@dataclass(frozen=True)
class PublishedReport:
    at: datetime
    subject: str
    body: str
    message_id: str


@dataclass(frozen=True)
class GamePage:
    name: str
    kind: str
    ruleset: str
    as_of: datetime | None
    picture: StatePicture | None
    text: str
    """The game's own fixed-width picture, shown when it has no :class:`StatePicture`."""
    history: tuple[HistoryRow, ...]
    reports: tuple[PublishedReport, ...]


def slug(name: str, taken: set[str]) -> str:
    """A file name for a game's page: ``"Commune 2023"`` -> ``commune-2023``, never one
    already ``taken`` (which it joins)."""
    base = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-") or "game"
    if base == "index":
        base = "game-index"
    found, number = base, 2
    while found in taken:
        found, number = f"{base}-{number}", number + 1
    taken.add(found)
    return found
