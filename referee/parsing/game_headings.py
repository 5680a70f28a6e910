"""A game named over an act: "Commune: I play a Stone at (1, 1)", or "Go:" on the line above.

The finder sets a label before "I" aside and reads the act in whichever game's words it is
in. When the label (or a heading line alone above the act) names one game and the act is
another game's, the author has said two things that disagree: which game is meant is not
guessed, and the line is told (rulings P70-read-games-s19-4). This module only says which
games a heading names; the finder decides what to do with it.
"""

from __future__ import annotations

import re
from functools import lru_cache

# The names Agorans give the games besides their configured names.
_NICKNAMES = {
    "go": "single capture go",
    "scg": "single capture go",
    "scgo": "single capture go",
    "sc go": "single capture go",
    "arcadian tournament": "arcadia",
    "the arcadian tournament": "arcadia",
    "commune tournament": "commune",
}

# "Commune: ...", "In Okinawa - ...", "Go move: ...", "Arcadia ->": a name and its colon.
_LABEL = re.compile(
    r"^\s*[\[(*_=#]*\s*(?:(?:in|for)\s+)?(?:the\s+)?(?P<name>[A-Za-z][A-Za-z\- ]{0,28}?)"
    r"(?:\s+(?:move|moves|play|plays|action|actions|turn))?\s*[\])*_=#]*\s*"
    r"(?::|->|=>|\u2192|\s-\s|\s?[\u2013\u2014]\s?)\s*(?P<rest>.*)$",
    re.IGNORECASE | re.DOTALL,
)

# "[Okinawa]", "== Commune ==", "**Arcadia**", "In Okinawa": a name alone on its line.
_ALONE = re.compile(
    r"^\s*[\[(*_=#]*\s*(?:(?:in|for)\s+)?(?:the\s+)?(?P<name>[A-Za-z][A-Za-z\- ]{0,28}?)"
    r"\s*[\])*_=#]*[\s.!]*$",
    re.IGNORECASE,
)


# Every label's separator holds one of these.
_MARKS = (":", "-", ">", "\u2192", "\u2013", "\u2014")


def _folded(name: str) -> str:
    return " ".join(name.casefold().replace("-", " ").split())


@lru_cache(maxsize=256)
def named_games(label: str, games: tuple[str, ...]) -> frozenset[str]:
    """The configured ``games`` (by name) that ``label`` names: its own name, the start of
    one ("Arcadia" names the tournament and its contract) or a nickname ("Go")."""
    wanted = _folded(label)
    wanted = _NICKNAMES.get(wanted, wanted)
    if not wanted:
        return frozenset()
    return frozenset(
        game for game in games if _folded(game) == wanted or _folded(game).startswith(wanted + " ")
    )


def heading_over(text: str, games: tuple[str, ...]) -> tuple[frozenset[str], bool] | None:
    """The games a label at the start of ``text`` names, and whether the label is alone on
    its line (a heading over the lines under it); None when it names none."""
    head = text[:48]
    if not any(mark in head for mark in _MARKS) and len(text) > 40:
        return None  # the cheap test first: most sentences have no label and are longer
    match = _LABEL.match(text)
    alone = _ALONE.match(text) if match is None and len(text) <= 40 else None
    if alone is not None:
        named = named_games(alone.group("name"), games)
        return (named, True) if named else None
    if match is None:
        return None
    named = named_games(match.group("name"), games)
    if not named:
        return None
    return named, not match.group("rest").strip(" .!")
