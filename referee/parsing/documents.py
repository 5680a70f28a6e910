"""Documents enclosed in a message: a proposal's text, a contract, a statement, a draft.

Agorans enclose a document in braces ("I submit the following proposal: { ... }") or
between rule lines ("as follows:" then "-----" ... "-----"). Its words are the document's,
not the author's acts: "Amend the rule so that a player who plays e7 wins. I play e7." in a
proposal is never performed. The finder reads the message with each document's lines
blank (so that no sentence runs into or out of one), and then reads each document's lines
only to tell the author that nothing in them was done. A document is the argument of an
action only when the line that introduces it reads as that action ("I create an Arcadian
Proposal with the following text:"): see ``finder``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

Line = tuple[int, str]

# A line that opens a braced block: Agora's usual enclosure of a document ("{", "{{{").
_OPENS_BRACES = re.compile(r"^\s*\{")
# A rule line: three or more of one mark, alone on its line, or around a label
# ("-----BEGIN DOCUMENT-----", "=== Proposal text ===").
_RULE_LINE = re.compile(
    r"^\s*(?:-{3,}|={3,}|\*{3,}|_{3,}|~{3,}|#{3,}|`{3,}|<{3,}|>{3,})\s*$"
    r"|^\s*([-=*_~#<>])\1{2,}\s*[A-Za-z][\w ,.'()/-]{0,40}?\s*\1{3,}\s*$"
)
# A code fence ("```", "```text"): what it encloses is shown, not said, whatever comes
# before it; never decoration (P67-lead-s17-13).
_CODE_FENCE = re.compile(r"^\s*`{3,}\s*[\w+-]*\s*$")
# A labelled rule line that itself names a document opens one with no introduction.
_LABEL_NAMES_A_DOCUMENT = re.compile(
    r"^\s*([-=*_~#<>])\1{2,}\s*(?:begin\s+)?(?:the\s+)?(?:proposal|document|text|report|"
    r"contract|statement|regulations?|amendment|draft)\b",
    re.IGNORECASE,
)
# A proposal's header, which Agorans write before its text even with no enclosure: a
# "Title:" line with an adoption index or an author among the next lines. Where an
# unenclosed text ends no one can tell, so it runs to the end of the message.
_TITLE_LINE = re.compile(r"^\s*title\s*:\s*\S", re.IGNORECASE)
_PROPOSAL_FIELD = re.compile(
    r"^\s*(?:adoption\s+index|ai|author|authors|co-?authors?|chamber)\s*:", re.IGNORECASE
)
# A draft proposal's heading ("Proto: Faster Commune", "Proto-proposal: ...", "Draft
# proposal:"): what follows is the draft's text, to the end of the message.
_DRAFT_HEADING = re.compile(
    r"^\s*(?:proto(?:[- ]?proposal)?|draft(?:\s+proposal)?|proposal\s+draft)\s*:", re.IGNORECASE
)
# The words of a line that announces a document to follow between rule lines. Rule lines
# alone are often only decoration ("I do the following:" and a rule under it), so a rule
# line opens a document only after a line that names one.
_NAMES_A_DOCUMENT = re.compile(
    r"\b(?:proposals?|text|texts|statement|tournament|contract|regulations?|rules?|"
    r"amendments?|drafts?|documents?|template|agreement|charter|motion|resolution|"
    r"report|arguments?|evidence|judge?ments?|thesis)\b",
    re.IGNORECASE,
)
# What every document's opening holds, looked for first over the whole message: a brace,
# three marks of a rule line, or a line opening with a heading's word.
_MARKS = ("{", "---", "===", "***", "___", "~~~", "###", "```", "<<<", ">>>")
_MAY_HEAD = re.compile(r"^[ \t]*(?:title|proto|draft|proposal)\b", re.IGNORECASE | re.MULTILINE)


def _may_enclose(text: str) -> bool:
    return any(mark in text for mark in _MARKS) or _MAY_HEAD.search(text) is not None


# A proposal's header lines, which stand between its introduction and its braces
# ("Title: Cheaper tiles", "Adoption index: 1.0", "Co-authors:").
_HEADER_LINE = re.compile(r"^\s*[A-Za-z][\w ()./-]{0,30}:\s+\S.*$")
_EMPTY_HEADER = re.compile(
    r"^\s*(?:title|authors?|co-?authors?|adoption\s+index|ai|chamber|class|sponsors?)\s*:\s*$",
    re.IGNORECASE,
)
HEADER_LINES_AT_MOST = 8


@dataclass(frozen=True)
class Document:
    """One enclosed document: its lines (enclosure included), what introduced it, and its
    text without the enclosure."""

    first: int
    last: int
    lines: tuple[Line, ...]
    intro: int | None
    """The number of the line that introduced it (ending with a colon), if any."""
    text: str
    """The document's words, its lines joined by spaces, without braces or rule lines."""
    enclosure: str
    """How it is enclosed, as an answer says it: "in braces", "between rule lines"."""

    def inner_lines(self) -> list[Line]:
        """The document's lines without its enclosure (braces and rule lines)."""
        inner: list[Line] = []
        for number, text in self.lines:
            if _RULE_LINE.match(text):
                continue
            inner.append((number, text.replace("{", " ").replace("}", " ")))
        return inner


def set_aside_documents(lines: Sequence[Line]) -> tuple[list[Line], list[Document]]:
    """``lines`` with every document's lines blank, and the documents, in order."""
    if not _may_enclose("\n".join(text for _, text in lines)):
        return list(lines), []  # most mail: no brace and no rule line at all, in one search
    documents: list[Document] = []
    index = 0
    while index < len(lines):
        found = _document_at(lines, index)
        if found is None:
            index += 1
            continue
        document, end = found
        documents.append(document)
        index = end + 1
    if not documents:
        return list(lines), []
    inside = {number for document in documents for number, _ in document.lines}
    return [(number, "" if number in inside else text) for number, text in lines], documents


def _document_at(lines: Sequence[Line], index: int) -> tuple[Document, int] | None:
    """The document that opens at ``lines[index]``, if one does, and its last index."""
    text = lines[index][1]
    if _OPENS_BRACES.match(text):
        end = _braces_close(lines, index)
        inner = _braced_text(lines[index : end + 1])
        enclosure = "in braces"
    elif (
        _RULE_LINE.match(text)
        and (_LABEL_NAMES_A_DOCUMENT.match(text) or _named_before(lines, index) is not None)
    ) or _CODE_FENCE.match(text):
        end = _next_rule_line(lines, index)
        inner = " ".join(t.strip() for _, t in lines[index + 1 : end] if t.strip())
        enclosure = "between rule lines"
        if end == len(lines):
            end -= 1  # never closed: the rest of the message
    elif _DRAFT_HEADING.match(text) or _proposal_header(lines, index):
        end = len(lines) - 1
        inner = " ".join(t.strip() for _, t in lines[index : end + 1] if t.strip())
        enclosure = "unenclosed: a draft's or a proposal's text runs to the end of the message"
    else:
        return None
    intro = _introduction(lines, index)
    start = index
    if intro is not None:
        # The header lines between the introduction and the enclosure are the document's.
        start = intro + 1
        header = " ".join(t.strip() for _, t in lines[start:index] if t.strip())
        inner = f"{header} {inner}".strip() if header else inner
    block = tuple(lines[start : end + 1])
    intro_number = None if intro is None else lines[intro][0]
    return Document(block[0][0], block[-1][0], block, intro_number, inner, enclosure), end


def _proposal_header(lines: Sequence[Line], index: int) -> bool:
    """Whether ``lines[index]`` is a proposal's "Title:" with its other fields after it."""
    if not _TITLE_LINE.match(lines[index][1]):
        return False
    if not any(_PROPOSAL_FIELD.match(text) for _, text in lines[index + 1 : index + 4]):
        return False
    # Its text in braces after the header: the braces open the document, and the header
    # is theirs (rule lines after a header need no such care: to the end is the longer).
    for _, text in lines[index + 1 : index + 2 * HEADER_LINES_AT_MOST + 2]:
        stripped = text.strip()
        if not stripped or _HEADER_LINE.match(stripped) or _EMPTY_HEADER.match(stripped):
            continue
        return not _OPENS_BRACES.match(text)
    return True


def _braces_close(lines: Sequence[Line], index: int) -> int:
    """The index of the line where the braces opened at ``index`` close (the last line
    when they never do: the rest of the message is the document)."""
    depth = 0
    for at in range(index, len(lines)):
        text = lines[at][1]
        depth += text.count("{") - text.count("}")
        if depth <= 0:
            return at
    return len(lines) - 1


def _braced_text(block: Sequence[Line]) -> str:
    words = " ".join(text.strip() for _, text in block if text.strip())
    return words.lstrip("{").rstrip().rstrip("}").strip()


def _next_rule_line(lines: Sequence[Line], index: int) -> int:
    for at in range(index + 1, len(lines)):
        if _RULE_LINE.match(lines[at][1]):
            return at
    return len(lines)


def _introduction(lines: Sequence[Line], index: int) -> int | None:
    """The index of the line that introduces an enclosure at ``index``: the nearest line
    before it that ends with a colon, with only a proposal's header lines and a few blank
    lines between."""
    headers = 0
    for at in range(index - 1, max(-1, index - 2 * HEADER_LINES_AT_MOST - 3), -1):
        text = lines[at][1]
        stripped = text.strip()
        if not stripped:
            continue
        header = _HEADER_LINE.match(stripped) or _EMPTY_HEADER.match(stripped)
        if stripped.endswith(":") and not _EMPTY_HEADER.match(stripped):
            return at
        if header and headers < HEADER_LINES_AT_MOST:
            headers += 1
            continue
        return None
    return None


def _named_before(lines: Sequence[Line], index: int) -> int | None:
    """The introduction of a rule line at ``index``, when it names a document."""
    intro = _introduction(lines, index)
    if intro is None:
        return None
    return intro if _NAMES_A_DOCUMENT.search(lines[intro][1]) else None
