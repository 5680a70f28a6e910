"""HTML to plain text, for messages that carry no text/plain part.

Only what the later stages need is kept: the words, the line structure, and which
lines were quoted.  Content inside ``<blockquote>`` comes out prefixed with ``> ``
(once per nesting level), so the quoting rules for plain text apply unchanged.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

__all__ = ["html_to_text"]

# Elements whose start and end begin a new line (when the current one has content).
_BLOCK_TAGS = frozenset(
    {
        "address", "article", "aside", "blockquote", "center", "dd", "div", "dl", "dt",
        "fieldset", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header",
        "hr", "li", "main", "nav", "ol", "p", "pre", "section", "table", "tbody", "td", "tfoot",
        "th", "thead", "tr", "ul",
    }
)  # fmt: skip
# Elements whose content is never text the author wrote.
# <noscript> is not among them: mail clients run no scripts, so they show its text (SEC-3).
_SKIPPED_TAGS = frozenset({"head", "script", "style", "template", "title"})
# Void elements never get an end tag, so they must not be counted as open.
_VOID_TAGS = frozenset({"br", "hr", "img", "meta", "link", "input", "wbr", "col", "area"})

_WHITESPACE = re.compile(r"[ \t\n\r\f\v\u00a0]+")
# Styles that keep an element off the reader's screen (a preheader, Outlook's hidden parts).
_HIDDEN_STYLE = re.compile(
    r"display\s*:\s*none|visibility\s*:\s*hidden|mso-hide\s*:\s*all"
    r"|(?<![\w-])opacity\s*:\s*(?:0+(?:\.0*)?|\.0+)\s*(?:;|$|!)",
    re.I,
)
# A style sheet in the mail that hides a class or an id (SEC-3): the reader's mail client
# applies it, so text in such an element is as hidden as an inline style makes it.
_STYLE_BLOCK = re.compile(r"<style\b[^>]*>(.*?)</style\s*>", re.I | re.S)
_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
_SIMPLE_SELECTOR = re.compile(r"\s*[a-z0-9]*([.#])([\w-]+)\s*", re.I)


# Webmails that quote with a bordered box instead of <blockquote>.
_QUOTE_BOX_STYLE = re.compile(r"border-left\s*:[^;]*\b(?:solid|dashed|dotted)\b", re.I)


# The containers webmails put the earlier message in, named by class, with no <blockquote>
# inside (Yahoo's, Proton's, Zoho's, Thunderbird's forward).
_QUOTE_CLASSES = frozenset(
    {"yahoo_quoted", "protonmail_quote", "zmail_extra", "moz-forward-container"}
)


def _hidden_by_sheet(markup: str) -> frozenset[str]:
    """The classes (".name") and ids ("#name") the mail's own style sheets hide."""
    hidden: set[str] = set()
    for sheet in _STYLE_BLOCK.findall(markup):
        for selectors, body in _RULE.findall(sheet):
            if not _HIDDEN_STYLE.search(body):
                continue
            for selector in selectors.split(","):
                simple = _SIMPLE_SELECTOR.fullmatch(selector)
                if simple is not None:
                    hidden.add(simple.group(1) + simple.group(2))
    return frozenset(hidden)


def _reads_as_quote(
    attrs: list[tuple[str, str | None]], sheet_hides: frozenset[str] = frozenset()
) -> bool:
    """Hidden text, which no reader sees, a quote drawn as a bordered box, and a client's
    container of the earlier message."""
    return any(
        name == "hidden"
        or (name == "class" and value and not _QUOTE_CLASSES.isdisjoint(value.split()))
        or (name == "class" and value and any("." + c in sheet_hides for c in value.split()))
        or (name == "id" and value and "#" + value.strip() in sheet_hides)
        or (
            name == "style"
            and value
            and (_HIDDEN_STYLE.search(value) or _QUOTE_BOX_STYLE.search(value))
        )
        for name, value in attrs
    )


class _TextExtractor(HTMLParser):
    """Collects lines of text while tracking blockquote depth and skipped regions."""

    def __init__(self, sheet_hides: frozenset[str] = frozenset()) -> None:
        # convert_charrefs=True makes handle_data receive text with entities unescaped.
        super().__init__(convert_charrefs=True)
        self._sheet_hides = sheet_hides
        self.lines: list[str] = []
        self._current: list[str] = []
        self._quote_depth = 0
        self._skip_depth = 0
        self._pre_depth = 0
        # Text no reader sees, or drawn as a quote box, is shown as quoted, so it is never
        # performed; each entry is the count of open elements when such an element began
        # (mis-nesting only widens it).
        self._open = 0
        self._hidden: list[int] = []

    # -- line handling -------------------------------------------------------------

    def _flush(self, *, force: bool) -> None:
        """End the current line; an empty line is only kept when ``force`` (a <br>)."""
        text = "".join(self._current)
        if self._pre_depth == 0:
            text = text.strip(" ")
        if text.strip() or force:
            prefix = "> " * self._quote_depth
            self.lines.append((prefix + text).rstrip(" ") if text.strip() else prefix.rstrip())
        self._current = []

    # -- HTMLParser callbacks -------------------------------------------------------

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIPPED_TAGS:
            self._skip_depth += 1
            return
        if self._skip_depth:
            return
        if tag not in _VOID_TAGS:
            if _reads_as_quote(attrs, self._sheet_hides):
                self._flush(force=False)
                self._hidden.append(self._open)
                self._quote_depth += 1
            self._open += 1
        if tag == "br":
            self._flush(force=True)
        elif tag in _BLOCK_TAGS:
            self._flush(force=False)
            if tag == "blockquote":
                self._quote_depth += 1
            elif tag == "pre":
                self._pre_depth += 1
        elif tag in ("td", "th"):
            self._current.append(" ")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        # "<br/>" and friends: treat like the start tag, with no matching end.
        if tag in _SKIPPED_TAGS:
            return
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIPPED_TAGS:
            self._skip_depth = max(0, self._skip_depth - 1)
            return
        if self._skip_depth or tag in _VOID_TAGS:
            return
        self._open = max(0, self._open - 1)
        if self._hidden and self._open <= self._hidden[-1]:
            self._flush(force=False)
            self._hidden.pop()
            self._quote_depth = max(0, self._quote_depth - 1)
        if tag in _BLOCK_TAGS:
            self._flush(force=False)
            if tag == "blockquote":
                self._quote_depth = max(0, self._quote_depth - 1)
            elif tag == "pre":
                self._pre_depth = max(0, self._pre_depth - 1)

    def handle_data(self, data: str) -> None:
        if self._skip_depth:
            return
        if self._pre_depth:
            # Preformatted text keeps its own line breaks.
            pieces = data.replace("\u00a0", " ").split("\n")
            for index, piece in enumerate(pieces):
                if index:
                    self._flush(force=True)
                self._current.append(piece)
            return
        collapsed = _WHITESPACE.sub(" ", data)
        if collapsed:
            self._current.append(collapsed)

    def close(self) -> None:
        super().close()
        self.finish_line()

    def finish_line(self) -> None:
        """Keep whatever text is pending (used after a parse failure, too)."""
        self._flush(force=False)


def html_to_text(markup: str) -> str:
    """Render an HTML body as plain text lines.

    Paragraphs, divs, list items and table rows start new lines, ``<br>`` breaks a
    line, script/style/head content is dropped, entities are unescaped, and text in
    ``<blockquote>`` is prefixed with ``> `` so it is recognised as quoted.  Never
    raises: malformed markup gives whatever text could be recovered.
    """
    sheets = _hidden_by_sheet(markup) if "<style" in markup.lower() else frozenset()
    extractor = _TextExtractor(sheets)
    try:
        extractor.feed(markup)
        extractor.close()
    except Exception:  # html.parser is lenient, but a bug there must not lose the mail
        extractor.finish_line()
    lines = extractor.lines
    # Leading and trailing blank lines are layout, not content.
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join(lines)
