"""Turn the parse trees of grammar/tabled.lark's templates into typed tabled-action actions.

A game's transform walks its sentence and hands every subtree made by a tabled template
to :func:`tabled_action`, with a builder for its own action subtrees (the object of an
intent). Lark prefixes the names of rules and terminals a grammar imports indirectly
(``tabled__support_method``); :func:`base_name` strips that, so the names below hold in
any host grammar.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.games.base import Action, SourceText
from referee.games.tabled.actions import (
    IntentRef,
    ObjectToIntent,
    PerformIntent,
    SupportIntent,
    TableIntent,
    WithdrawIntent,
    WithdrawObjection,
    WithdrawSupport,
)
from referee.games.tabled.methods import Method, MethodKind
from referee.parsing.trees import AnyTree, Token, span, subtrees, tokens

GameBuilder = Callable[[AnyTree, SourceText], Action]
"""The game's builder of its own action from a subtree and that subtree's words."""

_SMALL = ("zero", "one", "two", "three", "four", "five", "six")
_LARGER = ("seven", "eight", "nine", "ten", "eleven", "twelve")
NUMBER_WORDS = {word: value for value, word in enumerate(_SMALL + _LARGER)}
HOURS_PER_UNIT = {"DAY_UNIT": 24, "HOUR_UNIT": 1, "WEEK_UNIT": 24 * 7}

TABLED_RULES = frozenset(
    {
        "intend",
        "support_intent",
        "object_intent",
        "withdraw_support",
        "withdraw_objection",
        "withdraw_intent",
        "perform_intent",
        "perform_named",
        "perform_prefixed",
    }
)
_OWN_RULES = TABLED_RULES | {
    "methods",
    "support_method",
    "support_of_all",
    "objection_method",
    "consent_method",
    "notice_method",
    "duration",
    "number",
    "intent_number",
    "intent_named",
    "intent_owned",
    "intent_mine",
    "subject",
}


def base_name(name: str) -> str:
    """``tabled__support_method`` -> ``support_method``; ``_tabled__INT`` -> ``INT``."""
    return name.rsplit("__", 1)[-1]


def is_tabled(tree: AnyTree) -> bool:
    return base_name(str(tree.data)) in TABLED_RULES


def _child(tree: AnyTree, name: str) -> AnyTree | None:
    return next((c for c in subtrees(tree) if base_name(str(c.data)) == name), None)


def _token(tree: AnyTree, kind: str) -> str | None:
    return next((str(t) for t in tokens(tree) if base_name(t.type) == kind), None)


def _game_subtree(tree: AnyTree) -> AnyTree | None:
    """The host grammar's own action inside a tabled subtree (the object of an intent)."""
    return next((c for c in subtrees(tree) if base_name(str(c.data)) not in _OWN_RULES), None)


def _number(tree: AnyTree) -> int:
    token = next(iter(tree.scan_values(lambda v: isinstance(v, Token))))
    text = str(token).casefold()
    return int(text) if text.isdigit() else NUMBER_WORDS[text]


def _n_tenths(tree: AnyTree) -> int | None:
    number = _child(tree, "number")
    if number is not None:
        return _number(number) * 10
    decimal = _token(tree, "CONSENT_N")
    if decimal is not None:
        whole, _, tenth = decimal.partition(".")
        return int(whole) * 10 + int(tenth or 0)
    return None


def _notice_hours(tree: AnyTree) -> int | None:
    duration = _child(tree, "duration")
    if duration is None:
        return None
    number = _child(duration, "number")
    assert number is not None
    unit = next(base_name(t.type) for t in tokens(duration))
    return _number(number) * HOURS_PER_UNIT[unit]


def methods_of(tree: AnyTree | None) -> tuple[Method, ...]:
    """The methods of a ``methods`` subtree, in the order written."""
    if tree is None:
        return ()
    methods: list[Method] = []
    for child in subtrees(tree):
        name = base_name(str(child.data))
        if name == "support_method":
            methods.append(Method(MethodKind.SUPPORT, _n_tenths(child)))
        elif name == "support_of_all":
            methods.append(Method(MethodKind.SUPPORT, of_all=True))
        elif name == "objection_method":
            methods.append(Method(MethodKind.OBJECTIONS, _n_tenths(child)))
        elif name == "consent_method":
            methods.append(Method(MethodKind.CONSENT, _n_tenths(child)))
        elif name == "notice_method":
            methods.append(Method(MethodKind.NOTICE, notice_hours=_notice_hours(child)))
    return tuple(methods)


def possessor(word: str) -> str:
    """ "nix's" -> "nix", "James'" -> "James" (straight or curly apostrophe)."""
    for suffix in ("'s", "\u2019s", "'", "\u2019"):
        if word.casefold().endswith(suffix):
            return word[: -len(suffix)]
    return word


def _ref(tree: AnyTree, sentence: SourceText, build: GameBuilder) -> IntentRef:
    numbered = _child(tree, "intent_number")
    if numbered is not None:
        value = _token(numbered, "INT")
        assert value is not None
        whose = _token(numbered, "POSSESSIVE")
        return IntentRef(number=int(value), sponsor=possessor(whose) if whose else None)
    owned = _child(tree, "intent_owned") or _child(tree, "intent_mine")
    if owned is not None:
        owner = _token(owned, "POSSESSIVE")
        ordinal = _token(owned, "ORDINAL")
        return IntentRef(
            sponsor=possessor(owner) if owner is not None else None,
            mine=owner is None,
            ordinal=None if ordinal is None else ordinal_number(ordinal),
        )
    named = _child(tree, "intent_named")
    if named is None:
        return IntentRef()
    act = _game_subtree(named)
    assert act is not None
    owner = _token(named, "POSSESSIVE")
    sponsor = possessor(owner) if owner is not None else _token(named, "NAME")
    return IntentRef(sponsor=sponsor, action=build(act, span(sentence, act)))


_ORDINALS = {
    "first": 1,
    "earliest": 1,
    "oldest": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
}


def ordinal_number(word: str) -> int:
    """ "second" → 2, "3rd" → 3, "last" (or "latest", "newest", "most recent") → -1."""
    text = " ".join(word.casefold().split())
    if text in _ORDINALS:
        return _ORDINALS[text]
    if text[:-2].isdigit():
        return int(text[:-2])
    return -1


def _condition(tree: AnyTree) -> str | None:
    text = _token(tree, "CONDITION")
    return None if text is None else text.lstrip(" ,\t").strip()


def tabled_action(
    tree: AnyTree, words: SourceText, sentence: SourceText, build: GameBuilder
) -> Action:
    """The action of one tabled subtree; ``words`` are its own words (with the subject)."""
    name = base_name(str(tree.data))
    if name == "intend":
        act = _game_subtree(tree)
        assert act is not None
        return TableIntent(
            words,
            build(act, span(sentence, act)),
            methods_of(_child(tree, "methods")),
            _condition(tree),
        )
    if name in ("perform_named", "perform_prefixed"):
        act = _game_subtree(tree)
        assert act is not None
        action = build(act, span(sentence, act))
        return PerformIntent(words, IntentRef(action=action), methods_of(_child(tree, "methods")))
    if name == "withdraw_intent":
        act = _game_subtree(tree)
        if act is not None and _child(tree, "intent_number") is None:
            return WithdrawIntent(words, IntentRef(action=build(act, span(sentence, act))))
    ref = _ref(tree, sentence, build)
    builders: dict[str, Callable[[SourceText, IntentRef], Action]] = {
        "support_intent": SupportIntent,
        "object_intent": ObjectToIntent,
        "withdraw_support": WithdrawSupport,
        "withdraw_objection": WithdrawObjection,
        "withdraw_intent": WithdrawIntent,
        "perform_intent": PerformIntent,
    }
    return builders[name](words, ref)


def act_on_own_intent(
    kind: str,
    stem: str,
    source: SourceText,
    action: Action,
    methods: Callable[[], tuple[Method, ...]],
) -> Action:
    """The tabled act a game's own rule ``<act>_<stem>`` means on the intent to do
    ``action``: tabling it (``intend_``), supporting, objecting, withdrawing either or the
    intent itself, or else performing it; ``methods`` gives the methods said, for tabling
    and performing."""
    ref = IntentRef(action=action)
    acts: dict[str, Callable[[], Action]] = {
        f"intend_{stem}": lambda: TableIntent(source, action, methods()),
        f"support_{stem}": lambda: SupportIntent(source, ref),
        f"object_{stem}": lambda: ObjectToIntent(source, ref),
        f"withdraw_support_{stem}": lambda: WithdrawSupport(source, ref),
        f"withdraw_objection_{stem}": lambda: WithdrawObjection(source, ref),
        f"withdraw_intent_{stem}": lambda: WithdrawIntent(source, ref),
    }
    return acts.get(kind, lambda: PerformIntent(source, ref, methods()))()


def link_implicit(actions: list[Action]) -> list[Action]:
    """In "I support intent 3 and do so", "do so" is intent 3: an implicit performance right
    after a support in the same sentence performs the intent just supported."""
    linked: list[Action] = []
    previous: IntentRef | None = None
    for action in actions:
        if isinstance(action, PerformIntent) and action.ref.implicit and previous is not None:
            linked.append(PerformIntent(action.source, previous, action.methods))
        else:
            linked.append(action)
        previous = action.ref if isinstance(action, SupportIntent) else None
    return linked
