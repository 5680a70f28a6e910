"""The Arcadia contract's other words, put in its grammar's terms before parsing."""

from __future__ import annotations

from referee.games.base import Lexicon, rewrites

_CONTRACT = r"\s+(?=(?:the\s+)?arcadia(?:n)?\s+contract$)"
_PROPOSAL = r"(?=arcadian\s+proposal\b)"

LEXICON = Lexicon(
    verbs=("become", "join", "agree", "leave", "create", "support", "object", "withdraw", "apply"),
    trailing=(r"(?:the\s+)?arcadia(?:n)?\s+contract",),
    rewrites=rewrites(
        # Becoming and ceasing to be a party.
        (
            rf"^I\s+(?:sign|enter(?:\s+into)?|sign\s+up\s+(?:to|for)|consent\s+to){_CONTRACT}",
            "I join ",
        ),
        (
            rf"^I\s+(?:cease|stop)\s+being\s+a\s+party\s+to{_CONTRACT}",
            "I cease to be a party to ",
        ),
        (rf"^I\s+(?:quit|exit|depart(?:\s+from)?|drop\s+out\s+of){_CONTRACT}", "I leave "),
        # Support and objection in other words.
        (rf"^I\s+(?:second|endorse|back)\s+{_PROPOSAL}", "I support "),
        (
            r"^I\s+(?:give|lend|offer|add|pledge)\s+my\s+support\s+to\s+" + _PROPOSAL,
            "I support ",
        ),
        (
            r"^I\s+(?:raise|register|lodge|file|state)\s+(?:an|my)\s+objection\s+(?:to|against)\s+"
            + _PROPOSAL,
            "I object to ",
        ),
        (
            r"^I\s+(?:rescind|retract|revoke)\s+my\s+(support|objection)\s+",
            r"I withdraw my \1 ",
        ),
        # Applying.
        (rf"^I\s+(?:enact|adopt|carry\s+out|implement)\s+{_PROPOSAL}", "I apply "),
    ),
)
