"""Becoming and ceasing to be a participant (by announcement, or on becoming inactive)."""

from __future__ import annotations

from referee.clock import utc
from referee.games.base import Context, Outcome, PlayerStatus
from referee.games.commune import assets
from referee.games.commune.actions import BecomeParticipant, CeaseParticipant
from referee.games.commune.common import actor_name, join_words, participant, reject
from referee.games.commune.rulesets import INACTIVE_CANNOT_JOIN, Rules
from referee.games.commune.state import CommuneState, Participant


def check_become(
    state: CommuneState, rules: Rules, action: BecomeParticipant, context: Context
) -> None:
    name = actor_name(context)
    status = context.players.get(name)
    if status is None or not status.registered:
        reject(rules, "join", f"{name} is not a player of Agora, so cannot become a participant")
    if not status.active and rules.on(INACTIVE_CANNOT_JOIN):
        reject(rules, "join", f"{name} is an inactive player, so cannot become a participant")
    if name in state.participants:
        reject(rules, "join", f"{name} is already a participant")


def become(
    state: CommuneState, rules: Rules, action: BecomeParticipant, context: Context
) -> Outcome:
    name = actor_name(context)
    status = context.players[name]
    state.participants[name] = Participant(name=name, joined_at=utc(context.at))
    note = "" if status.active else " (inactive: Clean-Up destroys any asset e would get)"
    return Outcome(f"{name} became a participant{note}")


def _ceased(state: CommuneState, name: str, why: str) -> Outcome:
    destroyed, withdrawn = assets.cease(state, name)
    lost = f"; destroyed: {join_words(destroyed)}" if destroyed else ""
    offers = "".join(f"; {note}" for note in withdrawn)
    return Outcome(f"{name} ceased to be a participant{why}{lost}{offers}")


def check_cease(
    state: CommuneState, rules: Rules, action: CeaseParticipant, context: Context
) -> None:
    participant(state, rules, actor_name(context), "cease")


def cease(state: CommuneState, rules: Rules, action: CeaseParticipant, context: Context) -> Outcome:
    return _ceased(state, actor_name(context), "")


def status_changed(state: CommuneState, status: PlayerStatus) -> Outcome | None:
    """A participant who becomes inactive ceases to be one (v1.2 and v1.3 alike). One who
    is deregistered also ceases: a participant must be a player, and Clean-Up would destroy
    all eir assets anyway."""
    if status.name not in state.participants or state.over:
        return None
    if not status.registered:
        return _ceased(state, status.name, " on being deregistered")
    if not status.active:
        return _ceased(state, status.name, " on becoming inactive in Agora")
    return None
