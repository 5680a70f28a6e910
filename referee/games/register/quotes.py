"""The rules the Register quotes when it refuses: the referee's own procedures
(docs/rulings.md, P10 and P11) and Agora's rule 2125."""

from __future__ import annotations

from referee.games.base import RuleCitation

PROCEDURE = "referee procedure"
OFFICES = RuleCitation(
    PROCEDURE,
    "P10 Offices",
    "An office changes hands by announcement of its holder, or of an administrator.",
)
STANDING = RuleCitation(
    PROCEDURE,
    "P11 Standing",
    "A player CAN become active or inactive, or deregister, by announcement; the "
    "Registrar or an administrator CAN do so for any player.",
)
REGISTERING = RuleCitation(
    PROCEDURE,
    "P11 Standing",
    "Players are registered by the configuration; a player CAN deregister by announcement.",
)
REGULATED = RuleCitation(
    "Rule 2125",
    "Regulated Actions",
    "A Regulated Action CAN only be performed as described by the Rules, and only using "
    "the methods explicitly specified in the Rules for performing the given action.",
)
