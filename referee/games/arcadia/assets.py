"""Rule 2577's transfer of Arcadia's assets: an owner transfers (gives) Food, Stone, Lumber or
a Land Unit to another entity by announcement. The tournament's text is silent on it, so the
framework rule's "generally CAN" holds: the currencies and Land Units are liquid (rulings
R4-1).

Whom an asset may go to is rule 2576's: Arcadia is silent on who can own its assets, so
"Agora, players, and contracts". The referee keeps the currencies of the tournament's
players (and of the Lost and Found Department) only; a transfer of currencies to another
player or to Agora is refused as not kept, saying that an officer records it by a correction,
rather than being performed wrongly. A Land Unit given to Agora becomes Public Land.
"""

from __future__ import annotations

from datetime import datetime

from referee.games.arcadia import quotes
from referee.games.arcadia.actions import TransferCurrencies, TransferLand
from referee.games.arcadia.rules import actor, in_play, unit_at
from referee.games.arcadia.state import AGORA, ArcadiaState, location_text
from referee.games.base import Context, IllegalAction, Outcome, RuleCitation

_SELF = frozenset({"myself", "me", "emself"})


def _total(amounts: tuple[tuple[str, int], ...]) -> dict[str, int]:
    total: dict[str, int] = {}
    for currency, amount in amounts:
        total[currency] = total.get(currency, 0) + amount
    return total


def _listed(total: dict[str, int]) -> str:
    return " and ".join(f"{n} {c}" for c, n in total.items() if n) or "nothing"


def _recipient(state: ArcadiaState, written: str, giver: str, c: Context) -> str:
    """The person (or Agora) ``written`` names, as the tournament and the Register spell it;
    refused when it names the giver emself or no entity that can own the asset."""
    folded = written.casefold()
    if folded in _SELF or folded == giver.casefold():
        raise IllegalAction(
            f"{giver} already owns it: a transfer is to another entity", quotes.TRANSFER
        )
    if folded == AGORA.casefold():
        return AGORA
    for name in (*state.players, *c.players):
        if name.casefold() == folded:
            status = c.players.get(name)
            if status is None or not status.registered:
                raise IllegalAction(
                    f"{name} is not a player, and Arcadia's assets can be owned by Agora, "
                    "players and contracts only",
                    quotes.OWNERS,
                )
            return name
    raise IllegalAction(
        f"{written} is not a player (the referee knows no such person), and Arcadia's assets "
        "can be owned by Agora, players and contracts only",
        quotes.OWNERS,
    )


def _owner(state: ArcadiaState, c: Context, passage: RuleCitation) -> str:
    name = actor(c)
    if name not in state.players:
        raise IllegalAction(
            f"{name} owns no assets of this tournament (e is not one of its players)", passage
        )
    return name


def _check_held(state: ArcadiaState, name: str, total: dict[str, int], what: str) -> None:
    player = state.players[name]
    short = [c for c, n in total.items() if player.currencies[c] < n]
    if short:
        held = " and ".join(f"{player.currencies[c]} {c}" for c in short)
        raise IllegalAction(
            f"{name} has {held}, so e cannot {what} {_listed(total)}",
            quotes.TRANSFER,
        )


def check_transfer(
    state: ArcadiaState, a: TransferCurrencies, c: Context, *, start: datetime
) -> None:
    in_play(state, start, c.at)
    name = _owner(state, c, quotes.TRANSFER)
    total = _total(a.amounts)
    to = _recipient(state, a.recipient, name, c)
    if to not in state.players and any(total.values()):
        whom = "Agora" if to == AGORA else f"{to}, who is not a player of this tournament"
        raise IllegalAction(
            f"the referee keeps Arcadia's currencies only for the tournament's players, so it "
            f"does not record a transfer to {whom}; an officer records it by a correction",
            quotes.OWNERS,
        )
    _check_held(state, name, total, "transfer")


def transfer(state: ArcadiaState, a: TransferCurrencies, c: Context) -> Outcome:
    name = actor(c)
    to = _recipient(state, a.recipient, name, c)
    total = _total(a.amounts)
    if not any(total.values()):
        return Outcome(
            f"{name} transferred no assets to {to} (rule 2577: an attempt to transfer no "
            "assets succeeds)"
        )
    giver, taker = state.players[name], state.players[to]
    for currency, amount in total.items():
        giver.currencies[currency] -= amount
        taker.currencies[currency] += amount
    return Outcome(f"{name} transferred {_listed(total)} to {to}")


def check_transfer_land(
    state: ArcadiaState, a: TransferLand, c: Context, *, start: datetime
) -> None:
    in_play(state, start, c.at)
    name = _owner(state, c, quotes.TRANSFER)
    unit = unit_at(state, a.location)
    if unit.owner != name:
        raise IllegalAction(
            f"{name} does not own the Land Unit at {location_text(a.location)} (its owner is "
            f"{unit.owner or 'Agora'})",
            quotes.TRANSFER,
        )
    to = _recipient(state, a.recipient, name, c)
    if to != AGORA and to not in state.players:
        # A Land Unit "belonging to any other entity" is Private Land, but the referee's Map
        # knows the tournament's players and Agora only.
        raise IllegalAction(
            f"the referee keeps the Map's owners among the tournament's players and Agora, "
            f"so it does not record a transfer to {to}, who is not a player of this "
            "tournament; an officer records it by a correction",
            quotes.OWNERS,
        )


def transfer_land(state: ArcadiaState, a: TransferLand, c: Context) -> Outcome:
    name = actor(c)
    to = _recipient(state, a.recipient, name, c)
    unit = state.land[a.location]
    unit.owner = None if to == AGORA else to
    public = " (it is now Public Land)" if to == AGORA else ""
    return Outcome(
        f"{name} transferred the Land Unit at {location_text(a.location)} to {to}{public}"
    )
