"""Sentences that only make sense with the action just before them (rulings P42-read-games-s10).

"I withdraw my objection to AP 36; I support it instead.": "it" is the one Arcadian Proposal
the author's action just before named. "I offer my 4 for a B; only Janet may accept.": the
second sentence says who may accept the offer just made, so it is part of that offer.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from referee.parsing.sentences import Sentence

# "I support it", "I object to that one too", "I withdraw my support for it": an answer
# whose object only points back.
_POINTER = re.compile(
    r"^(?P<verb>I\s+(?:hereby\s+|also\s+|now\s+|then\s+)?(?:support|object\s+to|withdraw\s+my\s+"
    r"(?:support\s+(?:for|from)|objection\s+to)))\s+(?P<it>it|that(?:\s+one)?|this(?:\s+one)?)"
    r"(?P<rest>(?:\s+(?:too|as\s+well|also|instead|now))?[\s.!]*)$",
    re.IGNORECASE,
)
# The things such an answer may point back to, as the previous action's form names them.
# ("intent 3" counts among them, so that "it" after an intent and a proposal is asked about,
# but "it" after an intent alone is left to the reply's reading.)
_POINTED_AT = re.compile(
    r"\b(?:Arcadian\s+Proposal|intent|trade\s+offer)\s+[0-9]+\b", re.IGNORECASE
)


# What an echo adds to the form an action was read as (the author's words, and so on).
_ECHOED = re.compile(r"\s\((?:read from|replaces): .*\)$", re.DOTALL)


# "I then name the new community Heliotrope", after "I place a tile at H5": the community
# that tile founded (P48-read-games-s11-8).
_NEW_COMMUNITY = re.compile(
    r"^I\s+(?:then\s+|also\s+|now\s+)?(?P<verb>name|call|dub|christen)\s+(?:the|my|that|this)\s+"
    r"(?:new(?:ly[\s\-]founded)?\s+|resulting\s+)community\s+(?:after\s+the\s+colou?r\s+)?"
    r"(?P<name>[\"\u201c']?(?-i:[A-Z])[\w\-]*[\"\u201d']?)(?P<rest>[\s.!]*)$",
    re.IGNORECASE,
)
# The one placement of a tile a previous action's form names.
_PLACED_AT = re.compile(r"\bplace\s+a\s+tile\s+(?:at|on)\s+(?P<at>[A-J][0-9])\b", re.IGNORECASE)


# "I withdraw that objection", "I withdraw the support": the answer withdrawn, named by its
# kind only (P48-read-games-s11-8).
_WITHDRAW_THAT = re.compile(
    r"^I\s+(?:hereby\s+|also\s+|now\s+|then\s+)?withdraw\s+(?:that|this|the|my)\s+(support|objection)\b"
    r"(?!\s+(?:to|for|from|against|of)\b)",
    re.IGNORECASE,
)


def _as_pointer(text: str) -> str:
    """``text`` with "withdraw that objection" put as "withdraw my objection to it"."""
    found = _WITHDRAW_THAT.match(text)
    if found is None:
        return text
    kind = found.group(1).casefold()
    verb = "I withdraw my support for it" if kind == "support" else "I withdraw my objection to it"
    return verb + text[found.end() :]


def points_back(text: str) -> bool:
    """Whether ``text`` may be an answer that only points back (the cheap test first)."""
    return (
        text[:2] == "I "
        and (" it" in text or " th" in text or " new" in text or " resulting" in text)
        and (
            _POINTER.match(_as_pointer(text)) is not None or _NEW_COMMUNITY.match(text) is not None
        )
    )


def filled_in(
    sentence: Sentence, previous_forms: Sequence[str]
) -> tuple[Sentence, tuple[str, ...]]:
    """``sentence`` with "it" replaced by the one Arcadian Proposal that the forms of the
    author's previous sentence's actions name, when it points back and there is exactly
    one; else ``sentence`` unchanged, with the proposals it could point to when there are
    several (the author is then asked which)."""
    if sentence.text[:2] != "I ":
        return sentence, ()
    pointer = _POINTER.match(_as_pointer(sentence.text))
    if pointer is None:
        return _new_community(sentence, previous_forms), ()
    forms = [_ECHOED.sub("", form) for form in previous_forms]
    named = tuple(
        dict.fromkeys(found.group() for form in forms for found in _POINTED_AT.finditer(form))
    )
    if len(named) != 1 or not named[0].startswith("Arcadian"):
        return sentence, named if len(named) > 1 else ()
    text = f"{pointer.group('verb')} {named[0]}{pointer.group('rest')}"
    return replace(sentence, text=text, written=sentence.written or sentence.text), ()


_NAMES = r"(?P<names>(?-i:[A-Z])[\w\-]*(?:\s*(?:,|and|&|or)\s*(?-i:[A-Z])[\w\-]*)*)"
# "Only Janet may accept.", "Janet only.", "Open to Janet and Murphy only.", "This offer is
# only for Janet.": who may accept the offer just made.
_RESTRICTION = re.compile(
    r"^[(\[]?\s*(?:(?:but\s+)?only\s+" + _NAMES + r"\s+(?:may|can|gets?\s+to)\s+(?:accept|take)"
    r"(?:\s+(?:it|this|that|this\s+offer|that\s+offer|the\s+offer))?"
    r"|(?:(?:this|the|my|that)\s+(?:trade\s+)?offer\s+is\s+|it\s+is\s+|it['\u2019]s\s+)?"
    r"(?:open\s+|available\s+)?(?:only\s+(?:to|for)\s+" + _NAMES.replace("names", "first") + r"|"
    r"(?:to|for)\s+" + _NAMES.replace("names", "second") + r"\s+only)"
    r"|" + _NAMES.replace("names", "alone") + r"\s+only)"
    r"[\s.!)\]]*$",
    re.IGNORECASE,
)


def restriction(text: str) -> str | None:
    """The restriction ("only to Janet and Murphy") that a sentence of its own puts on the
    offer before it, or None when it is no such sentence."""
    if "only" not in text.casefold():
        return None
    found = _RESTRICTION.match(text)
    if found is None:
        return None
    names = next(found.group(g) for g in ("names", "first", "second", "alone") if found.group(g))
    if names.split()[0].casefold() in _NOT_NAMES:
        return None
    return "only to " + re.sub(r"\s+or\s+", " and ", names)


# Capitalised words that open such a sentence without naming who may accept.
_NOT_NAMES = frozenset(("this", "the", "my", "that", "it", "open", "available", "offer", "i"))


_PLACE = r"(?:\(\s*[+\-\u2212]?[0-9]+\s*,\s*[+\-\u2212]?[0-9]+\s*\)|[A-Za-z]-?[0-9]{1,2}\b)"
# "And one more at (1, 2).", "And another at G7.", "Also (3, 4).", "(3, 4) too.": another of
# the same action at another place, said as a sentence of its own after the action.
_MORE_OF_THE_SAME = re.compile(
    # "Oh, and another at G7.": an interjection first changes nothing (P52-read-games-s12-9).
    r"^(?:(?:oh|ah|oops|whoops)\s*[,!]?\s+)?"
    r"(?:(?P<joined>and|also|plus)\s*,?\s+(?:also\s+)?)?"
    r"(?:(?P<another>another(?:\s+one)?|one\s+more|a\s+second\s+one|a\s+second|one\s+other|one|"
    # "And a tile at G7.": "a" and the thing, after the word that adds.
    r"(?:(?<=and\s)|(?<=also\s)|(?<=plus\s))an?(?=\s+(?:stone|tile|farm|mine|orchard)\b)|"
    # "Ah, a tile at G7 as well.": "a" and the thing, when "too" or "as well" follows.
    r"(?P<article>an?)(?=\s+(?:stone|tile|farm|mine|orchard)\b))"
    r"(?:\s+(?:stone|tile|farm|mine|orchard))?\s+(?P<on>at|on|in)\s+|(?P<at>at|on|in)\s+|"
    # "I object to intent 4. And to intent 5.": another intent answered (P56-read-agora-s13-12).
    r"(?P<to>to|for)\s+(?=intent\b)|"
    # "I place a tile at D4. And to D5.": "to" before another place is the place's own
    # preposition slipped, read as the place alone after "and" (P58-lead-s13-3).
    r"(?:to|into)\s+(?=" + _PLACE + r"))?"
    r"(?P<place>" + _PLACE + r"|(?-i:AP)\s*#?[0-9]+|arcadian\s+proposal\s+#?[0-9]+|"
    # "I invest in Jade. And in Amber.": a name after "in" (P58-lead-s13-3).
    r"intent\s*#?[0-9]+|(?:(?<=\bin\s)|(?<=\binto\s))(?-i:[A-Z][a-z]+))"
    r"(?P<too>\s*,?\s*(?:too|as\s+well|also))?[\s.!]*$",
    re.IGNORECASE,
)


def more_of_the_same(text: str) -> str | None:
    """The words that add another of the previous sentence's action ("one more at (1, 2)",
    "(3, 4)"), when ``text`` is a sentence of its own that says it adds ("and", "also",
    "another", "one more", "too"); None otherwise. A place alone, with no such word, could
    correct the action before as well as add one, and is asked about (rulings P1a)."""
    if len(text) > 60:
        return None
    found = _MORE_OF_THE_SAME.match(text)
    if found is None or not (found.group("joined") or found.group("another") or found.group("too")):
        return None
    if found.group("article") and not (found.group("joined") or found.group("too")):
        return None  # "Oh, a tile at G7.": adds, or corrects? Told (see ``elliptical``).
    place = found.group("place")
    if found.group("another"):
        return f"another {found.group('on')} {place}"
    if found.group("to"):
        return f"{found.group('to')} {place}"
    return f"{found.group('at')} {place}" if found.group("at") else place


# "Oh, a tile at G7.", "Ah, G7.", "Hmm, a Farm on (2, 6).": a place, perhaps with the thing put
# there, and no verb, after at most an interjection.
_ELLIPTICAL = re.compile(
    r"^\s*(?:(?:oh|ah|oops|whoops|ok(?:ay)?|um+|er+|hmm+|also|and|plus|then)\s*[,!.:]?\s+)?"
    r"(?:(?:an?|the|one)\s+(?:[\w\-]+\s+){0,3}?(?:at|on|in|to|into)\s+|(?:at|on|in|to|into)\s+)?"
    r"(?P<place>" + _PLACE + r")(?:\s*,?\s*(?:too|as\s+well|also))?[\s.!]*$",
    re.IGNORECASE,
)


def elliptical(text: str) -> bool:
    """Whether ``text`` names a place, perhaps with the thing put there, and no verb: an
    action left unsaid, which the referee never completes by guessing (P57-mail-s13-1)."""
    return len(text) <= 60 and _ELLIPTICAL.match(text) is not None


def _new_community(sentence: Sentence, previous_forms: Sequence[str]) -> Sentence:
    """``sentence`` naming "the new community" with that community's place, when the
    author's previous sentence did one thing, the placement of one tile; else ``sentence``
    unchanged (and then told as not understood)."""
    named = _NEW_COMMUNITY.match(sentence.text)
    if named is None or len(previous_forms) != 1:
        return sentence
    places = _PLACED_AT.findall(_ECHOED.sub("", previous_forms[0]))
    if len(places) != 1:
        return sentence
    text = f"I name the community at {places[0].upper()} {named.group('name')}{named.group('rest')}"
    return replace(sentence, text=text, written=sentence.written or sentence.text)


def filled_in_intent(sentence: Sentence, previous_forms: Sequence[str]) -> Sentence:
    """``sentence`` with "it" replaced by the one intent the author's previous sentence's
    actions name ("I withdraw my support for intent 4. I object to it."), in a message that
    quotes nothing and replies to nothing (P56-read-agora-s13-10); else unchanged. (Where
    something is quoted, "it" is left to the reply's reading, as before.)"""
    if sentence.text[:2] != "I ":
        return sentence
    pointer = _POINTER.match(_as_pointer(sentence.text))
    if pointer is None:
        return sentence
    forms = [_ECHOED.sub("", form) for form in previous_forms]
    named = tuple(
        dict.fromkeys(found.group() for form in forms for found in _POINTED_AT.finditer(form))
    )
    if len(named) != 1 or not named[0].casefold().startswith("intent"):
        return sentence
    text = f"{pointer.group('verb')} {named[0]}{pointer.group('rest')}"
    return replace(sentence, text=text, written=sentence.written or sentence.text)
