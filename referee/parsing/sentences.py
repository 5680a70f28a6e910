"""Split the author's own text into sentences that keep their line and column.

Players write actions as sentences in prose ("Hi all. I place a tile at G6. Cheers"), or
one per line without full stops. A sentence ends at ``.``, ``!``, ``?`` or ``;`` followed
by white space or the end of the paragraph (so "v1.3" and "e.g.G6" stay whole), at a
blank line, and where a new line starts with a bullet or with the word "I" (the usual shape
of a list of actions written one per line), unless the text before it on the earlier lines
is an unfinished conditional clause that the mail client wrapped.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

_TERMINATOR = re.compile(r"[.!?;]+(?=\s|$)")
# ... or glued to the "I" of the next sentence ("I become inactive.I resign as Surveyor"),
# after a word of two letters or more or a number (never "e.g.I", checked below); looked
# for only in a paragraph that holds such a joint (a few plain substring tests).
_GLUED_TERMINATOR = re.compile(r"[.!?;]+(?=\s|$)|(?:(?<=[A-Za-z]{2})|(?<=[0-9)]))[.!?;]+(?=I\s)")


def _terminators(text: str) -> re.Pattern[str]:
    glued = ".I " in text or "!I " in text or "?I " in text or ";I " in text
    return _GLUED_TERMINATOR if glued else _TERMINATOR


# A bullet, and a dash or a dot glued to the "I" it lists ("-I leave my alliance").
_BULLET = re.compile(r"^\s*(?:(?:[-*\u2022+]|\(?\d{1,2}[.)]|\(?[a-z][.)])\s+|[-\u2022+](?=I\s))")
# A new line opens a sentence when it starts with "I", or with a short capitalised opener
# and then "I" ("In Okinawa, I ...", "Also, I ...", "Then I ..."), as lists of actions
# written one per line without full stops do.
_STARTS_SENTENCE = re.compile(
    r"^\s*(?:[-*\u2022+]\s+|\(?\d{1,2}[.)]\s+|[-\u2022+](?=I\s))?"
    r"(?:(?:In|For)\s+[A-Z][^,]{0,40},\s*|"
    r"(?:Also|Then|Next|Finally|Additionally|Lastly|Secondly|Thirdly|Separately|Second|Third),?\s+)?"
    r"I\b"
)
# Words that make what follows them depend on something: a line that starts with "I" after
# an unfinished clause opening with one of these is the clause's continuation, wrapped by the
# mail client ("If nobody objects by Friday,\nI place a tile at C4."), not a new sentence.
_CONDITIONAL_CLAUSE = re.compile(
    r"(?:^|[,;:(]|\b(?:and|but|so|then)\b)\s*"
    r"(?:if|iff|unless|provided|providing|assuming|supposing|suppose|whether|when|whenever|"
    r"once|until|till|before|after|should|otherwise|in\s+case|in\s+the\s+event|"
    r"(?:as|so)\s+long\s+as)\b",
    re.IGNORECASE,
)
# The joint of a reason and the act after it, at the end of a wrapped line (P50-lead-s11-14).
_REASON_JOINT_AT_END = re.compile(
    r"(?:,\s*(?:and\s+)?(?:so|thus|hence|therefore)|\btherefore)\s*$", re.IGNORECASE
)
# A line that is an answer and the numbered things it answers ("Support: AP 14, AP 15",
# "Object - intent 4") is a sentence of its own, as a list of answers one per line writes
# it (P52-read-games-s12-7).
_ANSWER_LINE = re.compile(
    r"^\s*(?:support(?:ed)?|object(?:ion|ed)?)\s*[:\-\u2013\u2014]\s*"
    r"(?:(?:AP|arcadian\s+proposal|intent)s?\s*#?\s*)?[0-9]+"
    r"(?:\s*(?:,|&|\band\b)\s*(?:(?:AP|arcadian\s+proposal|intent)s?\s*#?\s*)?[0-9]+)*\s*[.!]?\s*$"
    # ... and the same the other way round, the thing first ("Intent 3: support", then
    # "Intent 4: object" on the next line; P74-read-agora-s20-7).
    r"|^\s*(?:AP|arcadian\s+proposal|intent)s?\s*#?\s*[0-9]+\s*[:\-\u2013\u2014]\s*"
    r"(?:support(?:ed)?|object(?:ion|ed)?)\s*[.!]?\s*$",
    re.IGNORECASE,
)
# A line that opens with a condition ("if nobody minds", "unless Janet objects").
_CONDITION_LINE = re.compile(
    r"^\s*(?:if|iff|unless|provided|providing|assuming|when|whenever|once|until|as\s+long\s+as|"
    r"so\s+long\s+as|in\s+case|subject\s+to|pending|barring)\b",
    re.IGNORECASE,
)
# A line that is a label and a square ("Move: d4") or a square alone is a sentence of its
# own, whatever the lines around it ("Hello," above, "Thanks!" below).
_WHOLE_LINE = re.compile(
    r"^\s*(?:(?:my\s+)?(?:round\s+\d+\s*)?(?:(?:move|play)(?:\s+(?:for\s+)?this\s+round)?)?"
    r"\s*[:\-]\s*)?"
    r"[A-Za-z][1-9][0-9]?\s*[.!?]?\s*$",
    re.IGNORECASE,
)


# A line that is a short label and its value ("Tile: D4", "Investment: Jade", "Left
# constructor -> B"), and a heading that ends with a colon ("Commune actions this week:"):
# a label line after either is a sentence of its own, as a list of labelled actions one per
# line writes it (P65-read-games-s17-6); a label line after prose stays the prose's wrap.
_LABEL_LINE = re.compile(
    # Only the games' own labels of an act: "Title: Cheaper tiles" or "Janet: 3 Accolades" is a
    # field or a record, and keeps the lines after it in its sentence.
    r"^\s*(?:my\s+)?(?:tile(?:\s+placement)?|tiles|place(?:\s+(?:an?\s+)?tile)?|placement|"
    r"invest(?:ment)?|claim|build|destroy|(?:play\s+)?stone|play|move|capture|"
    r"(?:left|middle|right)(?:\s+(?:token\s+)?constructor)?|(?:trade\s+)?offer|accept|withdraw|"
    r"name|support|object|join|leave|energy|"
    # ... and a time or an officer addressed before an act ("Today: tile at D5", "Sensei: stone
    # at (1, 1)"): each line is judged alone, a time other than now told or left alone.
    r"today|now|this\s+(?:week|round)|yesterday|last\s+(?:week|round)|tomorrow|next\s+(?:week|round)|"
    r"surveyor|sensei|registrar|referee|lord[\s\-]ruler)\s*(?::|->|=>|\u2192)\s*[^\s:][^:]{0,30}?\s*$"
    # ... and a person, or "Me", over a tile or a Stone and its place ("Janet: tile at C3",
    # "Me: tile at C4"): each line is one person's act, judged alone (P73-read-games-s20-10).
    r"|^\s*[A-Za-z][\w\-]{0,30}\s*:\s*(?:an?\s+)?(?:tile|stone)\s+(?:at|on|onto)\s+\S{1,12}\s*[.!]?\s*$",
    re.IGNORECASE,
)
# Only a heading that says whose and which acts follow (the author's, now, in a game) opens
# such a list: "Commune actions this week:", "My moves:", "Arcadia:", "Today:". Any other
# ("Janet:", "Last week:", "History:", "If nobody objects:") may make the lines below another's
# words, another time or a condition, and keeps them in its sentence.
_GAME = r"(?:commune|okinawa|arcadia(?:\s+contract)?|single[\s\-]capture\s+go|scgo?)"
_NOW = r"(?:(?:for\s+)?(?:this\s+(?:week|round|turn)|today|now))"
_HEADING_LINE = re.compile(
    r"^\s*(?=[^:\s])(?:here\s+(?:are|is)\s+|here['\u2019]s\s+)?(?:my\s+|this\s+week['\u2019]s\s+|"
    r"today['\u2019]s\s+)?(?:" + _GAME + r"\s*)?(?:(?:actions?|moves?|plays?)\s*)?"
    r"(?:(?:in|for)\s+" + _GAME + r"\s*)?(?:" + _NOW + r"\s*)?:\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Sentence:
    text: str
    line: int
    column: int
    question: bool = False
    """It ended with a question mark: asked, not announced."""
    written: str | None = None
    """The author's own words, when the finder rewrote them into ``text`` ("Also invest in
    Jade" after an action is "I invest in Jade"): the answer shows what was read from."""


class _Paragraph:
    """Lines joined by spaces, remembering where each line's text starts in the join.

    Only the first visible character of a sentence needs a position, and that is never a
    joining space, so each line is one segment whose columns run on from its start.
    """

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.length = 0
        self.starts: list[int] = []
        self.origins: list[tuple[int, int]] = []

    def add(self, line: int, text: str, column: int) -> None:
        if self.parts:
            self.parts.append(" ")
            self.length += 1
        self.starts.append(self.length)
        self.origins.append((line, column))
        self.parts.append(text)
        self.length += len(text)

    def position(self, offset: int) -> tuple[int, int]:
        index = bisect_right(self.starts, offset) - 1
        line, column = self.origins[index]
        return line, column + offset - self.starts[index]

    def unfinished_condition(self) -> bool:
        """Whether the text after the last sentence end so far is an open conditional clause."""
        text = "".join(self.parts)
        tail = text
        for match in _terminators(text).finditer(text):
            tail = text[match.end() :]
        return _CONDITIONAL_CLAUSE.search(tail) is not None

    def unfinished_reason(self) -> bool:
        """Whether the text so far ends with a reason's joint (", so", "therefore"), wrapped
        before the act it gives the reason for ("... is still free, so\nI claim ...")."""
        return _REASON_JOINT_AT_END.search("".join(self.parts)) is not None

    def sentences(self) -> Iterable[Sentence]:
        if not self.parts:
            return  # a blank line after a blank line: no paragraph to split
        text = "".join(self.parts)
        pieces = _pieces(text) if _may_correct(text) else _sentence_pieces(text)
        for piece_start, piece_end, asked in pieces:
            piece = text[piece_start:piece_end]
            stripped = piece.strip()
            if not stripped:
                continue
            line, column = self.position(piece_start + (len(piece) - len(piece.lstrip())))
            yield Sentence(stripped, line, column, asked)


# A correction inside the sentence it corrects ("I place a tile at C7 -- no wait, at C8"):
# the sentence is cut before it, so that it is read as the correction of what went before,
# as if it had been written as a sentence of its own.
_INLINE_CORRECTION = re.compile(
    r"\s*(?:-{1,2}|[\u2013\u2014,;])\s*(?=(?:no,?\s+wait|wait,?\s+no|no,?\s+sorry|"
    r"make\s+that|scratch\s+that|correction)\b)"
    # "... at G6... no, at G7", "... (1, 1) - no, (1, 2)": a bare "no" after a dash or an
    # ellipsis before a place alone at the end (P42-read-games-s10-4; after a comma it stays
    # told, P23-go-arcadia).
    r"|\s*(?:-{1,2}|[\u2013\u2014]|\.{3}|\u2026)\s*(?=no\s*[,!:]?\s+(?:at\s+|on\s+|in\s+)?"
    r"(?:\(\s*[+\-\u2212]?[0-9]+\s*,\s*[+\-\u2212]?[0-9]+\s*\)|[A-Za-z]-?[0-9]{1,2}\b)[\s.!]*$)"
    # "... (1, -4) err, I mean (-1, 4)": "I mean(t)", after a hesitation or not, before a
    # place alone at the end (P52-read-games-s12-3).
    r"|\s*(?:-{1,2}|[\u2013\u2014,;]|\.{3}|\u2026)?\s+(?=(?:(?:er+m?|um+|uh+|oops|sorry)\s*[,!.]?\s*)?"
    r"I\s+mean(?:t)?\s*[,:]?\s*(?:at\s+|on\s+|in\s+)?"
    r"(?:\(\s*[+\-\u2212]?[0-9]+\s*,\s*[+\-\u2212]?[0-9]+\s*\)|[A-Za-z]-?[0-9]{1,2}\b)[\s.!]*$)",
    re.IGNORECASE,
)
# The bare "no" of a correction, after a dash or an ellipsis.
_BARE_NO = re.compile(r"(?:-|\u2013|\u2014|\.\.|\u2026)\s*no\b")


def _may_correct(text: str) -> bool:
    """Whether ``text`` holds a word an inline correction opens with: without one there is
    none (plain substring tests: far cheaper than a search that ignores case)."""
    folded = text.lower()
    return (
        "wait" in folded
        or "sorry" in folded
        or "make" in folded
        or "scratch" in folded
        or "correction" in folded
        or "mean" in folded
        or ("no" in folded and _BARE_NO.search(folded) is not None)
    )


def _pieces(text: str) -> Iterable[tuple[int, int, bool]]:
    """The sentences of ``text``, each cut where an inline correction opens (asked only of
    a paragraph that :func:`_may_correct`: most mail corrects nothing)."""
    for start, end, asked in _sentence_pieces(text):
        cut = start
        for marker in _INLINE_CORRECTION.finditer(text, start, end):
            if marker.start() > cut:
                yield cut, marker.start(), False
                cut = marker.end()
        yield cut, end, asked


def _sentence_pieces(text: str) -> Iterable[tuple[int, int, bool]]:
    start = 0
    for match in _terminators(text).finditer(text):
        if match.group() == "." and _ABBREVIATION.fullmatch(
            text, max(0, match.start() - 4), match.end()
        ):
            continue  # "e.g. I leave my alliance" is one sentence, an example
        if (
            match.group() == "."
            and text[match.start() - 1 : match.start()] in ("t", "g", "n", "T", "G", "N")
            and _COORDINATE_NAME.match(text, max(0, match.start() - 5))
        ):
            continue  # "at lat. 2, long. 2": an abbreviated axis before its number
        if match.group() == "." and _numbered(text, match.start(), match.end()):
            continue  # "Arcadian Proposal no. 5", "Jan. 4, 2027": a number follows
        if (
            match.group() == "."
            and _initial(text, match.start())
            and (
                _INITIAL_GOES_ON.match(text, match.end())
                or (
                    _INITIAL_NAME_GOES_ON.match(text, match.end())
                    and _CONDITIONAL_CLAUSE.search(text, start, match.start()) is not None
                )
            )
        ):
            continue  # "If G. is still Sensei, ...": a person's initial, mid-sentence
        if match.group() == "..." and _CONTINUED.match(text, match.end()):
            continue  # "I'd play... f2": an ellipsis inside a sentence goes on with it
        if match.group() == ";" and text.count("(", start, match.start()) > text.count(
            ")", start, match.start()
        ):
            continue  # "(supporters: Janet, Murphy; no objectors)": inside the brackets
        yield start, match.start(), "?" in match.group()
        start = match.end()
    yield start, len(text), False


# "no." or "nr." before a number: an abbreviation of "number", not the end of a sentence.
_NUMBER_SIGN = re.compile(
    r"(?<![A-Za-z])(?:no|nr|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec|a\.\s?p)$", re.IGNORECASE
)
_A_NUMBER = re.compile(r"\s*#?[0-9]")


def _numbered(text: str, stop: int, after: int) -> bool:
    """Whether the full stop at ``stop`` ends an abbreviation that a number follows."""
    if not text[stop - 1 : stop].isalpha():
        return False
    return (
        _A_NUMBER.match(text, after) is not None
        and _NUMBER_SIGN.search(text, max(0, stop - 5), stop) is not None
    )


# A person's initial before its full stop ("G."): a capital letter alone, not the word "I"
# nor a square's letter ("at G." has no number), with no letter before it. Its full stop ends
# no sentence when a word in lower case goes on after it ("If G. is still Sensei, I resign
# as Surveyor.", "I appoint G. as Sensei."): cut there, the condition would be dropped and
# the rest read as said (P71-read-agora-s19-1).
_INITIAL_GOES_ON = re.compile(r"\s+[a-z]")
# ... or a name goes on after it inside an open condition ("If R. Lee objects, I resign").
_INITIAL_NAME_GOES_ON = re.compile(r"\s+(?!I\b)[A-Z][a-z]")


def _initial(text: str, stop: int) -> bool:
    """Whether the full stop at ``stop`` follows a capital letter alone, as an initial."""
    letter = text[stop - 1 : stop]
    before = text[stop - 2 : stop - 1] if stop >= 2 else ""
    return (
        len(letter) == 1
        and "A" <= letter <= "Z"
        and letter != "I"
        and not (before.isalnum() or before in ("'", "\u2019", "."))
    )


# What follows an ellipsis that does not end its sentence: a word in lower case or a number.
_CONTINUED = re.compile(r"\s*[a-z0-9(]")


# Abbreviations that introduce an example or an aside: their full stop ends no sentence.
_ABBREVIATION = re.compile(r".*?(?<![A-Za-z])(?:e\.g|i\.e|cf|viz)\.", re.IGNORECASE)


# An axis abbreviated before its number ("lat. 2", "long. -3"): its full stop ends nothing.
_COORDINATE_NAME = re.compile(
    r".{0,2}(?<![A-Za-z])(?:lat|long|lon|lng)\.\s*[+\-\u2212]?[0-9]", re.IGNORECASE
)


def split_sentences(lines: Iterable[tuple[int, str]]) -> list[Sentence]:
    """Split numbered lines (``(line_number, text)``) into sentences, bullets removed."""
    sentences: list[Sentence] = []
    current = _Paragraph()
    answers: list[
        tuple[int, str, int]
    ] = []  # answer lines, each a sentence unless a condition follows
    last = None
    listing = True  # every line since the last blank one is a label line or a heading
    for number, raw in lines:
        # A line that does not follow the one before (quoted lines, or instructions for
        # others, set aside between them: P54-mail-s12-1) opens a paragraph, as a blank
        # line does: the author's words on either side are never one sentence.
        follows = last is None or number == last + 1
        last = number
        if not raw.strip() or not follows:
            sentences.extend(_alone(answers))
            answers = []
            sentences.extend(current.sentences())
            current = _Paragraph()
            listing = True
            if not raw.strip():
                continue
        if _ANSWER_LINE.match(raw):
            sentences.extend(current.sentences())
            current = _Paragraph()
            answers.append((number, raw, 1))
            continue
        if answers and _CONDITION_LINE.match(raw):
            # "Intent 3: support\nIntent 4: object\nif nobody minds": the condition may
            # govern every answer above it, so they are one sentence with it, told
            # (P74-read-agora-s20-7).
            for held in answers:
                current.add(*held)
            answers = []
        elif answers:
            sentences.extend(_alone(answers))
            answers = []
        if _WHOLE_LINE.match(raw):
            sentences.extend(current.sentences())
            current = _Paragraph()
            current.add(number, raw, 1)
            sentences.extend(current.sentences())
            current = _Paragraph()
            continue
        bullet = _BULLET.match(raw)
        label = _LABEL_LINE.match(raw) is not None
        new_sentence = (
            current.parts
            and _STARTS_SENTENCE.match(raw)
            and not (
                bullet is None and (current.unfinished_condition() or current.unfinished_reason())
            )
        ) or (current.parts and label and listing)
        listing = listing and (label or _HEADING_LINE.match(raw) is not None)
        if new_sentence or bullet:
            sentences.extend(current.sentences())
            current = _Paragraph()
        skip = bullet.end() if bullet else 0
        current.add(number, raw[skip:], skip + 1)
    sentences.extend(_alone(answers))
    sentences.extend(current.sentences())
    return sentences


def _alone(lines: Sequence[tuple[int, str, int]]) -> list[Sentence]:
    """Each of ``lines`` as a sentence of its own."""
    sentences: list[Sentence] = []
    for held in lines:
        paragraph = _Paragraph()
        paragraph.add(*held)
        sentences.extend(paragraph.sentences())
    return sentences
