"""The grammar, through referee.parsing.find_actions: natural phrasings to typed actions."""

from __future__ import annotations

import pytest
from test_commune_support import make_game

from referee.games.base import Action
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
from referee.parsing import ParseResult, find_actions

GAME = make_game()


def parse(text: str) -> ParseResult:
    return find_actions([GAME], list(enumerate(text.splitlines(), 1)), {"commune": True})


def actions(text: str) -> list[Action]:
    result = parse(text)
    assert not result.not_understood, result.not_understood
    return [found.action for found in result.actions]


def fields(action: Action) -> tuple[object, ...]:
    values = tuple(v for k, v in vars(action).items() if k != "source")
    return (type(action), *values)


CASES: list[tuple[str, tuple[object, ...]]] = [
    ("I place a tile at G6", (PlaceTile, "G6", None)),
    ("i hereby PLACE a tile on g6", (PlaceTile, "G6", None)),
    ("I pay A and 6 to place a tile on A6", (PlaceTile, "A6", ("A", "6"))),
    ("I pay an A token and a 6 token to place a tile at A6", (PlaceTile, "A6", ("A", "6"))),
    ("I place a tile at A6 by paying my A and 6 tokens", (PlaceTile, "A6", ("A", "6"))),
    ("I place a tile at K5", (PlaceTile, "K5", None)),
    ("I begin constructing a 7 with my Left Token Constructor", (BeginConstructing, "left", "7")),
    ("With my Left Token Constructor, I begin constructing an A", (BeginConstructing, "left", "A")),
    ("I set my right token constructor to construct b", (BeginConstructing, "right", "B")),
    (
        "I begin constructing a token with symbol 7 using my middle constructor",
        (BeginConstructing, "middle", "7"),
    ),
    (
        "With my middle constructor, I grant myself the token it is constructing",
        (GrantConstructed, "middle", None),
    ),
    (
        "I grant myself the token my Middle Token Constructor is constructing",
        (GrantConstructed, "middle", None),
    ),
    ("I grant myself a 7 from my left constructor", (GrantConstructed, "left", "7")),
    ("I grant myself an investment in Jade", (GrantInvestment, CommunityRef(name="Jade"))),
    ("I invest in the community at G6", (GrantInvestment, CommunityRef(location="G6"))),
    ("I grant myself an investment in community #3", (GrantInvestment, CommunityRef(number=3))),
    ("I name my community Cerulean", (NameCommunity, CommunityRef(), "Cerulean")),
    (
        "I name the community at G6 Cerulean",
        (NameCommunity, CommunityRef(location="G6"), "Cerulean"),
    ),
    (
        "I offer my B for any of 3, 4 or 5 (only to Janet)",
        (MakeOffer, "B", ("3", "4", "5"), ("Janet",)),
    ),
    (
        "I offer a B for a 3 or a 4, only to Janet and nix",
        (MakeOffer, "B", ("3", "4"), ("Janet", "nix")),
    ),
    ("I make a trade offer: my B for 3", (MakeOffer, "B", ("3",), None)),
    ("I offer my B for 3 (to Janet only)", (MakeOffer, "B", ("3",), ("Janet",))),
    ("I accept trade offer 4 with my 5", (AcceptOffer, 4, "5")),
    ("I accept trade offer #4, giving my 5", (AcceptOffer, 4, "5")),
    ("I withdraw trade offer 4", (WithdrawOffer, 4)),
    ("I become a participant in Commune", (BecomeParticipant,)),
    ("I hereby become a participant of this tournament", (BecomeParticipant,)),
    ("I join Commune", (BecomeParticipant,)),
    ("I cease to be a participant", (CeaseParticipant,)),
    ("I CEASE TO BE A PARTICIPANT IN COMMUNE", (CeaseParticipant,)),
]


@pytest.mark.parametrize(("text", "expected"), CASES, ids=[c[0] for c in CASES])
def test_phrasings(text: str, expected: tuple[object, ...]) -> None:
    (action,) = actions(text)
    assert fields(action) == expected


def test_several_actions_in_one_sentence_keep_their_own_words() -> None:
    found = actions("I place a tile at G6 and grant myself an investment in Jade")
    assert [fields(a) for a in found] == [
        (PlaceTile, "G6", None),
        (GrantInvestment, CommunityRef(name="Jade")),
    ]
    assert found[0].source.text == "I place a tile at G6"
    assert found[1].source.text == "grant myself an investment in Jade"
    assert found[1].source.column == 26


def test_actions_in_prose() -> None:
    found = actions(
        "Hi all.\n"
        "I begin constructing a 7 with my left constructor. I place a tile at B2!\n"
        "- I withdraw trade offer 2\n\n"
        "Cheers, nix"
    )
    assert [type(a) for a in found] == [BeginConstructing, PlaceTile, WithdrawOffer]
    assert (found[1].source.line, found[1].source.column) == (2, 52)


def test_every_example_parses() -> None:
    for example in GAME.examples:
        assert len(actions(example)) == 1, example


def test_plain_prose_is_let_through_cheaply() -> None:
    for text in ("Hi all", "See you on Discord", "The weather is nice today", "Cheers, nix"):
        assert not GAME.looks_like_action(text)
    assert GAME.looks_like_action("I place a tile at G6")
    assert parse("Hi all. The weather is nice today.").actions == []


def test_garbled_action_is_reported() -> None:
    result = parse("I place a tile somewhere nice")
    assert result.actions == []
    (problem,) = result.not_understood
    assert "I place a tile at G6" in problem.expected
