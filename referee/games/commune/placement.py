"""Placing a tile: payment, founding, joining a community, or a merger."""

from __future__ import annotations

from referee.games.base import Context, Outcome
from referee.games.commune import assets
from referee.games.commune.actions import PlaceTile
from referee.games.commune.board import neighbours, normalise_location
from referee.games.commune.common import (
    a_symbol,
    actor_name,
    can_hold,
    join_words,
    participant,
    plural,
    reject,
)
from referee.games.commune.ending import check_majority
from referee.games.commune.merger import Award, apply_merger, plan_merger
from referee.games.commune.rulesets import (
    FOUNDING_TILE_JOINS,
    LIMIT_BEFORE_FOUNDING,
    LIMIT_INCLUDES_ABOVE,
    MERGER_TILE_JOINS,
    TIEBREAK_PLACEMENTS_ONLY,
    Rules,
)
from referee.games.commune.state import CommuneState, Community, Participant


def check_place_tile(
    state: CommuneState, rules: Rules, action: PlaceTile, context: Context
) -> None:
    _checked(state, rules, action, context)


def _checked(
    state: CommuneState, rules: Rules, action: PlaceTile, context: Context
) -> tuple[Participant, str, set[int]]:
    """The payer, the location and the communities next to it, once every check has passed."""
    name = actor_name(context)
    player = participant(state, rules, name, "place")
    try:
        location = normalise_location(action.location)
    except ValueError:
        reject(
            rules,
            "board",
            f"{action.location} is not a location on the playboard (columns A-J, rows 0-9)",
        )
    if location in state.board:
        reject(rules, "empty", f"{location} is not empty: a tile has already been placed there")
    letter, number = location[0], location[1]
    if action.paying is not None and sorted(action.paying) != sorted((letter, number)):
        paid = join_words(list(action.paying))
        reject(
            rules,
            "place",
            f"a tile at {location} is paid for with one {letter} and one {number} token, "
            f"not {paid}",
        )
    missing = [s for s in (letter, number) if player.token_count(s) == 0]
    if missing:
        reject(
            rules,
            "place",
            f"{name} has no {join_words(missing)} token to pay for a tile at {location}",
        )
    involved = {
        owner for near in neighbours(location) if (owner := state.board.get(near)) is not None
    }
    if not involved:
        founded = state.founded_by(name)
        if founded:
            reject(
                rules,
                "founder_cannot_found",
                f"a tile at {location} would found a new community, and {name} is already "
                f"the founder of {founded[0].label}",
            )
    return player, location, involved


def place_tile(state: CommuneState, rules: Rules, action: PlaceTile, context: Context) -> Outcome:
    name = actor_name(context)
    player, location, involved = _checked(state, rules, action, context)
    letter, number = location[0], location[1]
    assets.remove_tokens(player, letter)
    assets.remove_tokens(player, number)
    notes = assets.lapse_offers(state)
    if not involved:
        text = _found(state, rules, player, location, context)
    elif len(involved) == 1:
        text = _join(state, location, involved.pop())
    else:
        text = _merge(state, rules, location, involved, context)
    paid = f"{a_symbol(letter)} and {a_symbol(number)}"
    sentence = f"{name} paid {paid} to place a tile at {location}, {text}"
    ended = check_majority(state, rules, context.at)
    extras = notes + ([ended] if ended else [])
    if extras:
        sentence += "; " + "; ".join(extras)
    return Outcome(sentence)


def _found(
    state: CommuneState, rules: Rules, player: Participant, location: str, context: Context
) -> str:
    limit_before = len(state.communities)
    stamp = state.next_stamp()
    community = Community(
        number=state.next_community,
        founder=player.name,
        founded_at=context.at,
        founded_stamp=stamp,
    )
    state.next_community += 1
    state.communities[community.number] = community
    if rules.on(FOUNDING_TILE_JOINS):
        state.board[location] = community.number
        community.gained_stamp = stamp
        community.placed_stamp = stamp
    else:
        # As written, founding gives the founder a community and an investment, not the tile.
        state.board[location] = None
    limit = limit_before if rules.on(LIMIT_BEFORE_FOUNDING) else len(state.communities)
    held = player.investment_total()
    at_limit = held >= limit if rules.on(LIMIT_INCLUDES_ABOVE) else held == limit
    if at_limit:
        granted = f"but gaining no investment (e is at the investment limit of {limit})"
    elif not can_hold(context, player.name):
        granted = "and eir investment in it was destroyed (Clean-Up: e is not an active player)"
    else:
        player.investments[community.number] = player.investments.get(community.number, 0) + 1
        granted = "and gaining 1 investment in it"
    return f"founding a new community, {community.label}, {granted}"


def _join(state: CommuneState, location: str, number: int) -> str:
    community = state.communities[number]
    state.board[location] = number
    stamp = state.next_stamp()
    community.gained_stamp = stamp
    community.placed_stamp = stamp
    return f"which joined {community.label} (now {plural(state.tile_count(number), 'tile')})"


def _merge(
    state: CommuneState, rules: Rules, location: str, involved: set[int], context: Context
) -> str:
    plan = plan_merger(state, involved, placements_only=rules.on(TIEBREAK_PLACEMENTS_ONLY))
    labels = {n: state.communities[n].label for n in plan.sizes}
    granted = apply_merger(state, plan, lambda who: can_hold(context, who))
    acquiring = state.communities[plan.acquiring]
    if rules.on(MERGER_TILE_JOINS):
        state.board[location] = plan.acquiring
        stamp = state.next_stamp()
        acquiring.gained_stamp = stamp
        acquiring.placed_stamp = stamp
        tile = f"the placed tile joined {acquiring.label}"
    else:
        # As written, "a merger happens" and the tile that caused it is given to nobody.
        state.board[location] = None
        tile = "the placed tile belongs to no community"
    acquired = join_words([f"{labels[n]} ({plural(plan.sizes[n], 'tile')})" for n in plan.acquired])
    size = plural(plan.sizes[plan.acquiring], "tile")
    if plan.tie:
        tied = [labels[n] for n in plan.acquired if plan.sizes[n] == plan.sizes[plan.acquiring]]
        size += f"; tied with {join_words(tied)}, and gained a tile least recently"
    text = (
        f"causing a merger: {labels[plan.acquiring]} ({size}) acquired {acquired}; {tile}, "
        f"which now has {plural(state.tile_count(plan.acquiring), 'tile')}"
    )
    given = {(a.player, a.community) for a in granted}
    for number in plan.acquired:
        text += "; " + _accolades(
            labels[number], [a for a in plan.awards if a.community == number], given
        )
    return text


def _accolades(label: str, awards: list[Award], given: set[tuple[str, int]]) -> str:
    """The Accolades for one acquired community, each with the sum that gives it, e.g.
    "accolades for Jade (3 tiles, 4 investments): nix 3 x 2/4 = 1 (rounded down)"."""
    if not awards:
        return f"no accolades for {label} (nobody had an investment in it)"
    first = awards[0]
    parts = []
    for award in awards:
        part = f"{award.player} {award.tiles} x {award.owned}/{award.total} = {award.accolades}"
        if (award.tiles * award.owned) % award.total:
            part += " (rounded down)"
        if award.accolades and (award.player, award.community) not in given:
            part += ", destroyed (Clean-Up: e is not an active player)"
        parts.append(part)
    counts = f"{plural(first.tiles, 'tile')}, {plural(first.total, 'investment')}"
    return f"accolades for {label} ({counts}): " + ", ".join(parts)
