"""Owners written as pronouns ("her chain", "eir offer"): told, never dropped or guessed.

A name beside a thing ("Janet's chain", "Murphy's trade offer 3") is checked against it
(rulings P52-read-games-s12-1, -2, P55-read-games-s13-1); a pronoun names nobody the reader
can check without choosing an antecedent, and the finder does not know who is he, she or
e. Lexicons resolve the few shapes whose antecedent is certain ("I take Janet up on her
offer"); any other line holding one is told with this answer (P55-read-games-s13-2).
"""

from __future__ import annotations

import re

# Agora writes Spivak pronouns (e, em, eir) besides the usual ones; "its" is left out, as
# "the tile and its community" names a thing, not a person.
_OWNER = re.compile(
    r"\b(?P<pronoun>his|her|their|eir|hir|xyr|xir|zir)\s+(?:own\s+)?(?:(?:most\s+)?recent\s+|"
    r"last\s+|new\s+|open\s+)?(?P<thing>(?:trade\s+)?offers?|chains?|groups?|strings?|stones?|"
    r"communit(?:y|ies)|(?-i:APs?)(?![A-Za-z])|arcadian\s+proposals?|land\s+units?|"
    r"constructors?|tokens?|tiles?|farms?|orchards?|mines?|lumber\s+mills?|facilit(?:y|ies))\b",
    re.IGNORECASE,
)

# A capitalised word after the sentence's first ("I", "Please"): a name, perhaps.
_NAMED_BEFORE = re.compile(r"(?<![.!?:]\s)(?<=\s)(?-i:[A-Z])[a-z][\w\-]*")


def pronoun_owner(text: str) -> str | None:
    """The answer for a line whose thing's owner is a pronoun, else None."""
    found = _OWNER.search(text)
    if found is None:
        return None
    if _NAMED_BEFORE.search(text, 1, found.start()) is not None:
        # "I take Janet up on her offer ...": a person is named before the pronoun, which
        # may well be who it means; the line is told for what else it holds.
        return None
    words = re.sub(r"\s+", " ", found.group(0))
    thing = re.sub(r"\s+", " ", found.group("thing"))
    return (
        f"{words!r} does not say whose it is, and the referee does not guess who "
        f"{found.group('pronoun').lower()!r} is: name the owner (for example \"Janet's "
        f'{thing}"), or leave the owner out where the rules need none'
    )
