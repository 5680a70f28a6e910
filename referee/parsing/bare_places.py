"""A place written alone, with a game named beside it, in a public message.

"D4 (Commune tile)", "C4 (tile)", "(3, 3) for Arcadia": the author names a place and the
game, but no action. In a private mail to the referee a bare square may be a secret move
(Single-Capture Go's "e7"); on the list it is no announcement of anything, so it is never
performed, but it plainly means to be one, so it is told to its author rather than dropped
(rulings P54-mail-s12-2). A place with words that name no game ("D4 (my lucky square)")
is left alone, as any remark is.
"""

from __future__ import annotations

import re

# A place as the games write one: a square ("D4", "e7", "a10") or a pair of numbers.
_PLACE = r"(?:[A-Za-z]\d{1,2}|\(\s*\d{1,2}\s*,\s*\d{1,2}\s*\))"
# The place alone with a note: in brackets after it, after "for"/"in", or after a dash. Lines
# of such places one under another run into one sentence ("C4 (tile) (3, 3) (claim)").
_BARE_PLACE = re.compile(
    rf"\s*{_PLACE}\s*(?:\((?P<bracket>[^()]{{1,40}})\)|(?:for|in|[-\u2013\u2014])\s+"
    r"(?P<after>[\w' -]{1,40}?))\s*[.!,;]?\s*(?=$|[A-Za-z]\d|\()",
    re.IGNORECASE,
)
_AT_MOST = 6  # places in one sentence


def bare_place_note(text: str) -> str | None:
    """The notes beside places written alone ("Commune tile" of "D4 (Commune tile)"),
    joined by "; ", or None when the sentence is not only such places."""
    if len(text) > 60 * _AT_MOST:
        return None  # the cheap test first: such a line is short
    notes: list[str] = []
    at = 0
    while at < len(text) and len(notes) < _AT_MOST:
        match = _BARE_PLACE.match(text, at)
        if match is None or match.end() == at:
            return None
        notes.append(match.group("bracket") or match.group("after"))
        at = match.end()
    if at < len(text.rstrip()) or not notes:
        return None
    return "; ".join(notes)


BARE_PLACE_PROBLEM = (
    "it names a place and a game but no action, and on the list a place alone announces "
    "nothing, so nothing was done; to act, write the action in full"
)
