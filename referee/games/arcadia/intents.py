"""The tournament's tabled actions, through the tabled-action library: concluding the
Arcadian Tournament with no winner (below), and the Lost and Found Department's assets
(:mod:`referee.games.arcadia.lost_found`, R4-2), in one intent book.

Rule 2566: "A free tournament CAN be concluded with no winner without 3 objections." The
Arcadian Tournament is a Free Tournament (the contract begins it under rule 2566). The rule
names no one, so by rules 1728 and 2124 any person may table the intent, every player may
support or object, and its sponsor performs it once it is mature and ripe with fewer than 3
objectors. Performing it concludes the tournament at that instant; a winner already
determined (the first Monument, R2-3) has won and stays recorded (rule 2464: "Each time
that one or more winners of a tournament are determined before it concludes, that person or
those persons win the game"). The SHOULD that follows ("only ... if it is clear that its
regulations are malformed ...") is a duty, not a condition of the power: it is not checked
(rulings R4-3).
"""

from __future__ import annotations

from datetime import datetime

from referee.clock import utc
from referee.games.arcadia import lost_found, quotes
from referee.games.arcadia.actions import ConcludeNoWinner, LostAndFound
from referee.games.arcadia.midnight import conclusion_time
from referee.games.arcadia.state import ArcadiaState
from referee.games.base import Action, Context, IllegalAction, JsonData, Outcome
from referee.games.tabled import (
    Authorization,
    Authorized,
    Intent,
    IntentBook,
    Method,
    MethodKind,
    Proposal,
    TabledParameters,
    TabledProcedure,
)

WITHOUT_3_OBJECTIONS = (Method(MethodKind.OBJECTIONS, n_tenths=30),)


class TournamentIntents(TabledProcedure[ArcadiaState]):
    """The tabled-action procedure, as the tournament uses it."""

    def __init__(self, params: TabledParameters, game: str, start: datetime) -> None:
        super().__init__(params, game)
        self.start = start

    def book(self, state: ArcadiaState) -> IntentBook:
        return state.intents

    def proposal(self, state: ArcadiaState, action: Action, context: Context) -> Proposal:
        if isinstance(action, LostAndFound):
            return lost_found.proposal(state, action, context)
        if not isinstance(action, ConcludeNoWinner):
            raise IllegalAction(f"{action.verb} is not a tabled action of the tournament")
        return Proposal(
            {"conclude": "no winner"}, "conclude the Arcadian Tournament with no winner"
        )

    def authorized(self, state: ArcadiaState, data: JsonData) -> Authorized:
        if "lost" in data:
            return Authorized(lost_found.WITHOUT_OBJECTION, quotes.LOST_AND_FOUND_POWER)
        return Authorized(WITHOUT_3_OBJECTIONS, quotes.NO_WINNER)

    def check_tabling(
        self, state: ArcadiaState, data: JsonData, sponsor: str, context: Context
    ) -> None:
        self._in_play(state, context)
        if "lost" in data:  # "by any player"
            lost_found.check_player(sponsor, context)

    def check_performer(
        self, state: ArcadiaState, intent: Intent, performer: str, context: Context
    ) -> None:
        self._in_play(state, context)
        if "lost" in intent.action:
            lost_found.check_player(performer, context)
            lost_found.check_performance(state, intent.action, context)

    def _in_play(self, state: ArcadiaState, context: Context) -> None:
        if state.ended_at is not None:
            raise IllegalAction(
                f"the tournament concluded at {state.ended_at:%Y-%m-%d %H:%M} UTC already",
                quotes.NO_WINNER,
            )
        if utc(context.at) < utc(self.start):
            raise IllegalAction("the tournament has not begun", quotes.NO_WINNER)

    def perform(
        self,
        state: ArcadiaState,
        intent: Intent,
        authorization: Authorization,
        context: Context,
    ) -> Outcome:
        performer = str(context.actor)
        if "lost" in intent.action:
            return lost_found.perform(state, intent.action, performer)
        state.ended_at = utc(context.at)
        state.no_winner_by = performer
        won = (
            f"; {state.winner}, who built the first Monument, has won already (rule 2464)"
            if state.winner is not None
            else ""
        )
        early = utc(context.at) < conclusion_time(self.start)
        when = " before its 3 months" if early else ""
        return Outcome(
            f"{performer} concluded the Arcadian Tournament with no winner{when} (rule 2566, "
            f"without 3 objections){won}"
        )
