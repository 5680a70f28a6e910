"""Playing Stones and capturing chains: each action's checks and its performance.

A play moves one Stone's Position onto an unoccupied Plot: an airborne Stone (they are
fungible, so any of the player's), or, as written, a Stone of eirs already on a Plot.
Then every chain that was on the grid before the play, with the same extents, not in
jeopardy, and is in jeopardy after it, is captured: all at once, judged on the grid as the
play left it, before any Stone is destroyed (docs/rulings.md, "Okinawa").
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.games.base import Context, IllegalAction
from referee.games.kit.options import Options
from referee.games.okinawa import partition, quotes
from referee.games.okinawa.actions import CaptureChain, PlayStone, Plot
from referee.games.okinawa.board import (
    AllianceOf,
    Chain,
    chain_at,
    chains,
    drawing_order,
    exists,
    plot_name,
    plot_words,
    plots_text,
)
from referee.games.okinawa.rulesets import ONLY_AIRBORNE_PLAYED
from referee.games.okinawa.state import OkinawaState, sort_names


def _actor(context: Context) -> str:
    if context.actor is None:
        raise IllegalAction("the referee cannot tell who sent this action")
    return context.actor


def _on_the_grid(plot: Plot) -> None:
    if not exists(plot):
        raise IllegalAction(
            f"there is no Plot at {plot_words(plot)}: Okinawa's Latitudes and Longitudes "
            "each run from -4 to 4",
            quotes.cite(quotes.COORDINATES),
        )


def describe_chain(chain: Chain, state: OkinawaState) -> str:
    owners = chain.owners(state.grid)
    stones = len(chain.plots)
    whose = " and ".join([", ".join(owners[:-1]), owners[-1]] if len(owners) > 1 else owners)
    return f"the chain of {whose}'s {stones} Stone{'s' if stones != 1 else ''} at " + plots_text(
        chain.plots
    )


def chains_in_jeopardy_of(state: OkinawaState, person: str, alliance_of: AllianceOf) -> list[Chain]:
    return [
        c
        for c in chains(state.grid, alliance_of)
        if c.in_jeopardy and person in c.owners(state.grid)
    ]


# ---------------------------------------------------------------------------- playing


@dataclass(frozen=True)
class PlayRules:
    only_airborne: bool

    @classmethod
    def of(cls, options: Options) -> PlayRules:
        return cls(options.flag(ONLY_AIRBORNE_PLAYED))


def validate_play(
    state: OkinawaState, action: PlayStone, context: Context, rules: PlayRules
) -> None:
    actor = _actor(context)
    _on_the_grid(action.plot)
    if action.stone_at is None:
        if state.airborne.get(actor, 0) < 1:
            mine = sorted((p for p, o in state.grid.items() if o == actor), key=drawing_order)
            hint = (
                f"; to Play one of eir {len(mine)} Stone{'s' if len(mine) != 1 else ''} on the "
                f'grid, name it: "I play my Stone at {plot_name(mine[0])} on '
                f'{plot_name(action.plot)}"'
                if mine and not rules.only_airborne
                else ""
            )
            raise IllegalAction(
                f"{actor} owns no airborne Stone to play on {plot_name(action.plot)}{hint}",
                quotes.cite(quotes.PLAY),
            )
    else:
        if rules.only_airborne:
            raise IllegalAction(
                "only airborne Stones are Played in this game (ruleset option "
                f"{ONLY_AIRBORNE_PLAYED}); the Stone at {plot_name(action.stone_at)} stays",
                quotes.cite(quotes.PLAY),
            )
        _on_the_grid(action.stone_at)
        owner = state.grid.get(action.stone_at)
        if owner != actor:
            whose = "no Stone" if owner is None else f"{owner}'s Stone"
            raise IllegalAction(
                f"the Stone at {plot_name(action.stone_at)} is not {actor}'s (there is {whose})",
                quotes.cite(quotes.PLAY),
            )
    if action.plot in state.grid:
        raise IllegalAction(
            f"{plot_name(action.plot)} is occupied by {state.grid[action.plot]}'s Stone",
            quotes.cite(quotes.ONE_PER_PLOT),
        )
    banned = chains_in_jeopardy_of(state, actor, partition.alliance_of(context))
    if banned:
        raise IllegalAction(
            f"{actor} cannot place a Stone on {plot_name(action.plot)}: e owns a Stone in "
            f"{describe_chain(banned[0], state)}, which is in jeopardy (any person who owns "
            "a Stone in it can capture it by announcement)",
            quotes.cite(quotes.BAN),
        )


def apply_play(state: OkinawaState, action: PlayStone, context: Context) -> str:
    actor = _actor(context)
    alliance_of = partition.alliance_of(context)
    before = chains(state.grid, alliance_of)
    state.meet(actor)
    if action.stone_at is None:
        state.airborne[actor] -= 1
        what = f"{actor} played an airborne Stone on {plot_name(action.plot)}"
    else:
        del state.grid[action.stone_at]
        what = (
            f"{actor} played eir Stone at {plot_name(action.stone_at)} on {plot_name(action.plot)}"
        )
    state.grid[action.plot] = actor
    left = state.airborne.get(actor, 0)
    what += f" ({left} airborne left)"
    captured = automatic_captures(before, chains(state.grid, alliance_of))
    if not captured:
        return what
    texts = [describe_chain(chain, state) for chain in captured]
    for chain in captured:
        destroy(state, chain)
    return (
        f"{what}; it brought into jeopardy, and so captured, "
        + "; ".join(texts)
        + " (all their Stones destroyed)"
    )


def automatic_captures(before: list[Chain], after: list[Chain]) -> list[Chain]:
    """The chains a play captures: on the grid before it with the same extents, not in
    jeopardy then, in jeopardy now. Judged together on the grid the play left."""
    calm = {chain.plots for chain in before if not chain.in_jeopardy}
    return [chain for chain in after if chain.in_jeopardy and chain.plots in calm]


def destroy(state: OkinawaState, chain: Chain) -> None:
    for plot in chain.plots:
        del state.grid[plot]


# -------------------------------------------------------------------------- capturing


def _my_chain_in_jeopardy(state: OkinawaState, actor: str, context: Context) -> Chain:
    """ "My chain in jeopardy": the one chain in jeopardy with a Stone of the actor's."""
    mine = chains_in_jeopardy_of(state, actor, partition.alliance_of(context))
    if len(mine) == 1:
        return mine[0]
    if not mine:
        raise IllegalAction(
            f"{actor} owns no Stone in a chain in jeopardy", quotes.cite(quotes.CAPTURE)
        )
    readings = "; ".join(
        f'"I capture the chain at {plot_name(min(chain.plots))}"' for chain in mine
    )
    raise IllegalAction(
        f"{actor} owns Stones in {len(mine)} chains in jeopardy, so it is not clear which one "
        f"is meant; say which: {readings}",
        quotes.cite(quotes.CAPTURE),
    )


def _chain_to_capture(state: OkinawaState, action: CaptureChain, context: Context) -> Chain:
    actor = _actor(context)
    if action.plot is None:
        return _my_chain_in_jeopardy(state, actor, context)
    _on_the_grid(action.plot)
    chain = chain_at(state.grid, partition.alliance_of(context), action.plot)
    if chain is None:
        raise IllegalAction(
            f"there is no Stone on {plot_name(action.plot)}, so no chain there",
            quotes.cite(quotes.CHAIN),
        )
    if not chain.in_jeopardy:
        raise IllegalAction(
            f"{describe_chain(chain, state)} is not in jeopardy: "
            f"{plots_text(chain.liberties)} {'is' if len(chain.liberties) == 1 else 'are'} "
            "unoccupied and adjacent to it",
            quotes.cite(quotes.CAPTURE),
        )
    owners = chain.owners(state.grid)
    if action.owner is not None and action.owner.casefold() not in {o.casefold() for o in owners}:
        # "Janet's chain at (1, 1)": the author named an owner the chain does not have, so
        # e meant another chain; capturing this one would be a guess.
        raise IllegalAction(
            f"{describe_chain(chain, state)} holds no Stone of {action.owner}'s "
            f"(its owners: {', '.join(sort_names(owners))})",
            quotes.cite(quotes.CHAIN),
        )
    if actor not in chain.owners(state.grid):
        raise IllegalAction(
            f"{actor} owns no Stone in {describe_chain(chain, state)}; only its owners "
            f"({', '.join(sort_names(chain.owners(state.grid)))}) can capture it",
            quotes.cite(quotes.CAPTURE),
        )
    return chain


def validate_capture(state: OkinawaState, action: CaptureChain, context: Context) -> None:
    _chain_to_capture(state, action, context)


def apply_capture(state: OkinawaState, action: CaptureChain, context: Context) -> str:
    chain = _chain_to_capture(state, action, context)
    text = describe_chain(chain, state)
    destroy(state, chain)
    return f"{context.actor} captured {text} (all its Stones destroyed)"
