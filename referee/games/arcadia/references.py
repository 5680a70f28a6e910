"""The Land Unit or facility a sentence names by its owner ("my Land Unit", "my Farm"),
found in the state when the action is performed. A reference must name exactly one thing;
otherwise the action is refused with every reading, so that the author can say which one
e means."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from referee.games.arcadia import quotes
from referee.games.arcadia.actions import (
    BuildFacility,
    BuildOnMyLand,
    DestroyFacility,
    DestroyMyFacility,
    Location,
)
from referee.games.arcadia.rules import actor
from referee.games.arcadia.state import NO_FACILITY, ArcadiaState, location_text
from referee.games.base import Action, Context, IllegalAction, Outcome
from referee.games.kit.quotes import Passage


def _the_one(
    found: list[Location],
    owner: str,
    things: tuple[str, str],
    form: Callable[[Location], str],
    passage: Passage,
) -> Location:
    """The one location found, or a refusal: none, or several with a form for each."""
    one, several = things
    if not found:
        raise IllegalAction(f"{owner} owns no {one}", quotes.cite(passage))
    if len(found) > 1:
        readings = "; ".join(f'"{form(location)}"' for location in found)
        raise IllegalAction(
            f"{owner} owns {len(found)} {several}, so it is not clear which one is meant; "
            f"say which: {readings}",
            quotes.cite(passage),
        )
    return found[0]


def my_land(state: ArcadiaState, action: BuildOnMyLand, context: Context) -> BuildFacility:
    """ "My Land Unit": the one Land Unit the author owns."""
    owner = actor(context)
    location = _the_one(
        [location for location, _ in state.owned_by(owner)],
        owner,
        ("Land Unit", "Land Units"),
        lambda at: f"I build a {action.facility} on {location_text(at)}",
        quotes.BUILD,
    )
    return BuildFacility(action.source, action.facility, location, action.costs)


def my_facility(
    state: ArcadiaState, action: DestroyMyFacility, context: Context
) -> DestroyFacility:
    """ "My Farm" ("my facility"): the one such facility on the author's land."""
    owner = actor(context)
    wanted = action.facility
    location = _the_one(
        [
            location
            for location, unit in state.owned_by(owner)
            if unit.facility != NO_FACILITY and wanted in (None, unit.facility)
        ],
        owner,
        (wanted, f"{wanted}s") if wanted else ("facility", "facilities"),
        lambda at: f"I destroy the {state.land[at].facility} at {location_text(at)}",
        quotes.DESTROY,
    )
    return DestroyFacility(action.source, location, state.land[location].facility)


R = TypeVar("R", bound=Action)
A = TypeVar("A", bound=Action)


def checked(
    resolve: Callable[[ArcadiaState, R, Context], A],
    check: Callable[[ArcadiaState, A, Context], None],
) -> Callable[[ArcadiaState, R, Context], None]:
    """The check of the action the reference names."""
    return lambda state, action, context: check(state, resolve(state, action, context), context)


def performed(
    resolve: Callable[[ArcadiaState, R, Context], A],
    perform: Callable[[ArcadiaState, A, Context], Outcome],
) -> Callable[[ArcadiaState, R, Context], Outcome]:
    """The action the reference names, performed."""
    return lambda state, action, context: perform(state, resolve(state, action, context), context)
