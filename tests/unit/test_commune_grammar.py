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
    ("I place a tile at G6, paying my G and my 6", (PlaceTile, "G6", ("G", "6"))),
    ("I place a tile at G6 (paying G and 6)", (PlaceTile, "G6", ("G", "6"))),
    ("I place a tile at G6, using a G token and a 6 token", (PlaceTile, "G6", ("G", "6"))),
    ("I spend my G and my 6 to place a tile at G6", (PlaceTile, "G6", ("G", "6"))),
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
    ('I name community 3 "Jade"', (NameCommunity, CommunityRef(number=3), "Jade")),
    ("I name community 3 'Jade'", (NameCommunity, CommunityRef(number=3), "Jade")),
    ("I name community 3 \u201cJade\u201d", (NameCommunity, CommunityRef(number=3), "Jade")),
    (
        "I name my community after the colour 'Jade'",
        (NameCommunity, CommunityRef(), "Jade"),
    ),
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
    ("I offer my B for any of 3, 4, and 5", (MakeOffer, "B", ("3", "4", "5"), None)),
    ("I offer my B for any of 3, 4 and 5", (MakeOffer, "B", ("3", "4", "5"), None)),
    (
        "I offer my B for a 3, a 4, and a 5, only to Janet",
        (MakeOffer, "B", ("3", "4", "5"), ("Janet",)),
    ),
    ("I offer my B for 3 and an E", (MakeOffer, "B", ("3", "E"), None)),
    ("I make a trade offer: my B for 3", (MakeOffer, "B", ("3",), None)),
    ("I offer my B for 3 (to Janet only)", (MakeOffer, "B", ("3",), ("Janet",))),
    ("I accept trade offer 4 with my 5", (AcceptOffer, 4, "5", None, None)),
    ("I accept trade offer #4, giving my 5", (AcceptOffer, 4, "5", None, None)),
    ("I accept snail's offer of a 9 with my 5", (AcceptOffer, None, "5", "snail", "9")),
    ("I withdraw trade offer 4", (WithdrawOffer, 4, None)),
    ("I withdraw my offer", (WithdrawOffer, None, None)),
    ("I withdraw Murphy's trade offer 4", (WithdrawOffer, 4, "Murphy")),
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


def _placements(text: str) -> list[tuple[str, str, int]]:
    return [
        (a.location, a.source.text, a.source.column)
        for a in actions(text)
        if isinstance(a, PlaceTile)
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I place a tile at G6 and at G7",
            [("G6", "I place a tile at G6", 1), ("G7", "at G7", 26)],
        ),
        (
            "I place a tile at G6 and another at G7",
            [("G6", "I place a tile at G6", 1), ("G7", "another at G7", 26)],
        ),
        (
            "I place a tile at G6 and a tile on G7",
            [("G6", "I place a tile at G6", 1), ("G7", "a tile on G7", 26)],
        ),
        (
            "I place tiles at G6 and G7",
            [("G6", "I place tiles at G6", 1), ("G7", "G7", 25)],
        ),
        (
            "I place tiles at G6, G7, and H7",
            [("G6", "I place tiles at G6", 1), ("G7", "G7", 22), ("H7", "H7", 30)],
        ),
        (
            "I place a tile at A6 by paying A and 6 and at B6 by paying B and 6",
            [
                ("A6", "I place a tile at A6 by paying A and 6", 1),
                ("B6", "at B6 by paying B and 6", 44),
            ],
        ),
    ],
)
def test_several_placements_share_one_verb(text: str, expected: list[tuple[str, str, int]]) -> None:
    assert _placements(text) == expected


def test_a_shared_verb_still_ends_where_a_new_action_begins() -> None:
    found = actions("I place tiles at G6 and G7 and grant myself an investment in Jade")
    assert [fields(a) for a in found] == [
        (PlaceTile, "G6", None),
        (PlaceTile, "G7", None),
        (GrantInvestment, CommunityRef(name="Jade")),
    ]
    found = actions("I offer my B for 3 and 4 and place a tile at G6")
    assert [fields(a) for a in found] == [
        (MakeOffer, "B", ("3", "4"), None),
        (PlaceTile, "G6", None),
    ]
    assert found[1].source.text == "place a tile at G6"
    found = actions("I place a tile at G6 and I place a tile at G7")
    assert [a.source.text for a in found] == ["I place a tile at G6", "I place a tile at G7"]


@pytest.mark.parametrize(
    "text",
    [
        "I name my cat Rex",
        "I name my son Red",
        "I accept your apology",
        "I offer my condolences",
        "I withdraw my proposal 8000",
        "I place my bets",
        "I pay my respects",
        "I join the discussion",
        "I grant that you are right",
        "I think investment banking is fun",
        "I cancel my subscription",
        "I place my stone at D4",
        "I place a stone on plot C3 and pay 2 stones",
    ],
)
def test_prose_that_merely_starts_with_a_game_verb_is_not_reported(text: str) -> None:
    assert not GAME.looks_like_action(text)
    assert parse(text) == ParseResult()


@pytest.mark.parametrize(
    "text",
    [
        "I name my community after a nice colour",
        "I name my commune Cerulean",
        "I name the new community Cerulean",
        "I withdraw the offer",
        "I place a tile on the G6 square",
        "I accept offer three",
        "I offer my B to Janet",
        "I grant myself a token please now",
        "I invest all in Jade today",
    ],
)
def test_a_malformed_action_is_still_reported(text: str) -> None:
    result = parse(text)
    assert result.actions == []
    assert len(result.not_understood) == 1, text


@pytest.mark.parametrize(
    "sentence",
    [
        "I, by announcement, become a participant in Commune",
        "By announcement, I become a participant in Commune",
        "By  Announcement I become a participant in Commune",
        "I hereby become a participant in Commune by announcement",
    ],
)
def test_by_announcement_anywhere_it_is_usually_written(sentence: str) -> None:
    from referee.parsing.grammars import parse_sentence

    assert parse_sentence("commune.lark", sentence).data == "sentence"
