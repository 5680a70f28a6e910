"""Agora's own acts beside a game's, in one sentence.

Players pack several acts into one sentence, and not all of them are any game's: "I vote
FOR 9001 and I place a tile at D4", "I place a tile at D4 and pay 5 coins to Janet". The
vote and the payment belong to other officers (the Assessor, the Treasurer); an officer of
the game reads the tile and leaves the rest alone, as e would if it were a sentence of its
own. This module finds such a split: one half that opens with an act no game has, the other
half to be read whole by a game (the finder does that, and takes the split only if it
reads; rulings P50-lead-s11-9).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

# Acts of Agora's other offices, written in the author's voice: voting, paying Agora's own
# currencies, calling for judgement, submitting proposals, pointing a finger, awarding,
# cashing. A payment names what is paid, so that a game's tokens or goods ("I pay A and 6",
# "I spend 3 Food") are never taken for Agora's.
_AGORA_ACT = re.compile(
    r"^I\s+(?:hereby\s+)?(?:vote|cast\s+(?:my\s+)?votes?|submit|call\s+for\s+judge?ments?|"
    r"cfj|point\s+my\s+finger|award|cash|nominate|publish|endorse|"
    r"create\s+(?:a\s+|the\s+following\s+)?promise|"
    r"(?:pay|spend|bid|earn)\s+(?:(?:my|\d+)\s+)?(?:coins?|spendies|stamps?|points?|blots?)\b)\b",
    re.IGNORECASE,
)
# Where one half ends and the other begins: "and" with or without the second "I".
_JOINT = re.compile(r",?\s+(?:and|&)\s+(?:then\s+)?(?P<speaker>I\s+)?", re.IGNORECASE)
# Words that make a half something else than a plain act: quotation, someone's words, a
# question, a condition, a time to come.
_NOT_PLAIN = re.compile(
    r"[\"\u201c\u201d?]|\b(?:if|unless|when|once|after|before|until|provided|said|says|wrote|"
    r"will|would|could|should|might|may|tomorrow|later)\b|['\u2019](?:ll|d)\b",
    re.IGNORECASE,
)


def agora_halves(text: str) -> Iterator[tuple[str, str]]:
    """Each way to cut ``text`` in two at an "and" so that one half is an act of Agora's
    other offices and the other half may be a game's: (Agora's half, the game's half),
    both in the author's voice."""
    if not text.startswith("I ") or _NOT_PLAIN.search(text) is not None:
        return
    for joint in _JOINT.finditer(text):
        first = text[: joint.start()].strip()
        second = text[joint.end() :].strip()
        if not first or not second:
            continue
        second = second if second.startswith("I ") else f"I {second}"
        if _AGORA_ACT.match(first) is not None and _AGORA_ACT.match(second) is None:
            yield first, second
        elif _AGORA_ACT.match(second) is not None and _AGORA_ACT.match(first) is None:
            yield second, first
