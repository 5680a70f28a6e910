"""Turn a parse tree of one sentence (grammar/commune.lark) into typed Commune actions.

A plain walk over the tree rather than a lark ``Transformer``: no callback can wrap an
exception in ``VisitError``, and each action keeps its own words and column.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from referee.errors import UnreadableValue
from referee.games.base import Action, SourceText
from referee.games.commune.actions import (
    AcceptOffer,
    BecomeParticipant,
    BeginConstructing,
    CeaseParticipant,
    CommunityRef,
    GrantConstructed,
    GrantInvestment,
    MakeOffer,
    NameCommunity,
    PlaceTile,
    WithdrawOffer,
)
from referee.parsing import trees
from referee.parsing.trees import AnyTree, Token, Tree

_EVERYONE = frozenset({"everyone", "everybody", "anyone", "anybody", "all"})


def _tokens(tree: AnyTree, kind: str) -> list[str]:
    return [str(t) for t in tree.scan_values(lambda v: isinstance(v, Token) and v.type == kind)]


def _symbol(tree: AnyTree) -> str:
    return _tokens(tree, "SYMBOL")[0].upper()


def _side(tree: AnyTree) -> str:
    side = next(tree.find_data("side"))
    return _tokens(side, "SIDE")[0].lower()


def _community(tree: AnyTree) -> CommunityRef:
    for child in tree.children:
        if not isinstance(child, Tree):
            continue
        if child.data == "named_community":
            return CommunityRef(name=_tokens(child, "NAME")[0])
        if child.data == "community_at":
            return CommunityRef(location=_tokens(child, "LOCATION")[0].upper())
        if child.data == "numbered_community":
            return CommunityRef(number=int(_tokens(child, "INT")[0]))
        if child.data == "my_community":
            return CommunityRef()
        if child.data == "founded_community":
            return CommunityRef(founder=_tokens(child, "NAME")[0])
    raise ValueError("no community in the sentence")


def _begin(tree: AnyTree, source: SourceText) -> Action:
    phrase = trees.child(tree, "symbol_phrase")
    assert phrase is not None
    return BeginConstructing(source, _side(tree), _symbol(phrase))


def _grant(tree: AnyTree, source: SourceText) -> Action:
    phrase = trees.child(tree, "symbol_phrase")
    return GrantConstructed(source, _side(tree), None if phrase is None else _symbol(phrase))


def _paid(paying: AnyTree | None) -> tuple[str, ...] | None:
    return None if paying is None else tuple(s.upper() for s in _tokens(paying, "SYMBOL"))


# What joins one location of a shared "place" to the next: ", and", "and", ",".
_TILE_SEPARATOR = re.compile(r"\s*,?\s*(?:and\b)?\s*", re.IGNORECASE)


def _place(tree: AnyTree, sentence: SourceText, begin: int) -> list[Action]:
    """One PlaceTile per location: "I place tiles at G6 and G7" is two placements, each
    paying its own tokens. The first keeps the verb's words ("I place tiles at G6"); each
    further one is quoted from after its "and" ("at G7", "another tile at G7", "G7").
    ``begin`` is where the action's words start in the ``sentence``."""
    tiles = [child for child in trees.subtrees(tree) if child.data == "tile"]
    if not tiles:  # "I pay A and 6 to place a tile at A6"
        location = _tokens(tree, "LOCATION")[0].upper()
        words = _span(sentence, begin, trees.end(tree, len(sentence.text)))
        return [PlaceTile(words, location, _paid(trees.child(tree, "paying")))]
    actions: list[Action] = []
    previous_end = begin
    for index, tile in enumerate(tiles):
        end = trees.end(tile, len(sentence.text))
        start = begin
        if index:
            gap = _TILE_SEPARATOR.match(sentence.text, previous_end)
            start = gap.end() if gap else previous_end
        words = _span(sentence, start, end)
        location = _tokens(tile, "LOCATION")[0].upper()
        actions.append(PlaceTile(words, location, _paid(trees.child(tile, "paying"))))
        previous_end = end
    return actions


def _name(tree: AnyTree, source: SourceText) -> Action:
    names = [child for child in tree.children if isinstance(child, Token) and child.type == "NAME"]
    name = str(names[-1])
    # 'Ginger': the lexer reads the closing apostrophe into the name (names may hold one).
    # The name is the phrase's last word, so its last occurrence in the phrase is it.
    at = source.text.rfind(name)
    opened = at > 0 and source.text[at - 1] == "'"
    colour = name[:-1] if opened and name.endswith("'") else name
    return NameCommunity(source, _community(tree), colour)


def _offer(tree: AnyTree, source: SourceText) -> Action:
    offered = trees.child(tree, "offered")
    wanted = trees.child(tree, "wanted")
    assert offered is not None and wanted is not None
    restriction = trees.child(tree, "restriction")
    allowed = None if restriction is None else tuple(_tokens(restriction, "NAME"))
    if allowed is not None and {name.casefold() for name in allowed} <= _EVERYONE:
        allowed = None  # "open to everyone": the default, every participant
    wants = tuple(dict.fromkeys(s.upper() for s in _tokens(wanted, "SYMBOL")))
    return MakeOffer(source, _symbol(offered), wants, allowed)


def _accept(tree: AnyTree, source: SourceText) -> Action:
    symbols = [symbol.upper() for symbol in _tokens(tree, "SYMBOL")]
    named = trees.child(tree, "offer_of")
    if named is None:
        made_by = trees.child(tree, "maker")
        maker_named = None if made_by is None else _tokens(made_by, "NAME")[0]
        return AcceptOffer(source, int(_tokens(tree, "INT")[0]), symbols[-1], offerer=maker_named)
    maker = _tokens(named, "OFFERER")[0]
    maker = re.sub(r"(?:'s|\u2019s)$", "", maker)
    offered = symbols[0] if len(symbols) > 1 else None
    return AcceptOffer(source, None, symbols[-1], offerer=maker, offered=offered)


def _withdraw(tree: AnyTree, source: SourceText) -> Action:
    numbers = _tokens(tree, "INT")
    made_by = trees.child(tree, "maker")
    maker_named = None if made_by is None else _tokens(made_by, "NAME")[0]
    return WithdrawOffer(source, int(numbers[0]) if numbers else None, offerer=maker_named)


_BUILDERS: dict[str, Callable[[AnyTree, SourceText], Action]] = {
    "become": lambda tree, source: BecomeParticipant(source),
    "cease": lambda tree, source: CeaseParticipant(source),
    "begin": _begin,
    "grant": _grant,
    "name": _name,
    "invest": lambda tree, source: GrantInvestment(source, _community(tree)),
    "offer": _offer,
    "accept": _accept,
    "withdraw": _withdraw,
}
# Builders of phrases that hold several actions; they are given the whole sentence and
# where the phrase's words begin in it, to quote each action's own words.
_MULTI_BUILDERS: dict[str, Callable[[AnyTree, SourceText, int], list[Action]]] = {
    "place": _place,
}


def _span(source: SourceText, start: int, end: int) -> SourceText:
    words = source.text[start:end]
    return SourceText(words, source.line, source.column + start)


def sentence_actions(tree: AnyTree, source: SourceText) -> list[Action]:
    """The actions of one parsed sentence, in the order written."""
    actions: list[Action] = []
    start: int | None = None
    prefix: AnyTree | None = None
    for child in trees.subtrees(tree):
        if child.data in ("subject", "side_prefix"):
            if start is None:
                start = trees.start(child)
            if child.data == "side_prefix":
                prefix = child
            continue
        begin = trees.start(child) if start is None else start
        words = _span(source, begin, trees.end(child, len(source.text)))
        if child.data in ("side_begin", "side_grant"):
            assert prefix is not None
            side = _side(prefix)
            phrase = trees.child(child, "symbol_phrase")
            if child.data == "side_begin":
                assert phrase is not None
                actions.append(BeginConstructing(words, side, _symbol(phrase)))
            else:
                symbol = None if phrase is None else _symbol(phrase)
                actions.append(GrantConstructed(words, side, symbol))
        elif child.data in _MULTI_BUILDERS:
            actions.extend(_MULTI_BUILDERS[child.data](child, source, begin))
        else:
            actions.append(_BUILDERS[child.data](child, words))
        start = None
        prefix = None
    return _pronouns_resolved(actions)


_PRONOUNS = frozenset({"it", "that", "this"})


def _pronouns_resolved(actions: list[Action]) -> list[Action]:
    """ "I name my community Amber and invest in it": "it" is the community the sentence
    named before (a community called "It" cannot be meant); with none before, it is the
    community of the one tile the sentence placed before ("I place a tile at E9 and name it
    Emerald"); with neither, the sentence is told: what "it" points to is not clear."""
    resolved: list[Action] = []
    before: CommunityRef | None = None
    placed: list[str] = []
    tiles = sum(isinstance(action, PlaceTile) for action in actions)
    for action in actions:
        if isinstance(action, PlaceTile):
            placed.append(action.location)
        if not isinstance(action, (NameCommunity, GrantInvestment)):
            resolved.append(action)
            continue
        ref = action.community
        pronoun = ref.name is not None and ref.name.casefold() in _PRONOUNS
        if pronoun and before is None and tiles == 1 and placed:
            before = CommunityRef(location=placed[0].upper())
        if pronoun and before is not None:
            resolved.append(dataclasses.replace(action, community=before))
            continue
        if pronoun:
            raise UnreadableValue(
                f"{ref.name!r} names no community this sentence placed a tile in or named "
                "before it; name the community (its colour, or 'the community at D4')"
            )
        if not pronoun:
            before = ref
        resolved.append(action)
    return resolved
