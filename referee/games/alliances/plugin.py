"""Alliances as a referee game plug-in: the :class:`AlliancesGame` class."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime
from typing import Any, ClassVar

from referee.games.alliances import membership, picture, quotes, report
from referee.games.alliances.actions import LeaveAlliance
from referee.games.alliances.joining import Joining
from referee.games.alliances.rulesets import NONPLAYER_MEMBERS_EXCUSED, RULESETS
from referee.games.alliances.state import (
    AlliancesState,
    AlliancesView,
    dump_state,
    load_state,
    view_state,
)
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
    Tick,
)
from referee.games.kit.picture import StatePicture
from referee.games.tabled import TABLED_ACTIONS, TabledParameters

EXPIRY_TICK = "intent-expiry"

# An alliance action names an alliance, or an intent by number; "I do so" performs one.
# A bare "I support" or an intent to do something else ("I intend to ratify ...") is Agora
# business outside the game, and is left alone.
_ACTION_WORDS = re.compile(
    r"\balliances?\b|\bintent(?:ion)?s?\s*#?\s*\d|\bdo\s+so\b|\b(?:perform|do)\s+it\b|"
    # Told when not understood: an intent number left out, an alliance left out.
    r"^\s*I\s+(?:support|object\s+to|perform|resolve|enact|withdraw(?:\s+my)?)\s+(?:the\s+)?intent\s*$|^\s*I\s+intend\b(?:\s*,[^,]{0,60},\s*|\s*\([^)]{0,60}\)\s*|\s+)to\s+join\b|"
    # ... and an intent named in a way no rule knows ("whatever intent Janet makes").
    r"^\s*I\s+(?:support|object\s+to)\b[^.]*\bintents?\b|"
    # ... or by its place, with no "I" ("Support the first, object to the second").
    r"^\s*(?:I\s+)?(?:support|object\s+to)\s+(?:the\s+)?(?:first|second|third|last|latter|former)\b",
    re.IGNORECASE,
)
# ... an intent named by its sponsor ("my support for Janet's last intent"), and an
# alliance named in a way no rule knows ("I ally with the Jade faction"); anchored.
_ACTION_WORDS_TOO = re.compile(
    r"\s*I\s+(?:(?:withdraw|retract|perform)\b[^.]*\b(?:my|[\w\-]+['\u2019]s?)\s+(?:\w+\s+)?"
    r"intent(?:ion)?s?\b(?!\s+to\b)|(?:ally|allie|align)\b|"
    # ... an intent left out or named in a way no rule knows ("I support 12", "I support
    # whatever Janet intends").
    r"(?:support|object\s+to)\s+#?\d+\s*$|(?:support|object\s+to)\b.*\bintends\b|"
    # ... or before another answer ("Support 4, object 5", read as "I support 4, ..."), ...
    r"(?:support|object(?:\s+to)?)\s+#?\d+\s*(?:[,;&]|and\b|$)|"
    # ... an intent named by its place among those quoted ("I support the first one"), told
    # (the answer names no intent the reader can find) ...
    r"(?:support|object\s+to)\s+(?:the\s+)?(?:first|second|third|last|latter|former)\s+(?:one|intent)\b|"
    # ... and an intent to join withdrawn, the alliance left out ("my intent to join.").
    r"withdraw\b[^.]*\bintent(?:ion)?\s+to\s+join\b)",
    re.IGNORECASE,
)


class AlliancesGame(Game[AlliancesState]):
    """The rule "Alliances" of Proposal 7450 "Igora"; the Registrar keeps it."""

    kind: ClassVar[str] = "alliances"
    grammar: ClassVar[str] = "alliances.lark"
    lexicon_module: ClassVar[str | None] = "referee.games.alliances.lexicon"
    examples: ClassVar[tuple[str, ...]] = (
        "I intend, With the Support of all its existing members, to join Janet's alliance",
        "I intend to join alliance 3 with support",
        "I support intent 2",
        "I support nix's intent to join Janet's alliance",
        "I object to intent 2",
        "I withdraw my support for intent 2",
        "I withdraw my objection to intent 2",
        "I withdraw my intent 2",
        "I join Janet's alliance with support",
        "I perform intent 2",
        "I do so",
        "I leave my alliance",
    )
    report_template: ClassVar[str | None] = "alliances/weekly"

    refuses_while_applying: ClassVar[bool] = True
    """An intent named by its action is found among the intents as applying settles them,
    and an alliance named by a member among the players as applying meets them."""

    def __init__(self, setup: GameSetup) -> None:
        super().__init__(setup)
        self.joining = Joining(
            TabledParameters.from_ruleset(setup.ruleset),
            setup.name,
            nonplayer_members_excused=bool(setup.ruleset.option(NONPLAYER_MEMBERS_EXCUSED)),
        )

    @classmethod
    def rulesets(cls) -> Mapping[str, Ruleset]:
        return RULESETS

    def initial_state(self) -> AlliancesState:
        return AlliancesState()

    def looks_like_action(self, sentence: str) -> bool:
        return (
            _ACTION_WORDS.search(sentence) is not None
            or _ACTION_WORDS_TOO.match(sentence) is not None
        )

    def transform(self, tree: Any, source: SourceText) -> list[Action]:
        # Imported on first use: a command that only shows a stored state needs no parser.
        from referee.games.alliances.transform import sentence_actions

        return sentence_actions(tree, source)

    def handlers(self) -> Mapping[type[Action], Handler[AlliancesState, Any]]:
        tabled = Handler(self.joining.validate, self._tabled)
        table: dict[type[Action], Handler[AlliancesState, Any]] = dict.fromkeys(
            TABLED_ACTIONS, tabled
        )
        table[LeaveAlliance] = Handler(_check_author, self._leave)
        return table

    def _tabled(self, state: AlliancesState, action: Action, context: Context) -> Outcome:
        membership.meet(state, context.players)
        return self.joining.apply(state, action, context)

    def _leave(self, state: AlliancesState, action: LeaveAlliance, context: Context) -> Outcome:
        # Which alliance a name means is known only once the players have been met, so this
        # refusal is given here (the game is one that refuses while applying).
        membership.meet(state, context.players)
        assert context.actor is not None  # checked by _check_author
        if not action.alliance.mine:
            named = membership.resolve(state, action.alliance, context.actor, context.players)
            if named != state.number_of(context.actor):
                raise IllegalAction(
                    f"{context.actor} is not in {action.alliance} (alliance {named}); a person "
                    "can leave only eir own alliance",
                    quotes.cite(quotes.LEAVE),
                )
        return Outcome(membership.leave(state, context.actor))

    def next_tick(self, state: AlliancesState, after: datetime) -> Tick | None:
        at = self.joining.next_expiry(state, after)
        return None if at is None else Tick(at, EXPIRY_TICK, "an intent stops being ripe")

    def apply_tick(self, state: AlliancesState, tick: Tick, context: Context) -> Outcome | None:
        if tick.name != EXPIRY_TICK:
            return None
        expired = self.joining.expire(state, tick.at)
        if not expired:
            return None
        days = self.joining.params.ripe.days
        text = "; ".join(
            f"intent {i.number} ({i.sponsor}'s intent to {i.text}) expired, {days} days after "
            "it was tabled"
            for i in expired
        )
        return Outcome(text)

    def participants(self, state: AlliancesState) -> frozenset[str]:
        return frozenset(state.persons())

    def report_context(self, state: AlliancesState) -> dict[str, Any]:
        return report.report_context(state, self.joining)

    def view(self, state: AlliancesState) -> AlliancesView:
        return view_state(state)

    def dump(self, state: AlliancesState) -> JsonData:
        return dump_state(state)

    def load(self, data: JsonData) -> AlliancesState:
        return load_state(data)

    def render(self, state: AlliancesState, *, reveal_secrets: bool = False) -> str:
        return "\n".join(report.render_lines(state, self.joining)) + "\n"

    def picture(self, state: AlliancesState) -> StatePicture:
        return picture.state_picture(state, self.joining, self.name)


def _check_author(state: AlliancesState, action: Action, context: Context) -> None:
    if context.actor is None:
        raise IllegalAction("the referee cannot tell who sent this action")
