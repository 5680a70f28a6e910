"""Turn a parse tree of one sentence (grammar/arcadia_contract.lark) into typed actions.

Supporting, objecting to and applying an Arcadian Proposal become the tabled-action
library's actions naming the proposal's intent, whose number is the proposal's."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date

from referee.errors import UnreadableValue
from referee.games.arcadia_contract.actions import (
    ApplyProposal,
    BeginTournament,
    CreateProposal,
    JoinContract,
    LeaveContract,
    SetIterationDate,
)
from referee.games.base import Action, SourceText
from referee.games.tabled import (
    IntentRef,
    Method,
    MethodKind,
    ObjectToIntent,
    PerformIntent,
    SupportIntent,
    WithdrawObjection,
    WithdrawSupport,
)
from referee.games.tabled.transform import act_on_own_intent
from referee.parsing.trees import AnyTree, child, subtrees, tokens

_TEXT_OPENING = re.compile(
    r"^(?:with\s+the\s+following\s+text|that\s+reads|reading)\s*:?\s*", re.IGNORECASE
)


def _int(tree: AnyTree) -> int:
    return int(str(next(t for t in tokens(tree) if t.type == "INT")))


def _consent(tree: AnyTree) -> tuple[Method, ...]:
    found = child(tree, "consent")
    if found is None:
        return ()
    numbers = [int(str(t)) for t in tokens(found) if t.type == "INT"]
    return (Method(MethodKind.CONSENT, n_tenths=numbers[0] * 10 if numbers else None),)


BEGIN_WORDS = "begin a new Free Tournament"


def _begin_action(tree: AnyTree, source: SourceText) -> Action | None:
    """The tabled-action library's action for an attempt to begin a Free Tournament."""
    kind = str(tree.data)
    begin = child(tree, "begin")
    if begin is None:
        return None
    # The intended action in its own words, as a reply's bare "I support." names it.
    action = BeginTournament(SourceText(BEGIN_WORDS, source.line, source.column))
    return act_on_own_intent(kind, "begin", source, action, lambda: _consent(tree))


def game_action(tree: AnyTree, source: SourceText) -> Action:
    begun = _begin_action(tree, source)
    if begun is not None:
        return begun
    kind = str(tree.data)
    if kind == "join":
        return JoinContract(source)
    if kind == "leave":
        return LeaveContract(source)
    if kind == "create":
        (text,) = tokens(tree)
        wording = _TEXT_OPENING.sub("", str(text)).strip()
        if not wording:
            # "... with the following text:" and nothing after it on the line or the next
            # (a blank line ends the sentence): a proposal of no text is never created.
            raise UnreadableValue(
                "the proposal's text is missing: write it after the colon, on the same line "
                "or the next one"
            )
        return CreateProposal(source, wording)
    if kind == "set_date":
        (value,) = tokens(tree)
        try:
            when = None if value.type == "NEVER" else date.fromisoformat(str(value))
        except ValueError:
            raise UnreadableValue(f"{value} is not a date of the calendar") from None
        return SetIterationDate(source, when)
    # "Janet's AP 14": the intent to apply a proposal is its submitter's, so the name is
    # checked as an intent's sponsor is.
    submitter = child(tree, "submitter")
    named = None if submitter is None else str(next(tokens(submitter)))
    ref = IntentRef(number=_int(tree), sponsor=named)
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
        numbers = [t for t in tokens(item) if t.type == "INT"]
        if len(numbers) == 2 and str(item.data) in _ON_A_PROPOSAL:
            actions.extend(_each_of(item, words, *(int(str(n)) for n in numbers)))
        else:
            actions.append(game_action(item, words))
        start = None
    return actions


# The actions on one proposal, which a range of proposals names several of.
_ON_A_PROPOSAL = frozenset(("support", "object", "withdraw_support", "withdraw_objection", "apply"))
# The longest range of proposals read ("36 through 38"): a longer one is told, as a slip.
RANGE_LONGEST = 10


def _each_of(item: AnyTree, words: SourceText, first: int, last: int) -> list[Action]:
    """One action for each proposal from ``first`` to ``last`` (rulings P42-read-games-s10-1)."""
    if last < first or last - first + 1 > RANGE_LONGEST:
        raise UnreadableValue(
            f"{first} to {last} is not a range of at most {RANGE_LONGEST} proposals: name "
            "each proposal"
        )
    one = game_action(item, words)
    assert isinstance(
        one, (SupportIntent, ObjectToIntent, WithdrawSupport, WithdrawObjection, PerformIntent)
    )
    return [replace(one, ref=IntentRef(number=number)) for number in range(first, last + 1)]


__all__ = ["ApplyProposal", "sentence_actions"]
