"""Rule 2577's destruction of Stones by their owner (rulings R5-2).

"An asset generally CAN be destroyed by its owner by announcement, subject to modification
by its backing document." Okinawa makes Stones "a fixed asset" (not transferable), never an
indestructible one, and says nothing else of destroying them, so the owner of a Stone CAN
destroy it by announcement: some of eir airborne Stones (they are fungible), or eir Stone on
a Plot. Only a play brings a chain into jeopardy ("a Stone is played causing it"), so a
destruction captures nothing; it frees the Plot. Shouri is checked after it, as after every
change.
"""

from __future__ import annotations

from referee.games.base import Context, IllegalAction
from referee.games.okinawa import quotes
from referee.games.okinawa.actions import DestroyStones
from referee.games.okinawa.board import exists, plot_name, plot_words
from referee.games.okinawa.state import OkinawaState


def _actor(context: Context) -> str:
    if context.actor is None:
        raise IllegalAction("the referee cannot tell who sent this action")
    return context.actor


def _stones(count: int) -> str:
    return f"{count} airborne Stone{'s' if count != 1 else ''}"


def validate_destroy(state: OkinawaState, action: DestroyStones, context: Context) -> None:
    actor = _actor(context)
    if action.plot is None:
        held = state.airborne.get(actor, 0)
        if held < action.count:
            raise IllegalAction(
                f"{actor} owns {_stones(held)}, so e cannot destroy {action.count}",
                quotes.DESTROY_OWN,
            )
        return
    if not exists(action.plot):
        raise IllegalAction(
            f"there is no Plot at {plot_words(action.plot)}: Okinawa's Latitudes and "
            "Longitudes each run from -4 to 4",
            quotes.cite(quotes.COORDINATES),
        )
    owner = state.grid.get(action.plot)
    if owner != actor:
        whose = "no Stone" if owner is None else f"{owner}'s Stone"
        raise IllegalAction(
            f"{actor} owns no Stone on {plot_name(action.plot)} (there is {whose}); only its "
            "owner can destroy a Stone",
            quotes.DESTROY_OWN,
        )


def apply_destroy(state: OkinawaState, action: DestroyStones, context: Context) -> str:
    actor = _actor(context)
    if action.plot is not None:
        del state.grid[action.plot]
        return f"{actor} destroyed eir Stone on {plot_name(action.plot)} (rule 2577)"
    if action.count == 0:
        return f"{actor} destroyed no Stones (rule 2577: an attempt to destroy no assets succeeds)"
    state.airborne[actor] -= action.count
    left = state.airborne[actor]
    return f"{actor} destroyed {_stones(action.count)} (rule 2577; {left} airborne left)"
