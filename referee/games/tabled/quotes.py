"""The words of rules 1728, 2124 and 2125 that the procedure quotes when it refuses.

Line breaks of the vendored texts (``rules/agora/``) are folded into single
spaces; nothing else is changed. Where a refusal follows a ruleset option rather than the
current text, :func:`option_rule` quotes the option's own description instead, so a
player is never shown a rule that says the opposite of what was applied.
"""

from __future__ import annotations

from referee.games.base import RuleCitation

_R1728 = "Agora rule 1728"
_R2124 = "Agora rule 2124"
_TABLED = "Tabled Actions"
_PERFORMING = "Performing Tabled Actions"

TABLING = RuleCitation(
    _R1728,
    _TABLED,
    'A person, acting as emself, CAN by announcement table an intent (syn. "intend") to '
    "perform a tabled action, clearly, conspicuously, explicitly, and without obfuscation "
    "specifying the action, the method (including non-default parameter values), and, "
    "optionally, conditions.",
)
DEFAULTS = RuleCitation(
    _R1728,
    _TABLED,
    "The parameters N and T, if omitted, default to 1 and 4 days, respectively (e.g. "
    '"without objection" means N=1). If a rule defines N as less than 1, it is instead '
    "treated as 1.",
)
SPONSOR = RuleCitation(
    _R1728,
    _TABLED,
    "A person is the sponsor of such an intent if e tabled it, or if e is authorized to "
    "perform its action due to holding a rule-defined position previously held by the "
    "person who tabled it.",
)
WHO_RESPONDS = RuleCitation(
    _R2124,
    _PERFORMING,
    "For a given tabled intent, a player CAN, unless otherwise forbidden by the rules or the "
    "document enabling the action, act on eir own behalf, by announcement, to:",
)
SUPPORTING = RuleCitation(
    _R2124,
    _PERFORMING,
    'Become a supporter ("support" it), unless e tabled or previously supported it;',
)
OBJECTING = RuleCitation(
    _R2124,
    _PERFORMING,
    'Become an objector ("object to" it), unless e previously objected to it;',
)
WITHDRAWING = RuleCitation(
    _R2124,
    _PERFORMING,
    "A supporter/objector to an intent, acting as emself, CAN by announcement cease to be a "
    'supporter/objector ("withdraw" support/objection) of that intent.',
)
LIMITING = RuleCitation(
    _R2124,
    _PERFORMING,
    "Limiting the ability to support or object to an intent is secured at the power of the "
    "rule enabling that action to be performed.",
)
RIPE = RuleCitation(
    _R2124,
    _PERFORMING,
    "An intent is ripe if was tabled within the past 14 days, the Speaker hasn't objected to "
    "it in the past 48 hours, and its conditions, if any, are each clearly and unambiguously "
    "met.",
)
MATURE = RuleCitation(
    _R2124,
    _PERFORMING,
    "An intent is mature if it was tabled at least 4 days ago and nobody withdrew objections "
    "from it in the past 24 hours.",
)
COMBINATION = RuleCitation(
    _R2124,
    _PERFORMING,
    "A rule purporting to allow a person to perform a tabled action allows em to do so by "
    "announcement, if, considering only intents for that action/method combination:",
)
WITH_SUPPORT = RuleCitation(
    _R2124,
    _PERFORMING,
    "With N Support: e is a sponsor or supporter of a ripe intent with at least N supporters.",
)
WITHOUT_OBJECTIONS = RuleCitation(
    _R2124,
    _PERFORMING,
    "Without N Objections: e is a sponsor of a mature ripe intent with less than N objectors.",
)
WITH_CONSENT = RuleCitation(
    _R2124,
    _PERFORMING,
    "With N Agoran Consent: e is a sponsor or supporter of a mature ripe intent with "
    "supporters greater than N times its objectors (e SHOULD list supporters and objectors).",
)
WITH_NOTICE = RuleCitation(
    _R2124,
    _PERFORMING,
    "With T notice: e is the sponsor of a ripe intent created at least T ago.",
)
REGULATED = RuleCitation(
    "Agora rule 2125",
    "Regulated Actions",
    "A Regulated Action CAN only be performed as described by the Rules, and only using the "
    "methods explicitly specified in the Rules for performing the given action.",
)


def option_rule(name: str, description: str) -> RuleCitation:
    """A refusal that follows a ruleset option quotes the option, not the current text."""
    return RuleCitation("referee ruling (docs/rulings.md, Tabled actions)", name, description)
