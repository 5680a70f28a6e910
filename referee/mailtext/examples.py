"""Instructions for others written into a message: an FAQ, a worked example, a pair of forms.

Veterans teach newcomers on the list: "Q: Can I place a tile at D4?" and "A: Yes, I place a
tile at D4.", "Wrong: i placed tile d4" over "Right: I place a tile at D4.", "Before:" and
"After:" around a message rewritten, an "Example:" over the lines to copy. Those lines are
what someone else would write, not what the author does: they are set aside as quoted text
is (never performed, never told as not understood), and the author's own words around them
are read as usual (rulings P54-mail-s12-1).

Each shape needs both of its halves or its label alone on a line: an "A:" with no "Q:"
above it, or a "Right:" with no "Wrong:" before it, is the author's own line, read as
written, so that a label never hides an action it does not plainly mark as an example.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

# A question and its answer, labelled: "Q:", "Q.", "Q)", "Question:"; "A:", "Answer:".
_QUESTION = re.compile(r"^\s*(?:q|question)\s*[.:)]\s*\S", re.IGNORECASE)
_ANSWER = re.compile(r"^\s*(?:a|answer)\s*[.:)]\s*\S", re.IGNORECASE)
# The halves of a pair of forms, the poor one first ("Wrong:", "Bad:", "Incorrect:",
# "Before:", "Don't:") and its partner after ("Right:", "Good:", "Correct:", "After:", "Do:").
# ("Old:" and "New:" are not such a pair: see _OLD below.)
_FIRST_OF_PAIR = re.compile(
    r"^\s*(?:wrong|bad|incorrect|not\s+this|before|don['\u2019]?t|do\s+not)\s*:", re.IGNORECASE
)
_SECOND_OF_PAIR = re.compile(
    r"^\s*(?:right|good|correct|better|but\s+this|after|do)\s*:", re.IGNORECASE
)
# An author restating eir own correction: "Old: I place a tile at C4." over "New: I place a
# tile at D4.". The old form is no act (it was replaced); the new one is the author's own.
_OLD = re.compile(r"^\s*old\s*:", re.IGNORECASE)
_NEW = re.compile(r"^\s*new\s*:", re.IGNORECASE)
# An example announced by its label, alone on its line or before the example itself:
# "Example:", "Examples:", "For example:", "E.g.:", "Sample:", "For instance:".
_EXAMPLE_LABEL = re.compile(
    r"^\s*(?:(?:an?\s+)?examples?|for\s+example|for\s+instance|e\.\s?g\.|eg|sample|"
    r"example\s+(?:message|usage|post))\s*:",
    re.IGNORECASE,
)
# How far a pair's second half may stand from its first: a few lines of the first half's
# own (a label alone, its form, a blank line).
_PAIR_REACH = 6


# A line that ends a sentence ("... at D4.", "... free?", '... "Actually, no."'), and a line
# that holds one sentence's end and the start of another ("That's all. As for me, I ...").
_ENDS_SENTENCE = re.compile(r"[.!?][\"'\u201d\u2019)\]]*\s*$")
_SENTENCES_MEET = re.compile(r"[.!?][\"'\u201d\u2019)\]]*\s+\S")


def _wrapped_end(lines: Sequence[str], index: int) -> int:
    """The index after the line at ``index`` and the lines it wraps onto: the next line
    goes on only while the one before it ends no sentence. A message converted from HTML
    has no blank line between paragraphs, so a blank line alone cannot end a half; the
    author's own sentence after it must never be taken for the example's."""
    end = index + 1
    while end < len(lines) and lines[end].strip() and not _ENDS_SENTENCE.search(lines[end - 1]):
        end += 1
    return end


def _block_after_label(lines: Sequence[str], index: int) -> int:
    """The index after what a label alone on its line (``lines[index]``) introduces: the
    lines of the next paragraph, over blank lines before it, up to a line of prose holding
    two sentences (the author's again); an indented block runs on over blank lines while
    the indentation does."""
    at = index + 1
    while at < len(lines) and not lines[at].strip():
        at += 1
    if at >= len(lines):
        return index + 1
    if lines[at][:1] in (" ", "\t"):
        end = at
        while end < len(lines):
            line = lines[end]
            if line.strip() and line[:1] not in (" ", "\t"):
                break
            end += 1
        while end > at and not lines[end - 1].strip():
            end -= 1  # blank lines after the block are the author's again
        return end
    end = at
    while end < len(lines) and lines[end].strip() and not _SENTENCES_MEET.search(lines[end]):
        end += 1
    return max(end, at + 1)


def _half_end(lines: Sequence[str], index: int) -> int:
    """The index after one labelled half: its line and the lines it wraps onto, or, for a
    label alone on its line, the block it introduces."""
    if re.match(r"^[^:]*:\s*$", lines[index]):
        return _block_after_label(lines, index)
    return _wrapped_end(lines, index)


def _answer_end(lines: Sequence[str], index: int) -> int:
    """The index after a question's answer, or 0 when no answer follows the question at
    ``index``: on the line after the question's own (wrapped) lines, or after a blank one."""
    at = _wrapped_end(lines, index)
    blank = 0
    while at < len(lines) and not lines[at].strip() and blank < 2:
        at, blank = at + 1, blank + 1
    if at >= len(lines) or not _ANSWER.match(lines[at]):
        return 0
    return _wrapped_end(lines, at)


def _pair_end(lines: Sequence[str], index: int, second: re.Pattern[str] = _SECOND_OF_PAIR) -> int:
    """The index after a pair of forms whose first half opens at ``index``, or 0 when no
    second half (``second``) follows it closely."""
    first_end = _half_end(lines, index)
    # The halves may share a paragraph ("Wrong: ..." on one line, "Right: ..." the next).
    for inside in range(index + 1, first_end):
        if second.match(lines[inside]):
            return _half_end(lines, inside)
    at = first_end
    while at < len(lines) and at - index <= _PAIR_REACH and not lines[at].strip():
        at += 1
    if at >= len(lines) or at - index > _PAIR_REACH or not second.match(lines[at]):
        return 0
    return _half_end(lines, at)


def _old_end(lines: Sequence[str], index: int) -> int:
    """The index after an "Old:" half that a "New:" half follows (that half is the
    author's, read as written), or 0."""
    if not _pair_end(lines, index, _NEW):
        return 0
    for inside in range(index + 1, len(lines)):
        if not lines[inside].strip() or _NEW.match(lines[inside]):
            return inside
    return len(lines)


def example_end(lines: Sequence[str], index: int) -> int:
    """Instructions for others opening at ``lines[index]``: the index of the first line
    after them (the author's own again), or 0 when none opens there."""
    line = lines[index]
    if ":" not in line[:24] and ")" not in line[:12] and "." not in line[:12]:
        return 0  # the cheap test first: every label ends within its first words
    if _QUESTION.match(line):
        return _answer_end(lines, index)
    if _FIRST_OF_PAIR.match(line):
        return _pair_end(lines, index)
    if _EXAMPLE_LABEL.match(line):
        return _half_end(lines, index)
    if _OLD.match(line):
        return _old_end(lines, index)
    return 0
