"""Apply a table of rewrites in order, skipping cheaply the ones that cannot match.

The normaliser's rewrites (its own and each game's :class:`~referee.games.base.Lexicon`)
are tables of tens of patterns, applied one after another to every sentence a grammar did
not accept as written; most of them match nothing, yet each costs a pass over the text.
Here each table is cut into short runs, and each run gets one gate built from the run's
own patterns (an alternation of them): when the gate finds nothing in the text, no pattern
of the run can change it, and the whole run is skipped at the cost of one pass.

The gates are derived from the tables themselves, when a table is first used, so a
pattern added to a table is gated with it: nothing is registered anywhere else. A pattern
that cannot be joined with others (a back-reference, a group name used twice, flags that
differ) leaves its run ungated, which is only slower. The result is always that of
:func:`rewrite_in_order`; ``tests/unit/test_prefilter.py`` checks it on every phrasing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from re import _constants as sre_constants
from re import _parser as sre_parse

Rewrites = tuple[tuple[re.Pattern[str], str], ...]
Gate = Callable[[str], bool]

RUN_LENGTH = 8
"""Patterns behind one gate: short enough that a sentence matched by one pattern of the
table still skips most of the others, long enough that gating costs less than trying."""

# A reference to a group by number or name cannot be moved into a larger pattern.
_REFERENCE = re.compile(r"\\[1-9]|\(\?P=|\(\?\(")


def rewrite_in_order(text: str, pairs: Rewrites) -> str:
    """Each pattern replaced in turn, the text stripped after each: the plain definition."""
    for pattern, replacement in pairs:
        text = pattern.sub(replacement, text).strip()
    return text


def rewrite(text: str, pairs: Rewrites) -> str:
    """The same result as :func:`rewrite_in_order`, trying only the runs whose gate finds
    something in the text as it stands when the run's turn comes."""
    if not pairs:
        return text
    for run, gate in _runs(pairs):
        if gate is not None and not gate(text):
            stripped = text.strip()
            if stripped == text or not gate(stripped):
                # No pattern of the run matches: each would only have stripped the text.
                text = stripped
                continue
        text = rewrite_in_order(text, run)
    return text


_built: dict[int, tuple[Rewrites, list[tuple[Rewrites, Gate | None]]]] = {}
TABLES_KEPT = 256
"""Tables whose runs are kept. The tables are constants (the normaliser's and each game's
lexicon), a few dozen in all; a caller that built a table afresh for each sentence would
only find its runs built again, never an ever-growing store."""


def _runs(pairs: Rewrites) -> list[tuple[Rewrites, Gate | None]]:
    """The table's runs and their gates, built on first use (tables are constants)."""
    known = _built.get(id(pairs))
    if known is not None and known[0] is pairs:
        return known[1]
    runs = [
        (pairs[start : start + RUN_LENGTH], _gate(pairs[start : start + RUN_LENGTH]))
        for start in range(0, len(pairs), RUN_LENGTH)
    ]
    if len(_built) >= TABLES_KEPT:
        _built.clear()
    _built[id(pairs)] = (pairs, runs)  # the table is kept, so its id is never reused
    return runs


def _gate(run: Sequence[tuple[re.Pattern[str], str]]) -> Gate | None:
    """A test that finds something wherever any pattern of the run would: patterns that
    can match only at the start are tried there alone, the others searched for. None when
    the run's patterns cannot be joined into one."""
    patterns = [pattern for pattern, _ in run]
    if len({p.flags for p in patterns}) != 1 or any(_REFERENCE.search(p.pattern) for p in patterns):
        return None
    flags = patterns[0].flags
    at_start = [p.pattern for p in patterns if _only_at_start(p)]
    anywhere = [p.pattern for p in patterns if not _only_at_start(p)]
    try:
        first = _joined(at_start, flags)
        other = _joined(anywhere, flags)
    except re.error:
        return None
    if first is None and other is None:
        return None
    match = first.match if first is not None else None
    search = other.search if other is not None else None

    def finds(text: str) -> bool:
        return (match is not None and match(text) is not None) or (
            search is not None and search(text) is not None
        )

    return finds


def _joined(sources: Sequence[str], flags: int) -> re.Pattern[str] | None:
    if not sources:
        return None
    # Flags that are the compiled pattern's own (such as re.UNICODE) are implied again.
    return re.compile("|".join(f"(?:{source})" for source in sources), flags)


def _only_at_start(pattern: re.Pattern[str]) -> bool:
    """Whether the pattern can match only at the start of the text: it opens with ``^``
    (and has no alternative of its own that does not), and ``^`` means the text's start."""
    if pattern.flags & re.MULTILINE:
        return False
    try:
        parsed = sre_parse.parse(pattern.pattern, pattern.flags)
    except Exception:  # a private parser that changed: treat it as searchable anywhere
        return False
    items = list(parsed)
    return bool(items) and items[0] == (sre_constants.AT, sre_constants.AT_BEGINNING)
