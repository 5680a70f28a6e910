"""Rule 2577's transfer of Arcadia's assets: an owner transfers (gives) Food, Stone, Lumber or
a Land Unit to another entity by announcement. The tournament's text is silent on it, so the
framework rule's "generally CAN" holds: the currencies and Land Units are liquid (rulings
R4-1).

Whom an asset may go to is rule 2576's: Arcadia is silent on who can own its assets, so
"Agora, players, and contracts". A transfer to Agora or to a player of Agora who is not in
the tournament is recorded in that owner's purse outside the tournament (R5-1), and such an
owner may give it on in turn; a Land Unit given to Agora becomes Public Land, one given to
any other player is eir Private Land. The referee knows no contract as an owner: a name it
does not know is refused.
"""

from __future__ import annotations

from datetime import datetime

from referee.games.arcadia import quotes
from referee.games.arcadia.actions import TransferCurrencies, TransferLand
from referee.games.arcadia.rules import actor, in_play, unit_at
from referee.games.arcadia.state import AGORA, CURRENCIES, ArcadiaState, location_text
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
    if name not in state.players and name not in state.others:
        raise IllegalAction(
            f"{name} owns no currencies of this tournament (e is not one of its players, and "
            "no one has given em any)",
            passage,
        )
    return name


def _held(state: ArcadiaState, owner: str) -> dict[str, int]:
    player = state.players.get(owner)
    if player is not None:
        return player.currencies
    return state.others.get(owner, dict.fromkeys(CURRENCIES, 0))


def _check_held(state: ArcadiaState, name: str, total: dict[str, int], what: str) -> None:
    purse = _held(state, name)
    short = [c for c, n in total.items() if purse[c] < n]
    if short:
        held = " and ".join(f"{purse[c]} {c}" for c in short)
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
    _recipient(state, a.recipient, name, c)
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
    giver, taker = state.purse(name), state.purse(to)
    for currency, amount in total.items():
        giver[currency] -= amount
        taker[currency] += amount
    state.tidy_others()
    outside = "" if to in state.players or to == AGORA else " (not a player of this tournament)"
    return Outcome(f"{name} transferred {_listed(total)} to {to}{outside}")


def check_transfer_land(
    state: ArcadiaState, a: TransferLand, c: Context, *, start: datetime
) -> None:
    in_play(state, start, c.at)
    name = actor(c)
    unit = unit_at(state, a.location)
    if unit.owner != name:
        raise IllegalAction(
            f"{name} does not own the Land Unit at {location_text(a.location)} (its owner is "
            f"{unit.owner or 'Agora'})",
            quotes.TRANSFER,
        )
    # A Land Unit "belonging to any other entity" is Private Land: a player of Agora outside
    # the tournament may own it (R5-1).
    _recipient(state, a.recipient, name, c)


def transfer_land(state: ArcadiaState, a: TransferLand, c: Context) -> Outcome:
    name = actor(c)
    to = _recipient(state, a.recipient, name, c)
    unit = state.land[a.location]
    unit.owner = None if to == AGORA else to
    public = " (it is now Public Land)" if to == AGORA else ""
    return Outcome(
        f"{name} transferred the Land Unit at {location_text(a.location)} to {to}{public}"
    )
