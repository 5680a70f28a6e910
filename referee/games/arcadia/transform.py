"""Turn a parse tree of one sentence (grammar/arcadia.lark) into typed actions, in the
order written, each with its own words. No rule is checked here."""

from __future__ import annotations

from referee.games.arcadia.actions import (
    BuildFacility,
    BuildOnMyLand,
    ClaimLand,
    ConcludeNoWinner,
    DestroyFacility,
    DestroyMyFacility,
    FoodForEnergy,
    JoinTournament,
    LeaveTournament,
    Location,
    LostAndFound,
    TransferCurrencies,
    TransferLand,
)
from referee.games.base import NUMBER_WORDS, Action, SourceText
from referee.games.tabled import (
    Method,
    MethodKind,
)
from referee.games.tabled.transform import act_on_own_intent
from referee.parsing.trees import AnyTree, Token, child, subtrees, tokens

_NUMBER_WORDS = [*NUMBER_WORDS, "eleven", "twelve"]


def _number(tree: AnyTree) -> int:
    (token,) = tokens(tree)
    text = str(token)
    return int(text) if text.isdigit() else _NUMBER_WORDS.index(text.casefold())


def _location(tree: AnyTree) -> Location:
    found = child(tree, "location")
    assert found is not None
    lat, lon = (int(str(next(tokens(c))).replace("\u2212", "-")) for c in subtrees(found))
    return lat, lon


def _word(tree: AnyTree, kind: str) -> str | None:
    """The first token of terminal ``kind``, capitalised as the text names it."""
    found = next((t for t in tokens(tree) if t.type == kind), None)
    return None if found is None else _canonical(str(found))


def _canonical(word: str) -> str:
    word = word.casefold()
    if word.startswith("arcadia"):
        return "Arcadia"
    return "Stone" if word == "stones" else word.capitalize()


def _amount(tree: AnyTree) -> tuple[str, int]:
    number = child(tree, "number")
    assert number is not None
    currency = next(t for t in tokens(tree) if isinstance(t, Token) and t.type == "RESOURCE")
    return _canonical(str(currency)), _number(number)


CONCLUDE_WORDS = "conclude the Arcadian Tournament with no winner"


def _objections(tree: AnyTree) -> tuple[Method, ...]:
    found = child(tree, "objections")
    if found is None:
        return ()
    number = child(found, "number")
    n = None if number is None else _number(number) * 10
    return (Method(MethodKind.OBJECTIONS, n_tenths=n),)


def _conclude_action(tree: AnyTree, source: SourceText) -> Action | None:
    """The tabled-action library's actions on concluding with no winner (rule 2566, R4-3)
    and on the Lost and Found Department's assets (rule 2576, R4-2)."""
    kind = str(tree.data)
    action: Action
    lost = child(tree, "lost_transfer") or child(tree, "lost_destroy")
    if lost is not None:
        # The Lost and Found Department's assets (rule 2576, R4-2).
        costs = child(lost, "costs")
        assert costs is not None
        amounts = tuple(_amount(a) for a in subtrees(costs))
        found = child(lost, "recipient")
        to = None if found is None else str(next(tokens(found)))
        action = LostAndFound(source, amounts, to)
    elif child(tree, "conclude") is not None:
        # The intended action in its own words, as a reply's bare "I support." names it.
        action = ConcludeNoWinner(SourceText(CONCLUDE_WORDS, source.line, source.column))
    else:
        return None
    return act_on_own_intent(kind, "conclude", source, action, lambda: _objections(tree))


def game_action(tree: AnyTree, source: SourceText) -> Action:
    concluding = _conclude_action(tree, source)
    if concluding is not None:
        return concluding
    kind = str(tree.data)
    if kind == "join":
        return JoinTournament(source)
    if kind == "leave":
        return LeaveTournament(source)
    if kind == "claim":
        return ClaimLand(source, _location(tree), _word(tree, "LAND_TYPE"))
    if kind == "build":
        costs = child(tree, "costs")
        paid = None if costs is None else tuple(_amount(a) for a in subtrees(costs))
        facility = _word(tree, "FACILITY")
        assert facility is not None
        return BuildFacility(source, facility, _location(tree), paid)
    if kind == "build_mine":
        costs = child(tree, "costs")
        paid = None if costs is None else tuple(_amount(a) for a in subtrees(costs))
        facility = _word(tree, "FACILITY")
        assert facility is not None
        return BuildOnMyLand(source, facility, paid)
    if kind == "destroy_mine":
        return DestroyMyFacility(source, _word(tree, "FACILITY"))
    if kind == "destroy_facility":
        return DestroyFacility(source, _location(tree), _word(tree, "FACILITY"))
    if kind == "food_for_energy":
        costs = child(tree, "costs")
        assert costs is not None
        energy = child(tree, "number")
        destroyed = tuple(_amount(a) for a in subtrees(costs))
        return FoodForEnergy(source, destroyed, None if energy is None else _number(energy))
    if kind in ("transfer_currencies", "transfer_land"):
        return _asset_action(kind, tree, source)
    raise ValueError(f"not an Arcadia action: {kind}")


def _asset_action(kind: str, tree: AnyTree, source: SourceText) -> Action:
    """Rule 2577's transfers by announcement (rulings R4-1)."""
    costs = child(tree, "costs")
    amounts = () if costs is None else tuple(_amount(a) for a in subtrees(costs))
    found = child(tree, "recipient")
    assert found is not None
    (recipient,) = tokens(found)
    if kind == "transfer_land":
        return TransferLand(source, _location(tree), str(recipient))
    return TransferCurrencies(source, amounts, str(recipient))


def sentence_actions(tree: AnyTree, source: SourceText) -> list[Action]:
    """The actions of one parsed sentence, each with its words (from its subject, if it has
    one, to its end)."""
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
