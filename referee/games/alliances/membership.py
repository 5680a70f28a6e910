"""Who is in which alliance: meeting persons, naming alliances, joining and leaving.

"Each person is in exactly one alliance. By default, each person is in an alliance that
contains no other persons." The persons are the players the referee is configured with;
each gets a numbered alliance of eir own the first time the game sees em.
"""

from __future__ import annotations

from collections.abc import Iterable

from referee.games.alliances import quotes
from referee.games.alliances.actions import AllianceRef
from referee.games.alliances.state import AlliancesState, sort_names
from referee.games.base import IllegalAction


def meet(state: AlliancesState, persons: Iterable[str]) -> None:
    """Give every person not yet in an alliance eir default alliance, in name order."""
    for person in sort_names(list(persons)):
        if state.number_of(person) is None:
            state.new_alliance([person])


def person_named(name: str, persons: Iterable[str]) -> str:
    """The person called ``name`` (ignoring case), or a rejection."""
    known = list(persons)
    for person in known:
        if person.casefold() == name.casefold():
            return person
    raise IllegalAction(
        f"{name} is not a person the referee knows (persons: {', '.join(sort_names(known))})",
        quotes.cite(quotes.DEFINITION),
    )


def resolve(state: AlliancesState, ref: AllianceRef, actor: str, persons: Iterable[str]) -> int:
    """The number of the alliance a sentence names, as things stand now."""
    if ref.number is not None:
        if ref.number not in state.alliances:
            raise IllegalAction(
                f"there is no alliance {ref.number} (alliances that become empty cease to exist)",
                quotes.cite(quotes.EMPTY),
            )
        return ref.number
    member = actor if ref.member is None else person_named(ref.member, persons)
    number = state.number_of(member)
    if number is None:  # meet() has run for every configured person; this is a safeguard
        raise IllegalAction(f"{member} is in no alliance the referee knows of")
    return number


def members_text(members: list[str]) -> str:
    if len(members) == 1:
        return members[0]
    return ", ".join(members[:-1]) + " and " + members[-1]


def describe(state: AlliancesState, number: int) -> str:
    members = state.alliances.get(number)
    if members is None:
        return f"alliance {number} (which no longer exists)"
    return f"alliance {number} ({members_text(members)})"


def _remove(state: AlliancesState, person: str) -> tuple[int, bool]:
    """Take ``person`` out of eir alliance; returns its number and whether it ceased."""
    number = state.number_of(person)
    assert number is not None
    members = state.alliances[number]
    members.remove(person)
    if members:
        return number, False
    del state.alliances[number]  # "If an alliance is ever empty, it ceases to exist."
    return number, True


def join(state: AlliancesState, person: str, number: int) -> str:
    """``person`` joins alliance ``number`` and leaves eir previous one; the summary."""
    if number not in state.alliances:
        raise IllegalAction(
            f"alliance {number} no longer exists: it became empty", quotes.cite(quotes.EMPTY)
        )
    if person in state.alliances[number]:
        raise IllegalAction(
            f"{person} is already a member of alliance {number}", quotes.cite(quotes.EXACTLY_ONE)
        )
    old, ceased = _remove(state, person)
    state.alliances[number] = sort_names([*state.alliances[number], person])
    left = (
        f"eir previous alliance {old} became empty and ceased to exist"
        if ceased
        else f"e left eir previous alliance, {describe(state, old)}"
    )
    return f"{person} joined {describe(state, number)}; {left}"


def leave(state: AlliancesState, person: str) -> str:
    """``person`` leaves eir alliance for a new one of eir own; the summary."""
    old, ceased = _remove(state, person)
    new = state.new_alliance([person])
    after = (
        "which became empty and ceased to exist"
        if ceased
        else f"which now has {members_text(state.alliances[old])}"
    )
    return f"{person} left alliance {old}, {after}; e is now alone in a new alliance {new}"
