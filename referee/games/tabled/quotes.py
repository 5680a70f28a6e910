"""The words of rules 1728, 2124 and 2125 that the procedure quotes when it refuses.

Each passage is named by its opening (and, where it is not the next full stop, its closing)
words; :mod:`referee.games.kit.quotes` finds the exact words in the vendored texts
(``rules/agora/``), line breaks folded into single spaces and nothing else changed. Where a
refusal follows a ruleset option rather than the current text, :func:`option_rule` quotes
the option's own description instead, so a player is never shown a rule that says the
opposite of what was applied.
"""

from __future__ import annotations

from referee.games.base import RuleCitation
from referee.games.kit.quotes import Passage, RuleText

R1728 = RuleText("agora/1728-tabled-actions.yaml", "Agora rule 1728")
R2124 = RuleText("agora/2124-performing-tabled-actions.yaml", "Agora rule 2124")
R2125 = RuleText("agora/2125-regulated-actions.yaml", "Agora rule 2125")
_TABLED = "Tabled Actions"
_PERFORMING = "Performing Tabled Actions"

TABLING = R1728.cite(
    Passage(_TABLED, "A person, acting as emself,", "and, optionally, conditions.")
)
DEFAULTS = R1728.cite(Passage(_TABLED, "The parameters N and T,", "treated as 1."))
SPONSOR = R1728.cite(Passage(_TABLED, "A person is the sponsor"))
WHO_RESPONDS = R2124.cite(
    Passage(_PERFORMING, "For a given tabled intent,", "by announcement, to:")
)
SUPPORTING = R2124.cite(
    Passage(_PERFORMING, 'Become a supporter ("support" it),', "previously supported it;")
)
OBJECTING = R2124.cite(Passage(_PERFORMING, 'Become an objector ("object to"', "objected to it;"))
WITHDRAWING = R2124.cite(Passage(_PERFORMING, "A supporter/objector to an intent,"))
LIMITING = R2124.cite(Passage(_PERFORMING, "Limiting the ability to support"))
RIPE = R2124.cite(Passage(_PERFORMING, "An intent is ripe if"))
MATURE = R2124.cite(Passage(_PERFORMING, "An intent is mature if"))
COMBINATION = R2124.cite(
    Passage(_PERFORMING, "A rule purporting to allow", "that action/method combination:")
)
WITH_SUPPORT = R2124.cite(Passage(_PERFORMING, "With N Support: e is"))
WITHOUT_OBJECTIONS = R2124.cite(Passage(_PERFORMING, "Without N Objections: e is"))
WITH_CONSENT = R2124.cite(Passage(_PERFORMING, "With N Agoran Consent: e"))
WITH_NOTICE = R2124.cite(Passage(_PERFORMING, "With T notice: e is"))
REGULATED = R2125.cite(Passage("Regulated Actions", "A Regulated Action CAN only"))


def option_rule(name: str, description: str) -> RuleCitation:
    """A refusal that follows a ruleset option quotes the option, not the current text."""
    return RuleCitation("referee ruling (docs/rulings.md, Tabled actions)", name, description)
