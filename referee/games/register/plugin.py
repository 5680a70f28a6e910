"""The Register as a game plug-in: offices and players' standing change by announcement.

It is a game so that its changes are recorded, replayed and rewound exactly like moves:
``referee state Register`` shows who holds what, ``referee history Register`` how it came
to be, and every other game learns of a player's new standing at the instant it changed.
The starting point is the configuration; mail changes it from there.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any, ClassVar

from referee.games.base import (
    Action,
    Context,
    Game,
    GameSetup,
    Handler,
    IllegalAction,
    JsonData,
    Outcome,
    RuleCitation,
    Ruleset,
    SourceText,
)
from referee.games.register.actions import Appoint, Deregister, Resign, SetActivity
from referee.games.register.state import (
    RegisterState,
    Standing,
    dump_state,
    load_state,
    office_key,
)
from referee.parsing.trees import Token, Tree

REGISTER_NAME = "Register"
ADMINISTRATOR = "administrator"
"""The pseudo-office of the configured administrators (and of the command line)."""

# Before any configured game: the Register's clock starts at Agora's founding.
REGISTER_START = datetime(1993, 6, 30, tzinfo=UTC)

_RULESET = "referee procedure"
_OFFICES_RULE = RuleCitation(
    _RULESET,
    "P10 Offices",
    "An office changes hands by announcement of its holder, or of an administrator.",
)
_STANDING_RULE = RuleCitation(
    _RULESET,
    "P11 Standing",
    "A player CAN become active or inactive, or deregister, by announcement; the "
    "Registrar or an administrator CAN do so for any player.",
)
_REGULATED = RuleCitation(
    "Rule 2125",
    "Regulated Actions",
    "A Regulated Action CAN only be performed as described by the Rules, and only using "
    "the methods explicitly specified in the Rules for performing the given action.",
)

_OFFICES = r"(surveyor|sensei|registrar|referee|games\s*master|lord[\s-]*ruler|speaker)"
# Appointments and resignations are the Register's only when they name an office it keeps:
# "I resign as Rulekeepor" is Agora's business, not the referee's, and is left alone.
_LOOKS = (
    re.compile(rf"\b(appoint|install|resign)\b.*\b{_OFFICES}\b", re.I),
    re.compile(r"\b(deregister|(de)?activate)\b", re.I),
    re.compile(r"\bbecome\s+(in)?active\b", re.I),
    re.compile(r"\bis\s+now\s+(the\s+)?(in)?active\b", re.I),
    re.compile(rf"\bis\s+now\s+the\s+{_OFFICES}\b", re.I),
)


class RegisterGame(Game[RegisterState]):
    kind: ClassVar[str] = "register"
    grammar: ClassVar[str] = "register.lark"
    examples: ClassVar[tuple[str, ...]] = (
        "I appoint Janet as the Surveyor",
        "I resign as Surveyor",
        "I become inactive",
        "I deactivate nix",
        "I deregister",
    )

    def __init__(
        self,
        setup: GameSetup,
        players: Mapping[str, Standing],
        offices: Mapping[str, str | None],
    ) -> None:
        super().__init__(setup)
        self._players = {name: Standing(**vars(s)) for name, s in players.items()}
        self._offices = dict(offices)

    @classmethod
    def rulesets(cls) -> Mapping[str, Ruleset]:
        return {"procedure": Ruleset("procedure", "the referee's procedure (docs/rulings.md)")}

    def initial_state(self) -> RegisterState:
        return RegisterState(
            players={name: Standing(**vars(s)) for name, s in self._players.items()},
            offices=dict(self._offices),
        )

    # -- parsing ---------------------------------------------------------------------------

    def looks_like_action(self, sentence: str) -> bool:
        return any(pattern.search(sentence) for pattern in _LOOKS)

    def transform(self, tree: Any, source: SourceText) -> list[Action]:
        (action,) = tree.children
        names = [str(c.children[0]) for c in action.children if _is(c, "name")]
        offices = [office_key(str(c.children[0])) for c in action.children if _is(c, "office")]
        tokens = {t.type: str(t) for t in action.children if isinstance(t, Token)}
        kind = str(action.data)
        if kind == "appoint":
            return [Appoint(source, names[0], offices[0])]
        if kind == "resign":
            return [Resign(source, offices[0])]
        if kind == "become":
            return [SetActivity(source, None, tokens["ACTIVITY"].lower() == "active")]
        if kind == "set_activity":
            if "ACTIVITY" in tokens:
                return [SetActivity(source, names[0], tokens["ACTIVITY"].lower() == "active")]
            return [SetActivity(source, names[0], "ACTIVATE" in tokens)]
        if kind == "deregister":
            return [Deregister(source, names[0] if names else None)]
        raise ValueError(f"unexpected Register sentence: {kind}")

    # -- rules -----------------------------------------------------------------------------

    def handlers(self) -> Mapping[type[Action], Handler[RegisterState, Any]]:
        return {
            Appoint: Handler(self._check_appoint, _appoint),
            Resign: Handler(self._check_resign, _resign),
            SetActivity: Handler(self._check_activity, _set_activity),
            Deregister: Handler(self._check_deregister, _deregister),
        }

    def _check_appoint(self, state: RegisterState, action: Appoint, context: Context) -> None:
        holder = self._office(state, action.office)
        # ``context.offices`` holds an office only for mail from the holder's own address.
        if ADMINISTRATOR not in context.offices and action.office not in context.offices:
            raise IllegalAction(
                f"only the {action.office} ({holder or 'vacant'}) or an administrator can "
                f"give that office to someone",
                _OFFICES_RULE,
            )
        standing = state.players.get(action.player)
        if standing is None or not standing.registered:
            raise IllegalAction(f"{action.player} is not a registered player", _OFFICES_RULE)

    def _check_resign(self, state: RegisterState, action: Resign, context: Context) -> None:
        self._office(state, action.office)
        # ``context.offices`` holds an office only for mail from the holder's own address.
        if action.office not in context.offices:
            raise IllegalAction(
                f"{_actor(context)} does not hold the office of {action.office}", _OFFICES_RULE
            )

    def _check_activity(self, state: RegisterState, action: SetActivity, context: Context) -> None:
        player = self._subject(state, action.player, context)
        if state.players[player].active == action.active:
            raise IllegalAction(f"{player} is already {_activity(action)}", _STANDING_RULE)

    def _check_deregister(self, state: RegisterState, action: Deregister, context: Context) -> None:
        self._subject(state, action.player, context)

    def _office(self, state: RegisterState, office: str) -> str | None:
        if office not in state.offices:
            known = ", ".join(sorted(state.offices)) or "none"
            raise IllegalAction(
                f"there is no office {office!r} here (offices: {known})", _OFFICES_RULE
            )
        return state.offices[office]

    def _subject(self, state: RegisterState, named: str | None, context: Context) -> str:
        actor = _actor(context)
        player = named or actor
        if player not in state.players or not state.players[player].registered:
            raise IllegalAction(f"{player} is not a registered player", _STANDING_RULE)
        admin = ADMINISTRATOR in context.offices
        if player != actor and not admin and "registrar" not in context.offices:
            raise IllegalAction(
                f"only {player}, the Registrar or an administrator can change {player}'s standing",
                _STANDING_RULE,
            )
        return player

    def participants(self, state: RegisterState) -> frozenset[str]:
        return frozenset(n for n, s in state.players.items() if s.registered)

    # -- storage and display ---------------------------------------------------------------

    def dump(self, state: RegisterState) -> JsonData:
        return dump_state(state)

    def load(self, data: JsonData) -> RegisterState:
        return load_state(data)

    def render(self, state: RegisterState, *, reveal_secrets: bool = False) -> str:
        lines = [f"{self.name}", "", "Offices:"]
        for office, holder in sorted(state.offices.items()):
            lines.append(f"  {office:<14} {holder or '(vacant)'}")
        lines += ["", "Players:"]
        for name, standing in sorted(state.players.items(), key=lambda i: i[0].casefold()):
            words = [
                "active" if standing.active else "inactive",
                "first-class" if standing.first_class else "second-class",
            ]
            if not standing.registered:
                words = ["deregistered"]
            lines.append(f"  {name:<14} {', '.join(words)}")
        return "\n".join(lines) + "\n"


def _actor(context: Context) -> str:
    return context.actor or ADMINISTRATOR


def _activity(action: SetActivity) -> str:
    return "active" if action.active else "inactive"


def _appoint(state: RegisterState, action: Appoint, context: Context) -> Outcome:
    state.offices[action.office] = action.player
    return Outcome(f"{action.player} is now the {action.office}")


def _resign(state: RegisterState, action: Resign, context: Context) -> Outcome:
    state.offices[action.office] = None
    return Outcome(f"{_actor(context)} resigned as {action.office}; the office is vacant")


def _set_activity(state: RegisterState, action: SetActivity, context: Context) -> Outcome:
    player = action.player or _actor(context)
    state.players[player].active = action.active
    return Outcome(f"{player} is now {_activity(action)}")


def _deregister(state: RegisterState, action: Deregister, context: Context) -> Outcome:
    player = action.player or _actor(context)
    state.players[player].registered = False
    state.players[player].active = False
    for office, holder in state.offices.items():
        if holder == player:
            state.offices[office] = None
    return Outcome(f"{player} is deregistered and holds no office")


def _is(child: Any, data: str) -> bool:
    return isinstance(child, Tree) and child.data == data
