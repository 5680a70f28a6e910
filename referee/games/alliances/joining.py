"""Joining an alliance "With the Support of all its existing members", through the shared
tabled-action procedure (rules 1728 and 2124).

The game tells the procedure what it cannot know: an intent's action is joining one
numbered alliance (``{"join": 3}``), the method is the rule's With the Support of all its
existing members, only that alliance's members at each moment may support and their
support is counted when the action is performed, and only the joiner emself can perform
it (docs/rulings.md, "Alliances").
"""

from __future__ import annotations

from referee.games.alliances import membership, quotes
from referee.games.alliances.actions import JoinAlliance, LeaveAlliance
from referee.games.alliances.state import AlliancesState
from referee.games.base import Action, Context, IllegalAction, JsonData, Outcome
from referee.games.tabled import (
    Authorization,
    Authorized,
    Electorate,
    Intent,
    IntentBook,
    Method,
    MethodKind,
    Proposal,
    TabledParameters,
    TabledProcedure,
)

EVERYONE = "all its existing members"
JOIN_METHOD = (Method(MethodKind.SUPPORT, of_all=True),)


def _target(data: JsonData) -> int:
    return int(data["join"])


class Joining(TabledProcedure[AlliancesState]):
    """The tabled-action procedure, as Alliances uses it for joining."""

    def __init__(
        self, params: TabledParameters, game: str, *, nonplayer_members_excused: bool = False
    ) -> None:
        super().__init__(params, game)
        self.nonplayer_members_excused = nonplayer_members_excused

    def book(self, state: AlliancesState) -> IntentBook:
        return state.intents

    def proposal(self, state: AlliancesState, action: Action, context: Context) -> Proposal:
        if isinstance(action, LeaveAlliance):
            raise IllegalAction(
                'leaving an alliance needs no intent: it is done by announcement ("I leave my '
                'alliance")',
                quotes.cite(quotes.LEAVE),
            )
        if not isinstance(action, JoinAlliance):
            raise IllegalAction(f"{action.verb} is not an action of Alliances")
        assert context.actor is not None
        number = membership.resolve(state, action.alliance, context.actor, context.players)
        return Proposal({"join": number}, f"join {membership.describe(state, number)}")

    def authorized(self, state: AlliancesState, data: JsonData) -> Authorized:
        return Authorized(JOIN_METHOD, quotes.cite(quotes.JOIN), EVERYONE)

    def supporters(self, state: AlliancesState, data: JsonData, context: Context) -> Electorate:
        """The existing members: all must support, and only those who are players can
        (rule 2124: "a player CAN ... become a supporter"). A member who is not a player
        blocks the join as written; option ``nonplayer_members_excused`` leaves em out."""
        number = _target(data)
        members = state.alliances.get(number, [])
        players = frozenset(
            m for m in members if m in context.players and context.players[m].registered
        )
        return Electorate(
            players if self.nonplayer_members_excused else frozenset(members),
            f"the existing members of alliance {number}",
            quotes.cite(quotes.JOIN),
            respondents=players,
        )

    def check_tabling(
        self, state: AlliancesState, data: JsonData, sponsor: str, context: Context
    ) -> None:
        number = _target(data)
        if sponsor in state.alliances.get(number, []):
            raise IllegalAction(
                f"{sponsor} is already a member of alliance {number}",
                quotes.cite(quotes.EXACTLY_ONE),
            )

    def check_performer(
        self, state: AlliancesState, intent: Intent, performer: str, context: Context
    ) -> None:
        if performer != intent.sponsor:
            raise IllegalAction(
                f"intent {intent.number} is {intent.sponsor}'s intent to join; only "
                f"{intent.sponsor} can join an alliance for emself, so only e can perform it",
                quotes.cite(quotes.JOIN),
            )
        number = _target(intent.action)
        if number not in state.alliances:
            raise IllegalAction(
                f"alliance {number} no longer exists: it became empty", quotes.cite(quotes.EMPTY)
            )

    def perform(
        self,
        state: AlliancesState,
        intent: Intent,
        authorization: Authorization,
        context: Context,
    ) -> Outcome:
        return Outcome(membership.join(state, intent.sponsor, _target(intent.action)))
