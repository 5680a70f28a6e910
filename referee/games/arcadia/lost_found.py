"""The Lost and Found Department's Food, Stone and Lumber, transferred or destroyed "by any
player without objection" (rule 2576), a tabled action of the tournament (rulings R4-2).

Any player may table it, naming the amounts and, for a transfer, the recipient; every player
may object; its sponsor performs it once it is mature and ripe with no objector, while e is a
player. The Department must hold the amounts then, and the recipient must be Agora or a
player of Agora then (rule 2576; R5-1), in the tournament or not.
"""

from __future__ import annotations

from referee.games.arcadia import quotes
from referee.games.arcadia.actions import LostAndFound
from referee.games.arcadia.state import AGORA, LOST_AND_FOUND, ArcadiaState
from referee.games.base import Context, IllegalAction, JsonData, Outcome
from referee.games.tabled import Method, MethodKind, Proposal

WITHOUT_OBJECTION = (Method(MethodKind.OBJECTIONS, n_tenths=10),)
_SELF = frozenset({"me", "myself", "emself"})


def _listed(amounts: dict[str, int]) -> str:
    return " and ".join(f"{n} {c}" for c, n in amounts.items() if n) or "nothing"


def proposal(state: ArcadiaState, action: LostAndFound, context: Context) -> Proposal:
    amounts: dict[str, int] = {}
    for currency, amount in action.amounts:
        amounts[currency] = amounts.get(currency, 0) + amount
    what = f"{_listed(amounts)} owned by {LOST_AND_FOUND}"
    if action.recipient is None:
        return Proposal({"lost": "destroy", "amounts": amounts}, f"destroy {what}")
    to = recipient(state, action.recipient, context)
    return Proposal({"lost": "transfer", "amounts": amounts, "to": to}, f"transfer {what} to {to}")


def recipient(state: ArcadiaState, written: str, context: Context) -> str:
    """The owner ``written`` names ("me": the author): Agora, or a player of Agora, in the
    tournament or not (rule 2576: R5-1)."""
    folded = written.casefold()
    if folded in _SELF and context.actor is not None:
        folded = context.actor.casefold()
    if folded == AGORA.casefold():
        return AGORA
    for name in (*state.players, *context.players):
        if name.casefold() == folded:
            status = context.players.get(name)
            if status is not None and status.registered:
                return name
    raise IllegalAction(
        f"{written} is not a player, and Arcadia's assets can be owned by Agora, players and "
        "contracts only",
        quotes.OWNERS,
    )


def check_player(name: str, context: Context) -> None:
    status = context.players.get(name)
    if status is None or not status.registered:
        raise IllegalAction(
            f"{name} is not a player: only a player can do this", quotes.LOST_AND_FOUND_POWER
        )


def check_performance(state: ArcadiaState, data: JsonData, context: Context) -> None:
    amounts: dict[str, int] = dict(data["amounts"])
    short = [c for c, n in amounts.items() if state.lost_and_found[c] < n]
    if short:
        held = " and ".join(f"{state.lost_and_found[c]} {c}" for c in short)
        raise IllegalAction(
            f"{LOST_AND_FOUND} owns {held}, not {_listed(amounts)}", quotes.LOST_AND_FOUND_POWER
        )
    if data["lost"] == "transfer" and data["to"] != AGORA:
        status = context.players.get(str(data["to"]))
        if status is None or not status.registered:
            raise IllegalAction(f"{data['to']} is no longer a player", quotes.OWNERS)


def perform(state: ArcadiaState, data: JsonData, performer: str) -> Outcome:
    amounts: dict[str, int] = dict(data["amounts"])
    for currency, amount in amounts.items():
        state.lost_and_found[currency] -= amount
    if data["lost"] == "destroy":
        return Outcome(f"{performer} destroyed {_listed(amounts)} owned by {LOST_AND_FOUND}")
    to = str(data["to"])
    purse = state.purse(to)
    for currency, amount in amounts.items():
        purse[currency] += amount
    return Outcome(f"{performer} transferred {_listed(amounts)} from {LOST_AND_FOUND} to {to}")
