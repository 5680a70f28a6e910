"""Applying an Arcadian Proposal's changes to the Tournament Template.

The referee applies changes it can read without judgement: each written as
``replace "OLD" with "NEW"`` (straight or curly quotes; several joined by "and", commas or
semicolons), where OLD occurs exactly once in the Template. Any other wording is a change
the referee cannot make alone: applying such a proposal is refused with that reason
(docs/rulings.md, A14).
"""

from __future__ import annotations

import re

_CHANGE = re.compile(
    r"replace\s+[\"\u201c](?P<old>[^\"\u201d]+)[\"\u201d]\s+(?:with|by)\s+"
    r"[\"\u201c](?P<new>[^\"\u201d]*)[\"\u201d]",
    re.IGNORECASE,
)
_JOINERS = re.compile(r"^[\s,;]*(?:and\s+)?$", re.IGNORECASE)


class ChangeError(ValueError):
    """A proposal's changes cannot be applied; the message says why."""


def read_changes(text: str) -> list[tuple[str, str]]:
    """The (old, new) replacements of a proposal's text, or ChangeError."""
    changes: list[tuple[str, str]] = []
    end = 0
    for found in _CHANGE.finditer(text):
        if not _JOINERS.match(text[end : found.start()]):
            raise ChangeError(f"the referee cannot read {text[end : found.start()].strip()!r}")
        changes.append((found["old"], found["new"]))
        end = found.end()
    rest = text[end:].strip().rstrip(".")
    if rest or not changes:
        raise ChangeError(
            'the referee can apply only changes written as replace "old words" with "new '
            f'words"; it cannot read {rest or text!r}'
        )
    return changes


def _folded(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def apply_changes(template: str, text: str) -> str:
    """The Template with the proposal's changes made, in the order written.

    Words are matched with every run of spaces and line breaks as one space (a Template
    quoted in mail is rewrapped), and the result keeps the Template's line breaks elsewhere.
    """
    result = template
    for old, new in read_changes(text):
        pattern = re.compile(r"\s+".join(re.escape(w) for w in old.split()))
        hits = pattern.findall(result)
        if len(hits) != 1:
            where = "does not occur in" if not hits else f"occurs {len(hits)} times in"
            raise ChangeError(f'"{_folded(old)}" {where} the Tournament Template')
        found = pattern.search(result)
        assert found is not None
        result = result[: found.start()] + new + result[found.end() :]
    return result
