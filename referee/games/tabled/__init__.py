"""Tabled (dependent) actions, Agora rules 1728 and 2124, as a library for games.

Intents with stable numbers; tabling, support, objection and their withdrawal; the checks
of rule 2124 when an action is performed (ripe, mature, and the four methods: With N
Support, Without N Objections, With N Agoran Consent, With T Notice); who may support and
object (the game says); the parameters as named ruleset options. A game subclasses
:class:`TabledProcedure`, adds :func:`tabled_options` to its rulesets, and imports the
phrasing from ``grammar/tabled.lark``.

It is a procedure of Agora's that several games rely on, not a game: it keeps its part of a
game's state (inside the game's own state object), checks its own rules and quotes them
when it refuses; the game decides what the procedure's actions mean for it. It lives among
the games so that nothing it imports lies above the games' layer.
"""

from referee.games.tabled.actions import (
    TABLED_ACTIONS,
    IntentRef,
    ObjectToIntent,
    PerformIntent,
    SupportIntent,
    TableIntent,
    WithdrawIntent,
    WithdrawObjection,
    WithdrawSupport,
)
from referee.games.tabled.electorate import Electorate, all_players
from referee.games.tabled.intents import Intent, IntentBook, dump_book, load_book
from referee.games.tabled.methods import Method, MethodKind
from referee.games.tabled.parameters import (
    CURRENT,
    ERA_2016,
    TabledParameters,
    tabled_options,
)
from referee.games.tabled.performing import Authorization, Tally
from referee.games.tabled.procedure import Authorized, Proposal, TabledProcedure

__all__ = [
    "CURRENT",
    "ERA_2016",
    "TABLED_ACTIONS",
    "Authorization",
    "Authorized",
    "Electorate",
    "Intent",
    "IntentBook",
    "IntentRef",
    "Method",
    "MethodKind",
    "ObjectToIntent",
    "PerformIntent",
    "Proposal",
    "SupportIntent",
    "TableIntent",
    "TabledParameters",
    "TabledProcedure",
    "Tally",
    "WithdrawIntent",
    "WithdrawObjection",
    "WithdrawSupport",
    "all_players",
    "dump_book",
    "load_book",
    "tabled_options",
]
