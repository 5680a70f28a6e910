"""One answer to an intent said twice in one message is one answer (P56-read-agora-s13-1).

"+1. I support." under a quoted intent, or "Support. I support this.", are one person's
several ways of saying the same support: rule 2124 counts supporters and objectors, not
the times each said so, and an echo of two supports would tell the author and the officer
of an act performed twice. A later answer is dropped only when the last answer to the same
intent before it in the message was the same; "I support intent 4. I withdraw my support.
I support intent 4." keeps all three, in order; an unnamed answer ("I support.") after an
intent tabled in the same message is never taken for a repeat of one before it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from referee.games.tabled.actions import (
    IntentRef,
    ObjectToIntent,
    SupportIntent,
    TableIntent,
    WithdrawObjection,
    WithdrawSupport,
)

if TYPE_CHECKING:
    from referee.parsing.finder import FoundAction

_ANSWERS = (SupportIntent, ObjectToIntent, WithdrawSupport, WithdrawObjection)


def without_repeated_answers(actions: list[FoundAction]) -> list[FoundAction]:
    """``actions`` less each answer to an intent that repeats the answer just before it."""
    kept: list[FoundAction] = []
    for found in actions:
        action = found.action
        if isinstance(action, _ANSWERS) and _repeats(found, kept):
            continue
        kept.append(found)
    return kept


def _repeats(found: FoundAction, kept: list[FoundAction]) -> bool:
    """Whether the last answer kept to the intent ``found`` answers is ``found`` itself."""
    action = found.action
    assert isinstance(action, _ANSWERS)
    for earlier in reversed(kept):
        before = earlier.action
        if action.ref.implicit and isinstance(before, TableIntent):
            return False  # "I support." after a new intent may answer that one
        same_game = earlier.game == found.game
        if same_game and isinstance(before, _ANSWERS) and _same_intent(before.ref, action.ref):
            return type(before) is type(action)
    return False


def _same_intent(one: IntentRef, other: IntentRef) -> bool:
    """Whether two references name one intent the same way; where each was written (the
    quoted intent's words, read once per answer) does not count."""
    if one.action is not None and other.action is not None:
        one = replace(one, action=replace(one.action, source=other.action.source))
    return one == other


def answer_changed(earlier: FoundAction, later: FoundAction) -> bool:
    """Whether ``later`` answers the intent ``earlier`` answered, the other way ("I object
    to intent 4. Actually, I support intent 4."): a correction of it (P56-read-agora-s13-6)."""
    one, other = earlier.action, later.action
    return (
        earlier.game == later.game
        and isinstance(one, (SupportIntent, ObjectToIntent))
        and isinstance(other, (SupportIntent, ObjectToIntent))
        and type(one) is not type(other)
        and _same_intent(one.ref, other.ref)
    )
