"""Separating what the author wrote from what they quoted, forwarded or signed.

Agora's convention is that text quoted from another message is not performed, so the
classification errs towards "quoted" wherever a mail client's quoting convention is
recognised.  The rules, in the order they are tried on each line:

1. Once a "rest is quoted" marker has been seen, every later line is quoted.  The
   markers are Outlook's "-----Original Message-----", forwarding separators
   ("---------- Forwarded message ---------", "Begin forwarded message:",
   "-------- Original Message --------", and the same in the languages of common
   clients), "reply above this line", and a header block ("From: ... / Sent: ... /
   To: ... / Subject: ...", or "Von: / Gesendet: / An: / Betreff:" and the like).
2. A line starting with ``>`` (after optional indentation) is quoted at any depth.
3. An attribution line ("On <date>, <someone> wrote:", possibly wrapped over up to
   three lines, "<someone> wrote:", or the same in another language) is quoted, and so
   is a line naming an address and ending with a colon when a quote follows it (mutt's
   "* Janet <j@x> [date]:").  Lines marked with "|" right under an attribution are
   quoted too.  If the next non-blank line is not quoted and the attribution is a
   client's (it opens with "On" or its equivalent, names a time or an address, or is a
   bare "<name> wrote:"), the client top-posted without quote markers, so everything
   after it is quoted.
4. A line that is exactly "-- " or "--" starts the signature, which runs until a
   quoted line or marker, or a postscript ("P.S. ...", "PS: ...") that the author
   added below it.
5. Anything else is the author's own line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from referee.mailtext.examples import example_end

__all__ = ["LineKind", "QuoteSplit", "split_quoted", "strip_quote_markers"]


class LineKind(Enum):
    """What a line of a message body is."""

    OWN = "own"
    QUOTED = "quoted"
    SIGNATURE = "signature"


@dataclass(frozen=True)
class QuoteSplit:
    """The kind of every line, plus the text with quote markers removed."""

    kinds: tuple[LineKind, ...]
    texts: tuple[str, ...]


# ">" at any depth, or Supercite's initials before it ("JN> "), which some Emacs users'
# clients write instead.
_QUOTE_PREFIX = re.compile(r"^[ \t]*(?:[A-Z][A-Za-z]{0,3})?>")
_QUOTE_MARKERS = re.compile(r"^[ \t]*(?:(?:[A-Z][A-Za-z]{0,3})?>[ \t]?)+")

# The words clients put between dashes above an earlier or forwarded message, in English
# and the languages of the common clients ("-----Ursprüngliche Nachricht-----",
# "-------- Message transféré --------", "---------- Mensaje reenviado ---------").
_SEPARATOR_WORDS = (
    r"original\s+message|forwarded\s+message|ursprüngliche\s+nachricht"
    r"|weitergeleitete\s+nachricht|message\s+d'origine|message\s+transféré"
    r"|message\s+original|mensaje\s+original|mensaje\s+reenviado|mensagem\s+original"
    r"|mensagem\s+encaminhada|messaggio\s+originale|messaggio\s+inoltrato"
    r"|oorspronkelijk\s+bericht|doorgestuurd\s+bericht|ursprungligt\s+meddelande"
    r"|vidarebefordrat\s+meddelande|wiadomość\s+oryginalna|przekazana\s+wiadomość"
)

_REST_IS_QUOTED_FORMS = (
    # Outlook, Outlook Express and Thunderbird all spell it slightly differently.
    rf"^\s*-{{2,}}\s*(?:{_SEPARATOR_WORDS})\s*-{{2,}}\s*$",
    r"^\s*begin forwarded message:\s*$",
    # mutt: ----- Forwarded message from Janet <janet@example.net> -----
    r"^\s*-{3,}\s*forwarded message from\b.{0,200}-{3,}\s*$",
    # Lotus Notes: -----"Janet" <janet@example.net> wrote: -----
    r"^\s*-{3,}.{0,200}\bwrote:\s*-{3,}\s*$",
    # A list digest pasted under a reply: its preamble, then the messages it collects.
    r"^\s*send \S+ mailing list submissions to\s*$",
    r"^\s*today's topics:\s*$",
    # Help-desk and web clients' reply marker: what follows it is the earlier message.
    r"^[\s#=_-]*(?:please\s+)?reply above this line[\s#=_.-]*$",
)
# One pattern of all the forms: every line of every body is tried against it.
_REST_IS_QUOTED = re.compile(
    "|".join(f"(?:{form})" for form in _REST_IS_QUOTED_FORMS), re.IGNORECASE
)
# Header blocks in English and as localised clients write them (German, French, Spanish,
# Italian, Dutch, Swedish, Portuguese); French puts a space before the colon.
_HEADER_FROM = re.compile(r"^\s*\*?(?:From|Von|De|Da|Van|Från)\s?:\*?\s+\S", re.IGNORECASE)
_HEADER_DATE = re.compile(
    r"^\s*\*?(?:Sent|Date|Gesendet|Datum|Envoyé|Enviado|Fecha|Inviato|Data|Verzonden"
    r"|Skickat)\s?:\*?\s",
    re.IGNORECASE,
)
_HEADER_TO_OR_SUBJECT = re.compile(
    r"^\s*\*?(?:To|Subject|An|Betreff|À|Objet|Para|Asunto|A|Oggetto|Aan|Onderwerp|Till"
    r"|Ämne|Assunto)\s?:\*?\s",
    re.IGNORECASE,
)
# mutt closes a forwarded message; what follows is the forwarder's own again.
_END_OF_FORWARD = re.compile(r"^\s*-{3,}\s*end forwarded message\s*-{3,}\s*$", re.IGNORECASE)
_POSTSCRIPT = re.compile(r"^\s*(?:p\.\s?)?p\.\s?s\.?:?\s+\S|^\s*p?ps:\s*\S", re.IGNORECASE)
_DIGEST_ENTRY = re.compile(r"^\s*Message:\s*\d+\s*$", re.IGNORECASE)
_RULE_LINE = re.compile(r"^\s*(?:_{10,}|-{10,})\s*$")
_HEADER_BLOCK_SPAN = 6

# "wrote:" and the equivalents that common clients produce in other languages, either
# last ("Janet wrote:") or followed by the writer ("Am ... schrieb Janet <j@x>:").
_ATTRIBUTION_VERB = (
    r"\bwrote|\bwrites|\bsaid|\bschrieb|a\s+écrit|\bescribió|\bskrev|\bscrisse|\bha\s+scritto"
    r"|写道|\bescreveu|\bpisze|\bschreibt|\bskriver|\bschreef|\bnapisał(?:\(a\))?|\bkirjoitti|\bnapsal(?:\(a\))?"
    # Russian and Ukrainian Thunderbird and Gmail ("03.04.2023 14:02, Janet пишет:"), Turkish.
    r"|пишет|написал(?:\(а\)|а)?|пише|написав(?:\(ла\))?|\byazdı"
)
_ATTRIBUTION_END = re.compile(
    rf"(?:(?:{_ATTRIBUTION_VERB})|(?:\bschrieb|\bschreef|\bskrev)\s[^:]{{1,160}}"
    r"|\b(?:wrote|said)\s+(?:on|at)\s.{1,80}?)\s*[:：]\s*$",
    re.IGNORECASE,
)
# "On <date>" and the openers of the same line in other languages (German, French,
# Spanish, Italian, Dutch, Swedish, Portuguese, Polish).
_ON_START = re.compile(r"^\s*(?:On|Am|Le|El|Il(?: giorno)?|Op|Den|Em|W dniu)\s")
# An attribution that names a time or an address is a client's, not a sentence of the
# author's ("As Janet wrote:"), so unmarked text under it is the earlier message.
_DATED = re.compile(r"@|\d{1,2}:\d{2}")
# A bare "<name> wrote:" whose name is a few words and no pronoun or conjunction.
_BARE_NAME = re.compile(
    r"^\s*(?!.*\b(?:I|as|what|that|which|you|we|he|she|they|it|also|and|but)\b)"
    r"[^\s:][^:]{0,60}?\s(?:wrote|writes)\s*:\s*$",
    re.IGNORECASE,
)
_PIPE_QUOTE = re.compile(r"^[ \t]*\|")
# Old newsreaders mark a quote with ": " instead (a colon, then a space or nothing).
_COLON_QUOTE = re.compile(r"^[ \t]*:(?=[ \t]|$)")
# A quote a client marks by indentation alone (a blockquote turned into text): a tab or at
# least two spaces before the first word.
_INDENTED = re.compile(r"^(?:\t|[ ]{2,})(?=\S)")
# An officer's report pasted into a message: a heading naming a report, underlined (or
# boxed) with a rule of "=" or "-".
_REPORT_HEADING = re.compile(r"\breport\b", re.IGNORECASE)
_REPORT_RULE = re.compile(r"^\s*(?:={5,}|-{5,})\s*$")
# The lines of a report's body: a table's row (columns set apart by runs of spaces), an
# indented entry, a rule, or a short label ending with a colon ("Recent history:").
_TABLE_ROW = re.compile(r"\S(?:[ ]{2,}|\t)\S")
_LABEL = re.compile(r"^[^.!?]{1,60}:\s*$")
# A table pasted with no rule under its title is told from the author's own lines by its
# rows: the gaps between their columns, and no first person in them.
_COLUMN_GAP = re.compile(r"(?:[ ]{2,}|\t)(?=\S)")
# Two spaces after a full stop are a typist's habit, not a table's columns.
_DOUBLE_SPACED = re.compile(r"[.!?][\"')\]]*(?:[ ]{2,}|\t)\S")
_OWN_VOICE = re.compile(r"\b(?:I|I['\u2019](?:m|ll|d|ve)|[Mm]e|[Mm]y|[Mm]yself)\b")
# Forum and chat-bridge quoting, pasted or relayed into mail: "[quote]", "[quote=nix]",
# '[quote="nix"]', "[Quoting nix]" (alone on a line) up to "[/quote]" or "[End quote]".
_BRACKET_QUOTE_OPEN = re.compile(
    r"^\s*\[(?:quote(?:\s*=\s*[^\]]{1,80})?|quoting\s+[^\]]{1,80})\]\s*$", re.IGNORECASE
)
_BRACKET_QUOTE_CLOSE = re.compile(r"^\s*\[(?:/quote|end\s*quote)\]\s*$", re.IGNORECASE)
_ADDRESSED_INTRO = re.compile(r"^.*[\w.+-]@[\w-]+(?:\.[\w-]+)+.*[:：]\s*$")
_TIME = re.compile(r"\d{1,2}:\d{2}")
_SENTENCE_END = re.compile(r"[.!?]\s*$")
_MAX_ATTRIBUTION_LINES = 3
_MAX_ATTRIBUTION_LENGTH = 300
_MAX_BARE_ATTRIBUTION_LENGTH = 120


def is_quote_line(line: str) -> bool:
    """True for a line carrying a ``>`` quote marker."""
    return bool(_QUOTE_PREFIX.match(line))


def strip_quote_markers(line: str) -> str:
    """Remove every leading ``>`` marker ("> > x", ">>x" and "> x" all give "x")."""
    return _QUOTE_MARKERS.sub("", line, count=1)


def _unmarked(line: str) -> str:
    """A quoted line without its ">" markers, or its "|" marker."""
    if _PIPE_QUOTE.match(line):
        return re.sub(r"^[ \t]*\|[ \t]?", "", line, count=1)
    if _COLON_QUOTE.match(line):
        return re.sub(r"^[ \t]*:[ \t]?", "", line, count=1)
    return strip_quote_markers(line)


def _is_signature_delimiter(line: str) -> bool:
    # RFC 3676 says exactly "-- "; many clients drop the trailing space.
    return line in ("-- ", "--")


# "--Jaël", "-- nix", "--Janet Smith": a name signed straight after the dashes, on one line
# (one or two words, none of them a word of a sentence such as "--Leave my alliance").
_DASHED_NAME = re.compile(
    r"^--\s?(?!(?:I|my|the|an?|to|at|of|in|on|for|with|and|or)\b)[A-Za-z\u00C0-\u024F]"
    r"[\w'.\u00C0-\u024F-]*(?:\s(?!(?:I|my|the|an?|to|at|of|in|on|for|with|and|or)\b)"
    r"[A-Za-z\u00C0-\u024F][\w'.\u00C0-\u024F-]*)?\s*$",
    re.IGNORECASE,
)


def _signs_off(lines: Sequence[str], index: int) -> bool:
    """Whether a line is a name signed after dashes ("--Jaël") with only a few short lines
    after it (a title, a motto) and no sentence: those are the signature. A sentence after
    it ("-- nix" then "I pass again.") is the author's own, and stays to be read."""
    if _DASHED_NAME.match(lines[index]) is None:
        return False
    after = 0
    for line in lines[index + 1 :]:
        if is_quote_line(line) or _ATTRIBUTION_END.search(line):
            break
        if not line.strip():
            continue
        after += 1
        if after > _MAX_SIGN_OFF_LINES or _SENTENCE_END.search(line):
            return False
    return True


_MAX_SIGN_OFF_LINES = 3


def _starts_header_block(lines: Sequence[str], index: int) -> bool:
    """An Outlook-style reply header: From:, then Sent:/Date: and To:/Subject: soon after;
    or a digest's entry, "Message: N" or Date: first, then From: and To:/Subject:."""
    if index >= len(lines):
        return False
    line = lines[index]
    if _HEADER_FROM.match(line):
        second = _HEADER_DATE  # the line opening the block decides what must follow it
    elif _DIGEST_ENTRY.match(line) or _HEADER_DATE.match(line):
        second = _HEADER_FROM
    else:
        return False
    following = lines[index + 1 : index + 1 + _HEADER_BLOCK_SPAN]
    return any(_HEADER_TO_OR_SUBJECT.match(line) for line in following) and any(
        second.match(line) for line in following
    )


# "Original Message" with its dashes lost (a phone's or a web archive's copy), over the
# earlier message's From: line (P75-lead-s20-5).
_BARE_SEPARATOR = re.compile(rf"^\s*(?:{_SEPARATOR_WORDS})\s*:?\s*$", re.IGNORECASE)


def _rest_is_quoted_from(lines: Sequence[str], index: int) -> bool:
    line = lines[index]
    if _REST_IS_QUOTED.match(line):
        return True
    if _starts_header_block(lines, index):
        return True
    if _BARE_SEPARATOR.match(line):
        following = [text for text in lines[index + 1 : index + 3] if text.strip()]
        return bool(following) and bool(_HEADER_FROM.match(following[0]))
    # Outlook puts a rule of underscores above its header block.
    return bool(_RULE_LINE.match(line)) and _starts_header_block(lines, index + 1)


def _ends_attribution(text: str) -> bool:
    # Every attribution ends with a colon: most lines are dismissed without the search.
    return text.rstrip().endswith((":", "：")) and bool(_ATTRIBUTION_END.search(text))


def _attribution_span(lines: Sequence[str], index: int) -> int:
    """Number of lines (1 to 3) forming an attribution starting at ``index``, or 0."""
    first = lines[index]
    if len(first) > _MAX_ATTRIBUTION_LENGTH:  # too long to be one (and long to search)
        return 0
    if not first.strip() or is_quote_line(first):
        return 0
    if _ends_attribution(first):
        return 1 if len(first) <= _MAX_ATTRIBUTION_LENGTH else 0
    # A wrapped attribution must open with "On", carry a date or an address, and not
    # end like a sentence; that keeps "On reflection, I do X." from joining the next line.
    if not _ON_START.match(first) or _SENTENCE_END.search(first):
        return 0
    if not re.search(r"[0-9@]", first):
        return 0
    joined = first
    for extra in range(1, _MAX_ATTRIBUTION_LINES):
        if index + extra >= len(lines):
            return 0
        line = lines[index + extra]
        if not line.strip() or is_quote_line(line):
            return 0
        joined += " " + line.strip()
        if len(joined) > _MAX_ATTRIBUTION_LENGTH:
            return 0
        # The writer may follow the verb and be wrapped ("schrieb Janet <" / "j@x>:").
        if _ends_attribution(line) or _ends_attribution(joined):
            return extra + 1
    return 0


def _is_addressed_intro(line: str) -> bool:
    """A line naming an address and ending with a colon ("* Janet <j@x> [date]:", mutt's
    attribution): one when a quote follows it."""
    if "@" not in line or not line.rstrip().endswith((":", "：")):  # cheap, for every line
        return False
    return len(line) <= _MAX_BARE_ATTRIBUTION_LENGTH and bool(_ADDRESSED_INTRO.match(line))


def _next_content_is_quote(lines: Sequence[str], start: int) -> bool:
    for line in lines[start:]:
        if line.strip():
            return is_quote_line(line)
    return False


def _next_content_marker(lines: Sequence[str], start: int) -> re.Pattern[str] | None:
    """Some clients mark a quote with "|" or ": " instead of ">"; only trusted under an
    attribution. The marker the next non-blank line carries, if it is one of those."""
    for line in lines[start:]:
        if line.strip():
            return next((m for m in (_PIPE_QUOTE, _COLON_QUOTE) if m.match(line)), None)
    return None


def _indented_quote_end(lines: Sequence[str], start: int) -> int:
    """Under an attribution with nothing of the author's above it, a block indented by a
    tab or spaces and then the author's unindented text: the index where that text starts
    (the block is the quote), or 0 when the lines under the attribution are not so."""
    index = start
    seen = False
    while index < len(lines) and (not lines[index].strip() or _INDENTED.match(lines[index])):
        seen = seen or bool(lines[index].strip())
        index += 1
    if not seen or index >= len(lines):
        return 0
    line = lines[index]
    if is_quote_line(line) or _rest_is_quoted_from(lines, index) or _attribution_span(lines, index):
        return 0
    return index


def _indentation(lines: Sequence[str], start: int) -> str:
    """The indentation of the first non-blank line from ``start``."""
    for line in lines[start:]:
        if line.strip():
            return line[: len(line) - len(line.lstrip())]
    return ""


def _later_indented_block(lines: Sequence[str], index: int, indent: str, last_own: str) -> bool:
    """A later block with the indented quote's own indentation, after a blank line, is
    quoted too, unless the author's line before it announces it ("My moves:")."""
    line = lines[index]
    if not (line.startswith(indent) and line.strip()) or index == 0 or lines[index - 1].strip():
        return False
    if line[len(indent) :][:1].isspace():
        return False  # deeper than the quote: the author's own layout
    return not last_own.rstrip().endswith((":", "："))


def _report_end(lines: Sequence[str], index: int) -> int:
    """An officer's report pasted at ``index``: a heading naming a report, underlined or
    boxed with a rule, then its tables, indented entries, labels and rules. The index of
    the first line after it (the author's own again), or 0 when no report starts here."""
    start = index
    if _REPORT_RULE.match(lines[index]) and index + 1 < len(lines):
        index += 1  # a boxed heading: rule, heading, rule
    heading = lines[index]
    if not (_REPORT_HEADING.search(heading) and len(heading.strip()) <= 80):
        return 0
    if index + 1 >= len(lines) or not _REPORT_RULE.match(lines[index + 1]):
        return 0
    return _report_body_end(lines, start, index + 2)


def _report_body_end(lines: Sequence[str], start: int, index: int) -> int:
    """The index after a pasted report's body, which opens at ``index`` (its heading opened
    at ``start``): tables, indented entries, rules, labels and further underlined headings."""
    while index < len(lines):
        line = lines[index]
        if line.strip() and not (
            _INDENTED.match(line)
            or _TABLE_ROW.search(line.strip())
            or _REPORT_RULE.match(line)
            or _LABEL.match(line)
            or (index + 1 < len(lines) and _REPORT_RULE.match(lines[index + 1]))
        ):
            break
        index += 1
    # Blank lines at its end are the author's again, as they were before it.
    while index > start and not lines[index - 1].strip():
        index -= 1
    return index


def _is_table_row(line: str) -> bool:
    """A row of a pasted table: columns set apart by runs of spaces or a tab, no word of the
    author's own voice ("Commune:   I place a tile at D4." is the author's list) and no
    sentence ended before a gap (prose typed with two spaces after its full stops)."""
    stripped = line.strip()
    return (
        bool(_TABLE_ROW.search(stripped))
        and not _OWN_VOICE.search(stripped)
        and not _DOUBLE_SPACED.search(stripped)
    )


def _table_end(lines: Sequence[str], index: int) -> int:
    """A report or a table pasted with no rule under its title (P54-mail-s12-3): a title
    naming a report (up to 80 characters, not a sentence) over at least two table rows, or,
    with no title, at least three rows of which one has three columns or more. The index
    of the first line after it, as for an underlined report, or 0."""
    line = lines[index]
    if "  " not in line and "\t" not in line and "eport" not in line and "EPORT" not in line:
        return 0  # the cheap test first: most lines are neither a row nor a report's title
    titled = (
        _REPORT_HEADING.search(line) is not None
        and len(line.strip()) <= 80
        and not _SENTENCE_END.search(line)
        and not _OWN_VOICE.search(line)
    )
    first = index + 1 if titled else index
    rows = first
    while rows < len(lines) and _is_table_row(lines[rows]):
        rows += 1
    count = rows - first
    if titled and count >= 2:
        return _report_body_end(lines, index, rows)
    wide = any(len(_COLUMN_GAP.findall(lines[at].strip())) >= 2 for at in range(first, rows))
    if not titled and count >= 3 and wide:
        return _report_body_end(lines, index, rows)
    return 0


def _is_top_post_attribution(attribution: str) -> bool:
    """An attribution a client wrote above the earlier message (so unmarked text under it
    is that message): "On <date> ... wrote:" in any language, one naming a time or an
    address, or a bare "<name> wrote:"."""
    return bool(
        _ON_START.match(attribution) or _DATED.search(attribution) or _BARE_NAME.match(attribution)
    )


def split_quoted(lines: Sequence[str]) -> QuoteSplit:
    """Classify each line of a decoded body as own, quoted or signature.

    ``texts`` has the same length as ``lines``; quoted lines have their ``>`` markers
    removed, other lines are unchanged.
    """
    kinds: list[LineKind] = []
    rest_quoted = False
    in_signature = False
    in_pipe_quote = False  # inside a "|"-marked quote that an attribution announced
    in_bracket_quote = False  # between "[quote]" and "[/quote]"
    pipe_marker = _PIPE_QUOTE  # the marker of that quote: "|" or ": "
    pipe_seen = False  # whether an attribution has announced such a quote
    set_aside_until = 0  # lines before this index are an indented quote or a report
    pending_attribution = 0  # lines still to mark as part of a multi-line attribution
    own_seen = False  # whether the author wrote a line of their own above this one
    indented: set[int] = set()  # the lines of a quote marked by indentation alone
    indent = ""  # that quote's indentation, once an attribution has announced it
    last_own = ""  # the author's last non-blank line
    index = 0
    while index < len(lines):
        line = lines[index]
        kind = LineKind.OWN
        in_pipe_quote = in_pipe_quote and (not line.strip() or bool(pipe_marker.match(line)))
        # Once an attribution has shown the message's marker, later lines carrying it are
        # quoted too (an interleaved reply).
        in_pipe_quote = in_pipe_quote or (pipe_seen and bool(pipe_marker.match(line)))
        if in_bracket_quote or (not rest_quoted and _BRACKET_QUOTE_OPEN.match(line)):
            # Never closed, the quote runs to the end: someone else's words are never read
            # as the author's for want of a closing mark.
            in_bracket_quote = not (in_bracket_quote and _BRACKET_QUOTE_CLOSE.match(line))
            kind = LineKind.QUOTED
        elif rest_quoted and _END_OF_FORWARD.match(line):
            rest_quoted = False
            kind = LineKind.QUOTED
        elif rest_quoted or pending_attribution or in_pipe_quote or is_quote_line(line):
            kind = LineKind.QUOTED
            pending_attribution = max(0, pending_attribution - 1)
        elif index < set_aside_until:
            kind = LineKind.QUOTED
        elif indent and _later_indented_block(lines, index, indent, last_own):
            # The same indentation later, after a blank line: an interleaved reply.
            end = index
            while end < len(lines) and lines[end].startswith(indent) and lines[end].strip():
                indented.add(end)
                end += 1
            set_aside_until = end
            kind = LineKind.QUOTED
        elif _rest_is_quoted_from(lines, index):
            rest_quoted = True
            kind = LineKind.QUOTED
        elif span := _attribution_span(lines, index):
            follows_quote = _next_content_is_quote(lines, index + span)
            attribution = " ".join(lines[index : index + span])
            on_form = bool(_ON_START.match(line))
            bare_ok = len(attribution) <= _MAX_BARE_ATTRIBUTION_LENGTH
            if follows_quote and (on_form or bare_ok):
                kind = LineKind.QUOTED
                pending_attribution = span - 1
            elif bare_ok and (marker := _next_content_marker(lines, index + span)):
                kind = LineKind.QUOTED
                pending_attribution = span - 1
                in_pipe_quote = pipe_seen = True
                pipe_marker = marker
            elif on_form or (bare_ok and _is_top_post_attribution(attribution)):
                kind = LineKind.QUOTED
                end = 0 if own_seen else _indented_quote_end(lines, index + span)
                if end:
                    # Bottom-posted under a quote the client indented instead of marking.
                    pending_attribution = span - 1
                    set_aside_until = end
                    indented.update(range(index + span, end))
                    indent = _indentation(lines, index + span)
                else:
                    # Top-posted reply from a client that does not mark quotes with ">".
                    rest_quoted = True
        elif (end := _report_end(lines, index)) or (end := _table_end(lines, index)):
            set_aside_until = end
            kind = LineKind.QUOTED
        elif end := example_end(lines, index):
            # Instructions for others: an FAQ, a pair of forms, an example (P54-mail-s12-1).
            set_aside_until = end
            kind = LineKind.QUOTED
        elif _is_addressed_intro(line) and _next_content_is_quote(lines, index + 1):
            kind = LineKind.QUOTED
        elif _is_addressed_intro(line) and _TIME.search(line):
            # A client's attribution with no verb ("2023年4月3日 12:00 Janet <j@x>:",
            # "пн, 3 апр. 2023 г. в 12:00, Janet <j@x>:") over an unmarked original.
            rest_quoted = True
            kind = LineKind.QUOTED
        if kind is LineKind.QUOTED:
            in_signature = False
        elif in_signature and _POSTSCRIPT.match(line):
            in_signature = False  # a postscript under the signature is the author's again
        elif in_signature:
            kind = LineKind.SIGNATURE
        elif _is_signature_delimiter(line) or _signs_off(lines, index):
            in_signature = True
            kind = LineKind.SIGNATURE
        if kind is LineKind.OWN and line.strip():
            own_seen = True
            last_own = line
        kinds.append(kind)
        index += 1
    texts = tuple(
        (line.strip() if number in indented else _unmarked(line))
        if kind is LineKind.QUOTED
        else line
        for number, (line, kind) in enumerate(zip(lines, kinds, strict=True))
    )
    return QuoteSplit(kinds=tuple(kinds), texts=texts)
