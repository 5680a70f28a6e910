"""Finding the intent a sentence means: by number, by sponsor and action, or implicitly.

An implicit reference ("I do so", "perform it") is the intent its author last named in the
same message, or else the one open intent e could perform. Anything else is refused with
the candidates listed, never guessed.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.games.base import Action, IllegalAction, JsonData
from referee.games.tabled.actions import IntentRef
from referee.games.tabled.intents import SETTLED_KEPT, Intent, IntentBook
from referee.games.tabled.responding import is_sponsor, refuse_closed

DataOf = Callable[[Action], JsonData]
"""The game's canonical data of an action named in a sentence (raises IllegalAction)."""


def _numbers(intents: list[Intent]) -> str:
    return ", ".join(f"{i.number} ({i.sponsor}: {i.text})" for i in intents)


def by_number(book: IntentBook, number: int, game: str, sponsor: str | None = None) -> Intent:
    """Intent ``number``; when the author named its sponsor too ("Murphy's intent 5"),
    refused unless that is its sponsor: the two disagree, and neither is guessed."""
    intent = _numbered(book, number, game)
    if sponsor is not None and intent.sponsor.casefold() != sponsor.casefold():
        raise IllegalAction(
            f"intent {number} in {game} is {intent.sponsor}'s, not {sponsor}'s; say which you mean"
        )
    return intent


def _numbered(book: IntentBook, number: int, game: str) -> Intent:
    intent = book.get(number)
    if intent is None:
        settled = book.settled_record(number)
        if settled is not None:
            refuse_closed(number, settled)
        if book.forgotten(number):
            raise IllegalAction(
                f"intent {number} in {game} closed more than {SETTLED_KEPT.days} days ago "
                "(the game's history shows what became of it)"
            )
        raise IllegalAction(f"there is no intent {number} in {game}")
    return intent


def by_action(
    book: IntentBook, ref: IntentRef, data_of: DataOf, game: str, *, open_only: bool = True
) -> list[Intent]:
    """Intents for the referenced action (and sponsor, if named), oldest first."""
    assert ref.action is not None
    data = data_of(ref.action)
    found = [
        i
        for _, i in sorted(book.intents.items())
        if i.action == data
        and (ref.sponsor is None or i.sponsor.casefold() == ref.sponsor.casefold())
        and (i.open or not open_only)
    ]
    if not found:
        whose = f"{ref.sponsor} has" if ref.sponsor else "there is"
        raise IllegalAction(f'{whose} no open intent in {game} to "{ref.action.source.text}"')
    return found


def by_sponsor(book: IntentBook, ref: IntentRef, actor: str, game: str) -> Intent:
    """ "Janet's intent", "my second intent": the sponsor's one open intent, or the one the
    ordinal picks (oldest first; "last" is the newest); otherwise refused with the
    candidates, never guessed."""
    sponsor = actor if ref.mine else ref.sponsor
    assert sponsor is not None
    whose = "you have" if ref.mine else f"{sponsor} has"
    found = [i for i in book.open_intents() if i.sponsor.casefold() == sponsor.casefold()]
    if not found:
        raise IllegalAction(f"{whose} no open intent in {game}")
    if ref.ordinal is not None:
        index = len(found) - 1 if ref.ordinal == -1 else ref.ordinal - 1
        if not 0 <= index < len(found):
            raise IllegalAction(
                f"{whose} {len(found)} open intent{'s' if len(found) > 1 else ''} in {game}, "
                f"so {ref} names none: {_numbers(found)}"
            )
        return found[index]
    if len(found) > 1:
        raise IllegalAction(
            f"{ref} could mean any of intents {_numbers(found)}; say which, e.g. "
            f'"intent {found[-1].number}"'
        )
    return found[0]


def single(found: list[Intent], ref: IntentRef) -> Intent:
    if len(found) > 1:
        raise IllegalAction(
            f"{ref} could mean any of intents {_numbers(found)}; name it by number "
            f'("intent {found[0].number}")'
        )
    return found[0]


def implicit(
    book: IntentBook, actor: str, message: str | None, offices: frozenset[str], game: str
) -> Intent:
    """ "I do so": the intent the actor last named in this message, or eir only open one."""
    named = book.last_named.get(actor)
    if named is not None and message is not None and named.message == message:
        intent = book.get(named.number)
        if intent is not None:
            return intent
    mine = [
        i for i in book.open_intents() if is_sponsor(i, actor, offices) or actor in i.supporters()
    ]
    if len(mine) == 1:
        return mine[0]
    if not mine:
        raise IllegalAction(
            f'{actor} has no open intent in {game} that "I do so" could perform (nothing was '
            f"done in {game}; an intent outside {game} is not the referee's to judge)"
        )
    raise IllegalAction(
        f'"I do so" could mean any of intents {_numbers(mine)}; say which, e.g. "I perform '
        f'intent {mine[-1].number}"'
    )
