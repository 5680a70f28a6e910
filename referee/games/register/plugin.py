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
    Ruleset,
    SourceText,
)
from referee.games.kit.picture import StatePicture
from referee.games.register import picture, quotes
from referee.games.register.actions import (
    Appoint,
    Deputise,
    Deregister,
    RegisterSelf,
    Resign,
    SetActivity,
)
from referee.games.register.rulesets import RULESETS
from referee.games.register.slips import SLIPPED_OFFICE
from referee.games.register.state import (
    RegisterState,
    Standing,
    dump_state,
    load_state,
)

REGISTER_NAME = "Register"
ADMINISTRATOR = "administrator"
"""The pseudo-office of the configured administrators (and of the command line)."""

# Before any configured game: the Register's clock starts at Agora's founding.
REGISTER_START = datetime(1993, 6, 30, tzinfo=UTC)

_OFFICES = r"(surveyor|sensei|registrar|referee|games\s*master|lord[\s-]*ruler|speaker)"
# Appointments and resignations are the Register's only when they name an office it keeps:
# "I resign as Rulekeepor" is Agora's business, not the referee's, and is left alone.
_LOOKS = re.compile(
    "|".join(
        f"(?:{pattern})"
        for pattern in (
            # (An office in the plural or shared too: "... as co-Surveyors" is told.)
            rf"\b(appoint|install|resign)\b.*\b{_OFFICES}(?:ship|s)?\b",
            # "As the Surveyor, I resign that office, effective now": the office named first
            # (P74-read-agora-s20-6).
            rf"\b{_OFFICES}\b[^.]*\bI\s+(?:hereby\s+)?resign\b",
            r"\b(deregister|(de|re)?activate)\b",
            r"\bbecome\s+(in)?active\b",
            r"\bis\s+now\s+(the\s+)?(in)?active\b",
            rf"\bis\s+now\s+(?:the\s+)?{_OFFICES}\b",
            # Agora's switch wording, told when not understood ("I flip my Activity").
            r"\b(?:flip|switch|set|change|turn)\s+(?:my|\S+['\u2019]s)\s+activity\b",
            r"^\s*I\s+am\s+now\s+(?:in)?active\b",
            # "I am inactive from now": told when not read, never dropped.
            r"^\s*I(?:\s+am|['\u2019]m)\s+(?:in)?active\b",
            r"^\s*I\s+(?:go|turn)\s+(?:in)?active\b",
            r"^\s*I['\u2019]m\s+now\s+(?:in)?active\b",
            rf"\bis\s+(?:hereby\s+)?appointed\b.*\b{_OFFICES}\b",
            r"\bactivity\s+(?:switch\s+)?of\b",
            r"['\u2019]s\s+activity(?:\s+switch)?\s+is\s+hereby\b",
            r"^\s*I\s+(?:make|declare)\s+\S+\s+(?:in)?active\b",
            # "I mark (set) myself inactive for now": the switch wording said of oneself, with
            # an aside after it to set aside (P69-read-agora-s18-2).
            r"^\s*I\s+(?:mark|set|flip|switch|turn|put|record|list|change)\s+myself\s+(?:down\s+)?"
            r"(?:as\s+|to\s+)?(?:being\s+)?(?:in)?active\b",
            # "I take myself off hold, back from holiday": coming off hold, with an aside.
            r"^\s*I\s+(?:come|go|get|take\s+myself)(?:\s+back)?\s+off\s+(?:of\s+)?hold\b",
            rf"\b(?:hand|give|pass|transfer)\b.*\boffice\s+of\s+(?:the\s+)?{_OFFICES}\b",
            # Told when not understood: registering (the configuration's business, not an act the
            # referee performs), every office at once, a deputy's act.
            # ("I register for Commune" joins a game: another game's words.)
            # (After a clause and a comma too: "After the tournament, I register" is told.)
            r"(?:^|[,;:]|\band)\s*I\s+(?:hereby\s+)?register\b(?!\s+(?:for|in|into|with|to|at|my|the)\b)",
            r"\bresign\s+(?:from\s+)?(?:all|every|each)\b",
            # "Inactive for now.", "Active again from today": a standing said alone.
            r"^\s*(?:in)?active\s+(?:for\s+now|for\s+the\s+time\s+being|from\s+(?:now|today)|"
            r"until\s+further\s+notice|again|as\s+of\s+(?:now|today))\b",
            # "I rejoin Agora", "I re-register": registering again, told when not read.
            r"^\s*I\s+(?:hereby\s+)?(?:re-?join|join|enter)\s+Agora\b|\bre-register\b",
            # "i want to quit agora": leaving Agora, however hedged, is told.
            r"^\s*I\b[^.]{0,30}?\b(?:quit|leave|exit|depart\s+from)\s+Agora\b",
            # "I become the Surveyor": an office taken by announcement, which no rule allows.
            rf"^\s*I\s+(?:hereby\s+)?become\s+(?:the\s+)?(?:new\s+)?{_OFFICES}\b",
            # "This message is my resignation ...", told when not read.
            r"\bmy\s+(?:formal\s+)?resignation\b",
            rf"\bdeputi[sz]e\b.*\b{_OFFICES}\b",
            # ... and deputising with nothing said of the office ("I deputise."); for an
            # office the referee does not keep, it is Agora's business ("for the Rulekeepor").
            r"^\s*I\s+(?:hereby\s+)?(?:temporarily\s+)?deputi[sz]e\b(?!\s+(?:for|as)\b)",
        )
    ),
    re.IGNORECASE,
)


# Standing and offices in other words, told when not understood ("I switch myself to
# inactive", "I cease to be a player", "I quit the Surveyor office"); anchored, so that
# the search above stays as cheap as it was.
_LOOKS_TOO = re.compile(
    # The Registrar addressed first ("Registrar, please mark me as active") is still told.
    r"\s*(?:(?:dear\s+)?(?:registrar|officers?|[A-Za-z][\w\-]*)\s*[,:!]\s*)?(?:[\w\-]+\s+is\s+hereby\s+(?:(?:de|re)?activated|deregistered)\b|my\s+activity\b|count\s+me\s+as\s+(?:in)?active\b|(?:please\s+)?accept\s+my\s+resignation\b|(?:please\s+)?(?:set|record|mark|flip|switch|make|list)\s+me\b.*"
    r"\b(?:in)?active\b|I\b(?:['\u2019]?m|\s+am)?(?:\s+(?:step(?:ping)?|stand(?:ing)?)\s+(?:down|aside)\b|\s+become\s+(?:in)?a[a-z]{3,6}\b|"
    r"\s+(?:quit|leave|exit|withdraw\s+from|depart\s+from)\s+Agora\b|"
    # "I become whatever.": a change of standing to no standing.
    r"(?:\s+hereby)?\s+become\s+\w+\s*[.!]*$|.*\bappoint\b.*\bsuccessor\b|\s+\w+\s+my\s+resignation\b|"
    rf"\s+(?:resign|step\s+down|stand\s+down|abdicate|retire)\s+(?:as|from)\s+(?:the\s+)?(?:{SLIPPED_OFFICE})\b|"
    rf"\s+(?:designate|yield|cede|nominate|elect|choose|pick|select)\b.*\b{_OFFICES}\b|"
    # A switch flipped, however little is said of it ("I flip Murphy to.").
    r"(?:\s+hereby)?\s+flip\b|\s+cease\s+being\b|\s+(?:cease\s+to\s+be|stop\s+being)\s+(?:a\s+)?player\b|"
    rf"\s+(?:quit|leave|vacate|relinquish|give\s+up|hand|give|pass)\b.*\b{_OFFICES}(?:ship)?\b))",
    re.IGNORECASE,
)


def _ends_in_a_standing(sentence: str) -> bool:
    """ "I ... active" or "I ... inactive": a change of standing in some other words."""
    end = sentence.rstrip(" .!")
    return end[-6:].casefold() == "active" and _SPEAKER.match(sentence) is not None


_SPEAKER = re.compile(r"\s*I\b")


class RegisterGame(Game[RegisterState]):
    kind: ClassVar[str] = "register"
    grammar: ClassVar[str] = "register.lark"
    lexicon_module: ClassVar[str | None] = "referee.games.register.lexicon"
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
        return RULESETS

    def initial_state(self) -> RegisterState:
        return RegisterState(
            players={name: Standing(**vars(s)) for name, s in self._players.items()},
            offices=dict(self._offices),
        )

    # -- parsing ---------------------------------------------------------------------------

    def looks_like_action(self, sentence: str) -> bool:
        return (
            _LOOKS.search(sentence) is not None
            or _LOOKS_TOO.match(sentence) is not None
            or _ends_in_a_standing(sentence)
        )

    def transform(self, tree: Any, source: SourceText) -> list[Action]:
        # Imported on first use: a command that only shows a stored state needs no parser.
        from referee.games.register.transform import sentence_actions

        return sentence_actions(tree, source)

    # -- rules -----------------------------------------------------------------------------

    def handlers(self) -> Mapping[type[Action], Handler[RegisterState, Any]]:
        return {
            Appoint: Handler(self._check_appoint, _appoint),
            Resign: Handler(self._check_resign, _resign),
            SetActivity: Handler(self._check_activity, _set_activity),
            Deregister: Handler(self._check_deregister, _deregister),
            RegisterSelf: Handler(self._check_register_self, _never),
            Deputise: Handler(self._check_deputise, _never),
        }

    def _check_register_self(
        self, state: RegisterState, action: RegisterSelf, context: Context
    ) -> None:
        actor = _actor(context)
        standing = state.players.get(actor)
        if standing is not None and standing.registered:
            raise IllegalAction(
                f"{actor} is already a registered player, so there is nothing to do "
                f'({"active" if standing.active else "inactive"}; "I become active" changes '
                "that)",
                quotes.REGISTERING,
            )
        raise IllegalAction(
            f"{actor} is not registered, and the referee registers no one by mail: players "
            "are registered in its configuration (Agora's registration rule is not among the "
            "texts it implements); ask the Registrar or the operator",
            quotes.REGISTERING,
        )

    def _check_deputise(self, state: RegisterState, action: Deputise, context: Context) -> None:
        holder = self._office(state, action.office)
        actor = _actor(context)
        task = f' ("{action.task}")' if action.task else ""
        if action.office in context.offices or holder == actor:
            raise IllegalAction(
                f"{actor} holds the office of {action.office}, so there is no one to deputise "
                f"for: announce the act itself{task}",
                quotes.OFFICES,
            )
        held = f"{holder} holds it" if holder else "it is vacant"
        raise IllegalAction(
            f"the act{task} is the {action.office}'s, and the condition is not met: "
            f"{actor} does not hold the office of {action.office} ({held}). Deputisation "
            "(Agora's rule 2160) is not among the texts the referee implements, so an "
            "office's acts are done here only by its holder or an administrator",
            quotes.OFFICES,
        )

    def _check_appoint(self, state: RegisterState, action: Appoint, context: Context) -> None:
        holder = self._office(state, action.office)
        # ``context.offices`` holds an office only for mail from the holder's own address.
        if ADMINISTRATOR not in context.offices and action.office not in context.offices:
            raise IllegalAction(
                f"only the {action.office} ({holder or 'vacant'}) or an administrator can "
                f"give that office to someone",
                quotes.OFFICES,
            )
        standing = state.players.get(action.player)
        if standing is None or not standing.registered:
            raise IllegalAction(f"{action.player} is not a registered player", quotes.OFFICES)

    def _check_resign(self, state: RegisterState, action: Resign, context: Context) -> None:
        self._office(state, action.office)
        # ``context.offices`` holds an office only for mail from the holder's own address.
        if action.office not in context.offices:
            raise IllegalAction(
                f"{_actor(context)} does not hold the office of {action.office}", quotes.OFFICES
            )

    def _check_activity(self, state: RegisterState, action: SetActivity, context: Context) -> None:
        player = self._subject(state, action.player, context)
        if state.players[player].active == action.active:
            raise IllegalAction(f"{player} is already {_activity(action)}", quotes.STANDING)

    def _check_deregister(self, state: RegisterState, action: Deregister, context: Context) -> None:
        self._subject(state, action.player, context)

    def _office(self, state: RegisterState, office: str) -> str | None:
        if office not in state.offices:
            known = ", ".join(sorted(state.offices)) or "none"
            raise IllegalAction(
                f"there is no office {office!r} here (offices: {known})", quotes.OFFICES
            )
        return state.offices[office]

    def _subject(self, state: RegisterState, named: str | None, context: Context) -> str:
        actor = _actor(context)
        player = named or actor
        if player not in state.players or not state.players[player].registered:
            raise IllegalAction(f"{player} is not a registered player", quotes.STANDING)
        admin = ADMINISTRATOR in context.offices
        if player != actor and not admin and "registrar" not in context.offices:
            raise IllegalAction(
                f"only {player}, the Registrar or an administrator can change {player}'s standing",
                quotes.STANDING,
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
            lines.append(f"  {name:<14} {picture.standing_words(standing)}")
        return "\n".join(lines) + "\n"

    def picture(self, state: RegisterState) -> StatePicture:
        return picture.state_picture(state, self.name)


def _actor(context: Context) -> str:
    return context.actor or ADMINISTRATOR


def _activity(action: SetActivity) -> str:
    return "active" if action.active else "inactive"


def _never(state: RegisterState, action: Action, context: Context) -> Outcome:
    raise AssertionError(f"{type(action).__name__} is always refused by its check")


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
