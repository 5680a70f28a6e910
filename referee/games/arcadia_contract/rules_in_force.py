"""Which rules the referee can run a new Arcadian Tournament under.

The referee implements the Template's texts it has been built for, each as a ruleset
version of the game kind ``arcadia``; today only the seed, ``draft``. When the Template has
changed into a text none of them is, the referee says so plainly and names the differing
text, rather than run the new tournament under old rules as if nothing changed
(docs/rulings.md, A11).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from types import MappingProxyType

from referee.games.arcadia.rulesets import DRAFT
from referee.games.arcadia_contract import quotes
from referee.games.arcadia_contract.state import ContractState

IMPLEMENTED: Mapping[str, str] = MappingProxyType({DRAFT: quotes.seed_template()})
"""Each ``arcadia`` ruleset version with the Template text it implements."""


def _folded(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def implemented_version(text: str) -> str | None:
    """The ruleset version implementing ``text`` (spacing aside), or None."""
    return next((v for v, t in IMPLEMENTED.items() if _folded(t) == _folded(text)), None)


def notes(state: ContractState) -> list[str]:
    """What ``referee ruleset`` and the Lord-Ruler are told about the current Template."""
    current = state.current
    version = implemented_version(current.text)
    if version is not None:
        return [
            f"Tournament Template version {current.number} is the text the referee implements "
            f"as the arcadia ruleset {version!r}."
        ]
    known = ", ".join(repr(v) for v in IMPLEMENTED)
    lines = [
        f"WARNING: Tournament Template version {current.number} ({current.why}) differs from "
        f"every text the referee implements (arcadia rulesets: {known}). The referee will not "
        "run a new tournament under it as if nothing changed: an officer chooses the version "
        "to run, with a reason (`referee amend GAME --from INSTANT --ruleset VERSION --reason "
        "...`), or the referee is extended with the new text.",
        "The differing text (the nearest implemented version, then the Template):",
    ]
    nearest = IMPLEMENTED[DRAFT]
    diff = difflib.unified_diff(
        nearest.splitlines(),
        current.text.splitlines(),
        DRAFT,
        f"version {current.number}",
        n=0,
        lineterm="",
    )
    lines.extend(f"  {line}" for line in diff)
    return lines
