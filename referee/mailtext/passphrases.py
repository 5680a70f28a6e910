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
    # Compatibility forms (full-width letters, ligatures) are the letters they stand for,
    # as the finder reads them: a passphrase typed on a phone's full-width keyboard is the
    # passphrase (SEC-2).
    return unicodedata.normalize("NFKC", text).split()


def _folded(text: str) -> tuple[str, list[int]]:
    """``text`` (already NFC) with every character in its compatibility form, and for
    each character of the result the index of the character of ``text`` it came from: a
    passphrase written in full-width letters ("ｗａｌｒｕｓ") is found in the folded text
    and blanked where it stands in ``text``."""
    folded: list[str] = []
    origin: list[int] = []
    for index, character in enumerate(text):
        form = unicodedata.normalize("NFKC", character) if not character.isascii() else character
        folded.append(form)
        origin.extend([index] * len(form))
    return "".join(folded), origin


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
    if pattern is None:
        return False
    text = _normal(text)
    if pattern.search(text) is not None:
        return True
    return _has_compatibility_forms(text) and pattern.search(_folded(text)[0]) is not None


def _has_compatibility_forms(text: str) -> bool:
    # Checked first, in C: most text has none, and folding goes character by character.
    return not text.isascii() and not unicodedata.is_normalized("NFKC", text)


def blank_passphrases(text: str, passphrases: list[str], replacement: str = REDACTED) -> str:
    """``text`` with every occurrence of each passphrase replaced by ``replacement``."""
    if not any(mentions_passphrase(text, p) for p in passphrases):
        return text  # unchanged, not even normalised
    result = _normal(text)
    for passphrase in sorted(passphrases, key=len, reverse=True):
        pattern = _pattern(passphrase)
        if pattern is not None:
            result = pattern.sub(replacement, result)
            if _has_compatibility_forms(result):
                result = _blank_folded(result, pattern, replacement)
    return result


def _blank_folded(text: str, pattern: re.Pattern[str], replacement: str) -> str:
    """``text`` with every occurrence of ``pattern`` in its compatibility form blanked
    where it stands (the characters it was written with)."""
    folded, origin = _folded(text)
    spans = [
        (origin[m.start()], origin[m.end() - 1] + 1)
        for m in pattern.finditer(folded)
        if m.end() > m.start()
    ]
    for start, end in reversed(spans):
        text = text[:start] + replacement + text[end:]
    return text
