"""Which sentences look like Commune actions (and so are parsed, and reported if they fail).

A game verb alone is not enough: players write "I name my cat Rex", "I accept your
apology", "I offer my condolences". A sentence looks like an action when it has one of the
game's verbs together with a word that ties that verb to the game (a tile, a token, a
community, a trade offer...). A line that really is a malformed action ("I place a tile on
the G6 square", "I withdraw my offer") still has both, so it is still parsed and, if the
grammar refuses it, reported with the forms the referee understands.
"""

from __future__ import annotations

import re

from referee.games.commune.colours import COLOURS

_LOCATION = r"\b[A-Za-z][0-9]{1,2}\b"
_SYMBOL = r"(?<![\w'])(?:[A-HJ0-9]|[b-j])(?![\w'])"
"""A Symbol standing alone. A lone lowercase "a" is the article and a capital "I" the
speaker, so neither counts (a sentence about the Symbol I has other clues)."""


def _words(*words: str) -> str:
    return r"\b(?:" + "|".join(words) + r")\b"


# Each verb, with the clue that must appear somewhere in the same sentence.
_CLUES: tuple[tuple[re.Pattern[str], re.Pattern[str] | None], ...] = tuple(
    (re.compile(verb, re.IGNORECASE), None if clue is None else re.compile(clue))
    for verb, clue in (
        # Words that belong to the game alone need no clue.
        (_words("participant", "participants", "participating", "participation"), None),
        (r"\bconstruct(?:s|ing|ed|or|ors)?\b", None),
        (_words("join", "leave", "quit"), r"(?i)\b(?:commune|tournament)\b"),
        (
            r"^\s*I\s+(?:hereby\s+)?(?:opt|exit|drop|enter|enlist|enrol|enroll|retire|depart|bow)\b",
            r"(?i)\b(?:commune|tournament)\b",
        ),
        (_words("cease", "ceasing"), r"(?i)\b(?:commune|tournament|participa\w*)\b"),
        (_words("invest", "invests", "investment", "investments"), r"(?i)\b(?:in|for)\b"),
        (r"^\s*I\s+(?:hereby\s+)?invest\b", None),
        (r"^\s*I\s+(?:take|make|buy|claim|get)\s+(?:an|one)\s+investment\b", None),
        (r"^\s*I\s+buy\s+into\b", None),
        (r"^\s*I(?:['\u2019]m|\s+am|\s+(?:hereby\s+)?become)\b", r"(?i)\bcommune\b"),
        (r"^\s*I\s+(?:hereby\s+)?grant\s+myself\s+(?:an|one|1)\s+investments?\b", None),
        # A tile and a location whatever the verb, misspelt or not ("I plcaes a tile at D4").
        (
            r"^\s*I\s+(?!(?:think|thought|guess|believe|hope|feel|felt|want|wanted|wish|like|"
            r"liked|would|see|saw|know|knew|suppose|expect|need|needed|had|have|saw|mean|meant)\b)"
            r"\S+\s+(?:a|one|two|\d)\s+tiles?\b",
            _LOCATION,
        ),
        # "I put my 8 up for trade", "I trade my B for a 3": trading in other words.
        (r"^\s*I\s+(?:put|trade|swap|exchange)\b", r"(?i:\btrade\b|\bfor\b)"),
        (_words("place", "places", "pay", "pays"), rf"(?i:\btiles?\b|\btokens?\b)|{_LOCATION}"),
        (_words("grant", "grants"), rf"(?i:\btokens?\b)|{_SYMBOL}"),
        (_words("offer", "offers"), rf"(?i:\btrade\b|\btokens?\b)|{_SYMBOL}"),
        (
            _words("accept", "accepts", "withdraw", "withdraws", "retract", "cancel"),
            r"(?i)\boffer\b|#\s*\d",
        ),
    )
)

_NAME = re.compile(r"\bname\b", re.IGNORECASE)
_NAME_CLUE = re.compile(rf"(?i:\bcommun\w*|#\s*\d|\bcolou?r\b)|{_LOCATION}")
# "I name my cat Rex", "I name the baby Ginger": the thing named is plainly something else.
# "I name that Lavender", "I name this one Teal" point at something, which may be a
# community: told, never passed over.
_NAMES_SOMETHING_ELSE = re.compile(
    r"\bname\s+(?:(?:my|our|his|her|their|your|the|a|an)\s+(?!commun)\w+|"
    r"(?:this|that)\s+(?!commun|one\b)(?-i:[a-z])\w*)",
    re.IGNORECASE,
)


def _names_a_colour(sentence: str) -> bool:
    return any(word.casefold() in COLOURS for word in re.findall(r"[A-Za-z]+", sentence))


def _looks_like_naming(sentence: str) -> bool:
    """ "name" with a community, a location, or a colour (unless what is named is plainly
    something else: "I name my son Red")."""
    if not _NAME.search(sentence):
        return False
    if _NAME_CLUE.search(sentence):
        return True
    return _names_a_colour(sentence) and not _NAMES_SOMETHING_ELSE.search(sentence)


# Other games on the list place things at coordinates too ("I place a stone at D4"): a
# sentence about stones, with no tile or token, is theirs.
_OTHER_PIECES = re.compile(r"\bstones?\b", re.IGNORECASE)
_OWN_PIECES = re.compile(r"\b(?:tiles?|tokens?)\b", re.IGNORECASE)


def looks_like_action(sentence: str) -> bool:
    """Could ``sentence`` be a Commune action (well or badly written)?"""
    if _OTHER_PIECES.search(sentence) and not _OWN_PIECES.search(sentence):
        return False
    for verb, clue in _CLUES:
        if verb.search(sentence) and (clue is None or clue.search(sentence)):
            return True
    return _looks_like_naming(sentence)
