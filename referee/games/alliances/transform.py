"""Turn a parse tree of one sentence (grammar/alliances.lark) into typed actions.

Leaving is the game's own action; everything about joining goes through the tabled-action
templates, whose subtrees :mod:`referee.games.tabled.transform` turns into the
procedure's actions, with :func:`game_action` for the alliance named in them.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.errors import UnreadableValue
from referee.games.alliances.actions import AllianceRef, JoinAlliance, LeaveAlliance
from referee.games.base import Action, SourceText
from referee.games.tabled.actions import (
    IntentRef,
    ObjectToIntent,
    PerformIntent,
    SupportIntent,
    WithdrawObjection,
    WithdrawSupport,
)
from referee.games.tabled.transform import (
    base_name,
    is_tabled,
    link_implicit,
    possessor,
    tabled_action,
)
from referee.parsing.trees import AnyTree, Token, Tree


def _alliance(tree: AnyTree) -> AllianceRef:
    for child in tree.children:
        if not isinstance(child, Tree):
            continue
        name = str(child.data)
        tokens = [t for t in child.children if isinstance(t, Token)]
        if name in ("my_alliance", "own_alliance"):
            return AllianceRef()
        if name == "numbered_alliance":
            return AllianceRef(number=int(tokens[0]))
        if name == "alliance_of":
            token = tokens[0]
            if base_name(token.type) == "POSSESSIVE":
                return AllianceRef(member=possessor(str(token)))
            return AllianceRef(member=str(token))
    raise ValueError("no alliance in the sentence")


def game_action(tree: AnyTree, source: SourceText) -> Action:
    """Joining or leaving, from a ``join`` or ``leave`` subtree."""
    if str(tree.data) == "join":
        return JoinAlliance(source, _alliance(tree))
    if str(tree.data) == "leave":
        return LeaveAlliance(source, _alliance(tree))
    raise ValueError(f"not an Alliances action: {tree.data}")


# A range of intents answered at once ("I support intents 5-7"): each answer, and its words.
_RANGES: dict[str, tuple[Callable[[SourceText, IntentRef], Action], str]] = {
    "support_range": (SupportIntent, "I support intent {}"),
    "object_range": (ObjectToIntent, "I object to intent {}"),
    "withdraw_support_range": (WithdrawSupport, "I withdraw my support for intent {}"),
    "withdraw_objection_range": (WithdrawObjection, "I withdraw my objection to intent {}"),
    "perform_range": (PerformIntent, "I perform intent {}"),
}
LONGEST_RANGE = 20
"""Intents one range may answer: no answer on the list has named more; a longer span is
more likely a slip ("5-50" for "5, 50") than a wish to answer so many, and is told."""


def _range_actions(tree: AnyTree, words: SourceText) -> list[Action]:
    """One answer for each intent of ``tree``'s range, both ends included."""
    build, form = _RANGES[str(tree.data)]
    first, last = (int(t) for t in tree.children if isinstance(t, Token))
    if not first < last <= first + LONGEST_RANGE - 1:
        raise UnreadableValue(
            f"intents {first} to {last} is no range of at most {LONGEST_RANGE} intents "
            "counting up; name each intent"
        )
    return [
        build(SourceText(form.format(n), words.line, words.column), IntentRef(number=n))
        for n in range(first, last + 1)
    ]


def sentence_actions(tree: AnyTree, source: SourceText) -> list[Action]:
    """The actions of one parsed sentence, in the order written, each with its own words
    (from its subject, if it has one, to its end)."""
    actions: list[Action] = []
    start: int | None = None
    for child in tree.children:
        if not isinstance(child, Tree):
            continue
        if base_name(str(child.data)) == "subject":
            start = int(getattr(child.meta, "start_pos", 0)) if start is None else start
            continue
        begin = int(getattr(child.meta, "start_pos", 0)) if start is None else start
        end = int(getattr(child.meta, "end_pos", len(source.text)))
        words = SourceText(source.text[begin:end], source.line, source.column + begin)
        if str(child.data) in _RANGES:
            actions.extend(_range_actions(child, words))
        elif is_tabled(child):
            actions.append(tabled_action(child, words, source, game_action))
        else:
            actions.append(game_action(child, words))
        start = None
    return link_implicit(actions)
