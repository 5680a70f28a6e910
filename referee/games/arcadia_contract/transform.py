"""Turn a parse tree of one sentence (grammar/arcadia_contract.lark) into typed actions.

Supporting, objecting to and applying an Arcadian Proposal become the tabled-action
library's actions naming the proposal's intent, whose number is the proposal's."""

from __future__ import annotations

import re
from datetime import date

from referee.games.arcadia_contract.actions import (
    ApplyProposal,
    CreateProposal,
    JoinContract,
    LeaveContract,
    SetIterationDate,
)
from referee.games.base import Action, SourceText
from referee.games.tabled import (
    IntentRef,
    ObjectToIntent,
    PerformIntent,
    SupportIntent,
    WithdrawObjection,
    WithdrawSupport,
)
from referee.parsing.trees import AnyTree, subtrees, tokens

_TEXT_OPENING = re.compile(
    r"^(?:with\s+the\s+following\s+text|that\s+reads|reading)\s*:?\s*", re.IGNORECASE
)


def _int(tree: AnyTree) -> int:
    return int(str(next(t for t in tokens(tree) if t.type == "INT")))


def game_action(tree: AnyTree, source: SourceText) -> Action:
    kind = str(tree.data)
    if kind == "join":
        return JoinContract(source)
    if kind == "leave":
        return LeaveContract(source)
    if kind == "create":
        (text,) = tokens(tree)
        return CreateProposal(source, _TEXT_OPENING.sub("", str(text)).strip())
    if kind == "set_date":
        (value,) = tokens(tree)
        when = None if value.type == "NEVER" else date.fromisoformat(str(value))
        return SetIterationDate(source, when)
    ref = IntentRef(number=_int(tree))
    if kind == "support":
        return SupportIntent(source, ref)
    if kind == "object":
        return ObjectToIntent(source, ref)
    if kind == "withdraw_support":
        return WithdrawSupport(source, ref)
    if kind == "withdraw_objection":
        return WithdrawObjection(source, ref)
    if kind == "apply":
        return PerformIntent(source, ref)
    raise ValueError(f"not an action of the Arcadia contract: {kind}")


def sentence_actions(tree: AnyTree, source: SourceText) -> list[Action]:
    actions: list[Action] = []
    start: int | None = None
    for item in subtrees(tree):
        if str(item.data) == "subject":
            start = int(getattr(item.meta, "start_pos", 0)) if start is None else start
            continue
        begin = int(getattr(item.meta, "start_pos", 0)) if start is None else start
        end = int(getattr(item.meta, "end_pos", len(source.text)))
        words = SourceText(source.text[begin:end], source.line, source.column + begin)
        actions.append(game_action(item, words))
        start = None
    return actions


__all__ = ["ApplyProposal", "sentence_actions"]
