"""Each action of the Arcadian Tournament: a ``check`` that raises the precise refusal with
the clause quoted and never changes the state, and a ``perform`` that does the action.

Every action is by announcement (rule 478). Building a Farm, Mine or Orchard has no method
in the text but "by destroying" its currencies; the referee reads an announcement that one
builds it, with or without naming what is destroyed, as that method (docs/rulings.md, A7).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from types import MappingProxyType

from referee.clock import utc
from referee.games.arcadia import quotes
from referee.games.arcadia.actions import (
    BuildFacility,
    ClaimLand,
    DestroyFacility,
    FoodForEnergy,
    JoinTournament,
    LeaveTournament,
    Location,
)
from referee.games.arcadia.midnight import conclusion_time
from referee.games.arcadia.state import (
    AETHER,
    BLACK,
    CURRENCIES,
    LOST_AND_FOUND,
    NO_FACILITY,
    WHITE,
    ArcadiaState,
    LandUnit,
    Player,
    location_text,
    on_map,
)
from referee.games.base import Context, IllegalAction, Outcome, RuleCitation
from referee.games.kit.quotes import Passage

COSTS: Mapping[str, Mapping[str, int]] = MappingProxyType(
    {
        "Farm": MappingProxyType({"Lumber": 1, "Stone": 1}),
        "Mine": MappingProxyType({"Lumber": 2}),
        "Orchard": MappingProxyType({"Stone": 2}),
        "Monument": MappingProxyType({"Food": 20, "Stone": 20, "Lumber": 20}),
    }
)
"""What building each facility destroys."""
BUILD_ENERGY = 2
DESTROY_ENERGY = 1
JOINING_GIFT: Mapping[str, int] = MappingProxyType({"Stone": 2, "Lumber": 2})
""""are given 2 Stone and 2": the text breaks off; the referee reads Lumber (A2)."""


def _refuse(reason: str, passage: Passage | RuleCitation) -> IllegalAction:
    cited = passage if isinstance(passage, RuleCitation) else quotes.cite(passage)
    return IllegalAction(reason, cited)


def actor(context: Context) -> str:
    if context.actor is None:
        raise IllegalAction("an Arcadia action needs a player who performs it")
    return context.actor


def in_play(state: ArcadiaState, start: datetime, at: datetime) -> None:
    """Every action: the tournament has begun and has not concluded."""
    if state.no_winner_by is not None and state.ended_at is not None:
        raise IllegalAction(
            f"the tournament concluded at {state.ended_at:%Y-%m-%d %H:%M} UTC with no winner "
            f"({state.no_winner_by} concluded it without 3 objections)",
            quotes.NO_WINNER,
        )
    if state.ended_at is not None:
        # Before the 3 months, only the first Monument concludes it (monument_concludes).
        by_monument = state.winner is not None and state.ended_at < conclusion_time(start)
        why = f"{state.winner} built the first Monument" if by_monument else "3 months passed"
        cited = quotes.cite(quotes.WINS) if by_monument else quotes.CONCLUDES
        raise IllegalAction(
            f"the tournament concluded at {state.ended_at:%Y-%m-%d %H:%M} UTC ({why})", cited
        )
    if utc(at) < utc(start):
        raise IllegalAction(
            f"the tournament has not begun: it begins at {utc(start):%Y-%m-%d %H:%M} UTC",
            quotes.CONSENT,
        )


def participant(state: ArcadiaState, name: str, passage: Passage) -> Player:
    player = state.players.get(name)
    if player is None:
        raise _refuse(
            f"{name} is not a player of this tournament (join it first: "
            '"I join the Arcadian Tournament")',
            passage,
        )
    return player


def unit_at(state: ArcadiaState, location: Location) -> LandUnit:
    if not on_map(location):
        raise _refuse(
            f"there is no Land Unit at {location_text(location)}: Latitude and Longitude are "
            "whole numbers from 1 to 9",
            quotes.LOCATION,
        )
    return state.land[location]


def spend_energy(player: Player, name: str, cost: int, what: str) -> None:
    """Refuse an action that would set the player's Energy below 0."""
    if player.energy < cost:
        raise _refuse(
            f"{what} costs {cost} Energy and {name} has {player.energy}: it would set eir "
            "Energy below 0",
            quotes.BELOW_ZERO,
        )


def article(facility: str) -> str:
    return f"an {facility}" if facility[0] in "AEIOU" else f"a {facility}"


def _amounts(amounts: Mapping[str, int]) -> str:
    return " and ".join(f"{n} {c}" for c, n in amounts.items() if n) or "nothing"


# ------------------------------------------------------------------ joining and leaving


def check_join(state: ArcadiaState, a: JoinTournament, c: Context, *, start: datetime) -> None:
    in_play(state, start, c.at)
    name = actor(c)
    status = c.players.get(name)
    if status is None or not status.registered:
        raise IllegalAction(f"{name} is not a player of Agora", quotes.CONSENT)
    if name in state.players:
        raise IllegalAction(f"{name} is already a player of this tournament", quotes.CONSENT)


def join(state: ArcadiaState, energy: int, c: Context) -> Outcome:
    name = actor(c)
    player = Player(joined_at=utc(c.at), energy=energy)
    # What e was given while outside the tournament stays eirs (R5-1).
    kept = state.others.pop(name, dict.fromkeys(CURRENCIES, 0))
    for currency in CURRENCIES:
        player.currencies[currency] = kept[currency] + JOINING_GIFT.get(currency, 0)
    state.players[name] = player
    had = f" (e already had {_amounts(kept)})" if any(kept.values()) else ""
    return Outcome(
        f"{name} joined the tournament and was given {_amounts(JOINING_GIFT)}{had}; "
        f"eir Energy is {energy} until midnight"
    )


def check_leave(state: ArcadiaState, a: LeaveTournament, c: Context, *, start: datetime) -> None:
    in_play(state, start, c.at)
    name = actor(c)
    if name not in state.players:
        raise IllegalAction(f"{name} is not a player of this tournament", quotes.CONSENT)


def leave(
    state: ArcadiaState, name: str, why: str = "", *, to_lost_and_found: bool = False
) -> Outcome:
    """``name`` leaves: eir land becomes Public Land; eir currencies cease to exist, or (a
    deregistered person's, rule 2576: R3-1) pass to the Lost and Found Department."""
    player = state.players.pop(name)
    owned = state.owned_by(name)
    for _, unit in owned:
        unit.owner = None
    held = {c: player.currencies[c] for c in CURRENCIES}
    land = f"; eir {len(owned)} Land Units became Public Land" if owned else ""
    if to_lost_and_found:
        for currency, amount in held.items():
            state.lost_and_found[currency] += amount
        went = f"are now owned by {LOST_AND_FOUND} (rule 2576: an asset in abeyance)"
    else:
        went = "ceased to exist"
    lost = f"; eir {_amounts(held)} {went}" if any(held.values()) else ""
    return Outcome(f"{name} left the tournament{why}{land}{lost}")


def deregistered_outside(
    state: ArcadiaState, name: str, *, to_lost_and_found: bool
) -> Outcome | None:
    """A player of Agora outside the tournament who held its assets (R5-1) deregisters:
    they are in abeyance like a player's (R3-1), and eir land becomes Public Land (A3)."""
    held = state.others.pop(name, dict.fromkeys(CURRENCIES, 0))
    owned = state.owned_by(name)
    if not owned and not any(held.values()):
        return None
    for _, unit in owned:
        unit.owner = None
    parts = []
    if owned:
        parts.append(f"eir {len(owned)} Land Units became Public Land")
    if any(held.values()):
        if to_lost_and_found:
            for currency, amount in held.items():
                state.lost_and_found[currency] += amount
            parts.append(
                f"eir {_amounts(held)} are now owned by {LOST_AND_FOUND} (rule 2576: an asset "
                "in abeyance)"
            )
        else:
            parts.append(f"eir {_amounts(held)} ceased to exist")
    return Outcome(f"{name} was deregistered: " + "; ".join(parts))


# ------------------------------------------------------------------ claiming


def claim_cost(state: ArcadiaState, name: str) -> int:
    """One more than the claims e made since another player last claimed (before anyone
    else has claimed, all of eir claims: A4)."""
    return state.claims_since_another(name) + 1


def check_claim(state: ArcadiaState, a: ClaimLand, c: Context, *, start: datetime) -> None:
    in_play(state, start, c.at)
    name = actor(c)
    player = participant(state, name, quotes.CLAIM)
    unit = unit_at(state, a.location)
    where = location_text(a.location)
    if unit.land_type != AETHER:
        owner = unit.owner or "Agora"
        raise _refuse(
            f"the Land Unit at {where} is {unit.land_type}, not Aether (owner: {owner}); only "
            "Aether land can be claimed",
            quotes.CLAIM,
        )
    if a.land_type is not None and a.land_type != state.alternating:
        raise _refuse(
            f"a claim sets the Land Type to the Alternating Land Type, which is "
            f"{state.alternating}, not {a.land_type}",
            quotes.CLAIM,
        )
    spend_energy(player, name, claim_cost(state, name), f"claiming {where}")


def claim(state: ArcadiaState, a: ClaimLand, c: Context) -> Outcome:
    name = actor(c)
    player = state.players[name]
    cost = claim_cost(state, name)
    unit = state.land[a.location]
    unit.land_type = state.alternating
    unit.owner = name
    player.energy -= cost
    state.streak = state.streak + 1 if state.streak_player == name else 1
    state.streak_player = name
    state.alternating = WHITE if state.alternating == BLACK else BLACK
    return Outcome(
        f"{name} set the Land Type of {location_text(a.location)} to {unit.land_type} and "
        f"transferred it to emself, for {cost} Energy ({player.energy} left; claim "
        f"{state.streak} since another player's); the Alternating Land Type is now "
        f"{state.alternating}"
    )


# ------------------------------------------------------------------ facilities


def _named_costs(a: BuildFacility) -> dict[str, int] | None:
    if a.costs is None:
        return None
    named: dict[str, int] = {}
    for currency, amount in a.costs:
        named[currency] = named.get(currency, 0) + amount
    return named


def check_build(state: ArcadiaState, a: BuildFacility, c: Context, *, start: datetime) -> None:
    in_play(state, start, c.at)
    name = actor(c)
    monument = a.facility == "Monument"
    rule = quotes.MONUMENT if monument else quotes.BUILD
    player = participant(state, name, rule)
    unit = unit_at(state, a.location)
    where = location_text(a.location)
    if unit.owner != name:
        raise _refuse(
            f"{name} does not own the Land Unit at {where} (its owner is {unit.owner or 'Agora'})",
            rule,
        )
    if not monument and unit.facility != NO_FACILITY:
        raise _refuse(f"the Land Unit at {where} already has {article(unit.facility)}", rule)
    cost = COSTS[a.facility]
    named = _named_costs(a)
    if named is not None and named != dict(cost):
        raise _refuse(
            f"{article(a.facility)} is built by destroying {_amounts(cost)}, not {_amounts(named)}",
            rule,
        )
    short = {k: n - player.currencies[k] for k, n in cost.items() if player.currencies[k] < n}
    if short:
        held = _amounts({k: player.currencies[k] for k in cost})
        raise _refuse(
            f"{article(a.facility)} is built by destroying {_amounts(cost)}, and {name} has "
            f"{held or 'none of them'}",
            rule,
        )
    if not monument:
        spend_energy(player, name, BUILD_ENERGY, f"building {article(a.facility)}")


def build(
    state: ArcadiaState, a: BuildFacility, c: Context, *, monument_concludes: bool = False
) -> Outcome:
    name = actor(c)
    player = state.players[name]
    unit = state.land[a.location]
    cost = COSTS[a.facility]
    for currency, amount in cost.items():
        player.currencies[currency] -= amount
    replaced = f" in place of its {unit.facility}" if unit.facility != NO_FACILITY else ""
    unit.facility = a.facility
    where = location_text(a.location)
    if a.facility == "Monument":
        built = f"{name} destroyed {_amounts(cost)} and built a Monument at {where}{replaced}"
        if state.winner is not None:
            return Outcome(f"{built}; {state.winner} was the first to do so and won, not {name}")
        # "The first player to do so wins the tournament." The regulations never say that
        # the tournament concludes then (rule 2464), so it goes on (rulings R2-3).
        state.winner = name
        if monument_concludes:
            state.ended_at = utc(c.at)
            return Outcome(
                f"{built}: e is the first to do so, wins the tournament, and the tournament "
                "concludes"
            )
        return Outcome(
            f"{built}: e is the first to do so and wins the tournament, which goes on until "
            "3 months after it began"
        )
    player.energy -= BUILD_ENERGY
    return Outcome(
        f"{name} destroyed {_amounts(cost)} and built {article(a.facility)} at {where}, for "
        f"{BUILD_ENERGY} Energy ({player.energy} left)"
    )


def check_destroy(state: ArcadiaState, a: DestroyFacility, c: Context, *, start: datetime) -> None:
    in_play(state, start, c.at)
    name = actor(c)
    player = participant(state, name, quotes.DESTROY)
    unit = unit_at(state, a.location)
    where = location_text(a.location)
    if unit.owner != name:
        raise _refuse(
            f"{name} does not own the Land Unit at {where} (its owner is {unit.owner or 'Agora'})",
            quotes.DESTROY,
        )
    if unit.facility == NO_FACILITY:
        raise _refuse(f"the Land Unit at {where} has no facility", quotes.DESTROY)
    if a.facility is not None and a.facility != unit.facility:
        raise _refuse(
            f"the facility at {where} is {article(unit.facility)}, not {article(a.facility)}",
            quotes.DESTROY,
        )
    spend_energy(player, name, DESTROY_ENERGY, f"destroying the {unit.facility} at {where}")


def destroy(state: ArcadiaState, a: DestroyFacility, c: Context) -> Outcome:
    name = actor(c)
    player = state.players[name]
    unit = state.land[a.location]
    gone = unit.facility
    unit.facility = NO_FACILITY
    player.energy -= DESTROY_ENERGY
    return Outcome(
        f"{name} destroyed the {gone} at {location_text(a.location)}, for {DESTROY_ENERGY} "
        f"Energy ({player.energy} left)"
    )


# ------------------------------------------------------------------ Food into Energy


def check_food(state: ArcadiaState, a: FoodForEnergy, c: Context, *, start: datetime) -> None:
    in_play(state, start, c.at)
    name = actor(c)
    player = participant(state, name, quotes.FOOD)
    others = sorted({c for c, _ in a.destroyed if c != "Food"})
    if others:
        raise _refuse(f"only Food increases Energy, not {' or '.join(others)}", quotes.FOOD)
    amount = food_amount(a)
    if a.energy is not None and a.energy != amount:
        raise _refuse(
            f"destroying {amount} Food increases Energy by {amount}, not {a.energy}",
            quotes.FOOD,
        )
    if player.currencies["Food"] < amount:
        raise _refuse(f"{name} has {player.currencies['Food']} Food, not {amount}", quotes.FOOD)


def food_amount(a: FoodForEnergy) -> int:
    return sum(n for _, n in a.destroyed)


def food(state: ArcadiaState, a: FoodForEnergy, c: Context) -> Outcome:
    name = actor(c)
    player = state.players[name]
    amount = food_amount(a)
    if amount == 0:  # rule 2577: "Attempts to destroy no assets are successful" (R2-5)
        return Outcome(
            f"{name} destroyed no Food, so eir Energy stays {player.energy} (rule 2577: an "
            "attempt to destroy no assets succeeds)"
        )
    player.currencies["Food"] -= amount
    player.energy += amount
    return Outcome(
        f"{name} destroyed {amount} Food and increased eir Energy by {amount} to {player.energy}"
    )
