"""Words at the end of an action that change nothing: "too", "as well", "strongly", an emoji.

"I support intent 9 too.", "I place a tile at E4 as well.", "I object to intent 18,
sorry.", "I play a Stone at (4, 6) 😈": an officer reads the action and sets the last
words aside. Only words at the very end, with nothing after them, are set aside, and the
answer shows them as such. Words that could change the action ("instead", "or", a place, a
time to come) are never among them.
"""

from __future__ import annotations

import re
import unicodedata

# Plain words that end a sentence without changing its action.
_TRAILING_WORDS = re.compile(
    r"(?P<aside>(?:[\s,;\u2013\u2014-]+(?:too|as\s+well|also|today|right\s+now|now|"
    # "this turn", "this round": the present one, when the action is done anyway.
    r"(?:for\s+)?this\s+(?:turn|round|time|week)|"
    # "please Surveyor", "thanks, Sensei": courtesy to the officer (P42-read-games-s10-6).
    r"(?:please|thanks|thank\s+you|cheers)\s*,?\s*(?:surveyor|sensei|referee|registrar|lord[\s\-]ruler)|please|"
    # "once more", "one more time": the act said again is done once, as "again" is.
    r"thanks|thank\s+you|cheers|sorry|(?:once\s+)?again|once\s+more|one\s+more\s+time|then|lol|haha|heh|:-?[)D]|;-?\)|\^\^|xD|"
    # The manner of it, or "both" after the two things acted on.
    r"strongly|gladly|happily|reluctantly|wholeheartedly|enthusiastically|officially|"
    r"formally|immediately|both|at\s+once|right\s+away|with\s+pleasure))+)"
    r"[\s.!]*$",
    re.IGNORECASE,
)


# "I do it again", "I do so again": "again" points back to another action (P48-read-games-s11-8).
_DONE_AGAIN = re.compile(r"\bdo\s+(?:it|so|that|this)$", re.IGNORECASE)


def pictograph(character: str) -> bool:
    """An emoji or a symbol drawn with it (skin tones, joiners, variation selectors)."""
    if character in "\u200d\ufe0e\ufe0f\u20e3":
        return True
    if "\U0001f3fb" <= character <= "\U0001f3ff":
        return True
    return unicodedata.category(character) == "So"


# The last words _TRAILING_WORDS knows, for a cheap test before the pattern.
_LAST_WORDS = frozenset(
    (
        *("too", "well", "also", "today", "now", "please", "thanks", "you", "cheers", "sorry"),
        *("again", "then", "lol", "haha", "heh", "xd", ":d", ":-d", "^^"),
        *("strongly", "gladly", "happily", "reluctantly", "wholeheartedly", "officially"),
        *("enthusiastically", "formally", "immediately", "both", "once", "away", "pleasure"),
        *("surveyor", "sensei", "referee", "registrar", "ruler", "lord-ruler"),
        *("turn", "round", "time", "week", "more"),
    )
)


def _may_end_with_courtesy(tail: str) -> bool:
    last = tail[-1]
    if not last.isascii():
        return True  # an emoji, perhaps
    if last == ")":
        return tail.endswith((":)", ":-)", ";)", ";-)"))
    return tail.rsplit(None, 1)[-1].casefold().lstrip(",;-") in _LAST_WORDS


# Emoji that doubt or shrug: the author is not sure of what e wrote.
DOUBTING = frozenset(
    "\U0001f914\U0001f928\U0001f937\u2753\u2754\u2049\U0001f615\U0001f62c\U0001fae4\U0001f605"
)


def trailing_courtesy(text: str) -> tuple[str, str] | None:
    """(the sentence without them, the words set aside) when it ends with words that change
    nothing, else None."""
    tail = text.rstrip(" .!")
    if not tail or not _may_end_with_courtesy(tail):
        return None
    end = len(tail)
    cut = end
    while cut > 0 and (pictograph(text[cut - 1]) or text[cut - 1] in " .!"):
        cut -= 1
    match = _TRAILING_WORDS.search(text, 0, cut)
    if match is not None:
        cut = match.start()
    kept = text[:cut].rstrip(" ,;.!\u2013\u2014-")
    if (cut == end and match is None) or not kept:
        return None
    if any(character in DOUBTING for character in text[cut:]):
        # "I place a tile at C4 \U0001f914": a sign of doubt, as "e5 \U0001f914" is told
        # (P42-read-games-s10; P73-read-games-s20-14), never set aside.
        return None
    if _DONE_AGAIN.search(kept) is not None and "again" in text[cut:].casefold():
        return None  # "I do it again": a repetition of something else, not "I do it"
    return kept, text[len(kept) :].strip(" ,;.!\u2013\u2014-")
