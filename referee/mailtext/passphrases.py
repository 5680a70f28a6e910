"""Passphrases in mail: found as whole words, compared in constant time, and blanked.

One function decides whether a text holds a person's passphrase, and it is used both when
mail is stored (to record whose passphrase was present before the stored copy is redacted)
and when mail is read (for mail stored before redaction existed): so the two can never
disagree.

*Whole words*: the passphrase's words must stand as the same consecutive words of the text,
with nothing but punctuation around them, so "swordfish" is not found in "swordfishes". The
words of the text are compared with :func:`hmac.compare_digest`, every candidate window of
the text, without stopping at the first match: how long the comparison takes does not tell
how much of a guess was right.

*Blanking* (for what is stored or repeated) is stricter than finding: every occurrence of
the passphrase, in any case and inside longer words too, is replaced, since storing
"swordfishes" would give the passphrase away even though it does not prove it.
"""

from __future__ import annotations

import hmac
import re
import unicodedata
from functools import lru_cache

REDACTED = "[passphrase]"
"""What stands where a passphrase was, in the stored copy and in anything repeated."""

_EDGE_PUNCTUATION = "\"'`.,;:!?()[]{}<>*_~\u2018\u2019\u201c\u201d"


def _normal(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def _words(text: str) -> list[str]:
    return _normal(text).split()


def _candidates(words: list[str], count: int) -> list[str]:
    """Every run of ``count`` consecutive words, joined by one space, without the
    punctuation a sentence may put before its first word or after its last."""
    runs: list[str] = []
    for start in range(len(words) - count + 1):
        run = " ".join(words[start : start + count])
        runs.append(run)
        stripped = run.strip(_EDGE_PUNCTUATION)
        if stripped != run:
            runs.append(stripped)
    return runs


def contains_passphrase(text: str, passphrase: str) -> bool:
    """Whether ``passphrase`` stands in ``text`` as whole words (case counts)."""
    wanted = _words(passphrase)
    if not wanted:
        return False
    target = " ".join(wanted).encode("utf-8")
    found = False
    for line in text.splitlines() or [text]:
        for candidate in _candidates(_words(line), len(wanted)):
            # No early exit: every candidate is compared, whatever the previous ones gave.
            found |= hmac.compare_digest(candidate.encode("utf-8"), target)
    return found


# Between a passphrase's words, what may stand in stored text: white space, line breaks,
# and in HTML tags and non-breaking spaces ("walrus and<br>carpenter" is still readable).
_BETWEEN_WORDS = r"(?:\s|<[^<>]{0,200}>|&nbsp;|&#160;|\u00a0)+"


@lru_cache(maxsize=256)
def _pattern(passphrase: str) -> re.Pattern[str] | None:
    # Cached: every header and text part of every message is searched for every
    # passphrase, and a message of twenty thousand header fields built it 80,000 times.
    words = _words(passphrase)
    if not words:
        return None
    return re.compile(_BETWEEN_WORDS.join(re.escape(word) for word in words), re.IGNORECASE)


def mentions_passphrase(text: str, passphrase: str) -> bool:
    """Whether ``passphrase`` occurs anywhere in ``text``, in any case, even inside a word
    (what must not be stored or repeated, as opposed to what proves the sender)."""
    pattern = _pattern(passphrase)
    return pattern is not None and pattern.search(_normal(text)) is not None


def blank_passphrases(text: str, passphrases: list[str], replacement: str = REDACTED) -> str:
    """``text`` with every occurrence of each passphrase replaced by ``replacement``."""
    if not any(mentions_passphrase(text, p) for p in passphrases):
        return text  # unchanged, not even normalised
    result = _normal(text)
    for passphrase in sorted(passphrases, key=len, reverse=True):
        pattern = _pattern(passphrase)
        if pattern is not None:
            result = pattern.sub(replacement, result)
    return result
