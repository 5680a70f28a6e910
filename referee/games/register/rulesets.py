"""The Register's one ruleset: the referee's own procedure, which has no options."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from referee.games.base import Ruleset

PROCEDURE = "procedure"

RULESETS: Mapping[str, Ruleset] = MappingProxyType(
    {PROCEDURE: Ruleset(PROCEDURE, "the referee's procedure (docs/rulings.md)")}
)
