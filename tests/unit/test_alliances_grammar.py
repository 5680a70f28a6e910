"""How players write alliance actions (grammar/alliances.lark with grammar/tabled.lark)."""

from __future__ import annotations

import pytest
from test_alliances_support import make_game

from referee.games.alliances.actions import AllianceRef, JoinAlliance, LeaveAlliance
from referee.games.base import Action
from referee.games.tabled import (
    IntentRef,
    Method,
    MethodKind,
    ObjectToIntent,
    PerformIntent,
    SupportIntent,
    TableIntent,
    WithdrawIntent,
    WithdrawObjection,
    WithdrawSupport,
)
from referee.parsing import find_actions

GAME = make_game()
ALL = (Method(MethodKind.SUPPORT, of_all=True),)
ANY = (Method(MethodKind.SUPPORT),)


def actions(text: str) -> list[Action]:
    found = find_actions([GAME], [(1, text)], {"Alliances": True})
    assert not found.not_understood, found.not_understood
    return [f.action for f in found.actions]


def only(text: str) -> Action:
    (action,) = actions(text)
    return action


@pytest.mark.parametrize(
    ("text", "alliance", "methods"),
    [
        (
            "I intend, With the Support of all its existing members, to join Janet's alliance",
            AllianceRef(member="Janet"),
            ALL,
        ),
        ("I intend to join Janet\u2019s alliance with support.", AllianceRef(member="Janet"), ANY),
        ("I intend to join the alliance of Janet with support", AllianceRef(member="Janet"), ANY),
        ("I hereby intend, with support, to join alliance #3", AllianceRef(number=3), ANY),
        ("I intend to join alliance 3", AllianceRef(number=3), ()),
    ],
)
def test_intents_to_join(text: str, alliance: AllianceRef, methods: tuple[Method, ...]) -> None:
    action = only(text)
    assert isinstance(action, TableIntent)
    assert action.action == JoinAlliance(action.action.source, alliance)
    assert action.methods == methods


@pytest.mark.parametrize(
    ("text", "kind", "ref"),
    [
        ("I support intent 2", SupportIntent, IntentRef(number=2)),
        ("I support alliance intent 2", SupportIntent, IntentRef(number=2)),
        ("I support Alliances intent #2", SupportIntent, IntentRef(number=2)),
        ("I object to intent 2", ObjectToIntent, IntentRef(number=2)),
        ("I withdraw my support for intent 2", WithdrawSupport, IntentRef(number=2)),
        ("I withdraw my objection to intent 2", WithdrawObjection, IntentRef(number=2)),
        ("I withdraw my intent 2", WithdrawIntent, IntentRef(number=2)),
        ("I perform intent 2", PerformIntent, IntentRef(number=2)),
        ("I do so", PerformIntent, IntentRef()),
    ],
)
def test_responses_and_performance(text: str, kind: type, ref: IntentRef) -> None:
    action = only(text)
    assert isinstance(action, kind)
    assert vars(action)["ref"] == ref


def test_support_by_sponsor_and_action() -> None:
    action = only("I support nix's intent to join Janet's alliance")
    assert isinstance(action, SupportIntent)
    assert action.ref.sponsor == "nix"
    assert isinstance(action.ref.action, JoinAlliance)
    assert action.ref.action.alliance == AllianceRef(member="Janet")


@pytest.mark.parametrize(
    "text",
    [
        "I join Janet's alliance with support",
        "I join Janet's alliance With the Support of all its existing members",
        "With support, I join Janet's alliance",
        "I join Janet's alliance",
    ],
)
def test_joining_is_performing_the_tabled_action(text: str) -> None:
    action = only(text)
    assert isinstance(action, PerformIntent)
    assert isinstance(action.ref.action, JoinAlliance)
    assert action.ref.action.alliance == AllianceRef(member="Janet")
    assert action.source.text == text


@pytest.mark.parametrize(
    ("text", "alliance"),
    [
        ("I leave my alliance", AllianceRef()),
        ("I leave the alliance", AllianceRef()),
        ("I leave alliance 4", AllianceRef(number=4)),
        ("I leave Janet's alliance", AllianceRef(member="Janet")),
        ("I hereby leave my alliance by announcement", AllianceRef()),
    ],
)
def test_leaving(text: str, alliance: AllianceRef) -> None:
    action = only(text)
    assert isinstance(action, LeaveAlliance) and action.alliance == alliance


def test_several_actions_each_with_its_own_words() -> None:
    support, perform = actions("I support intent 2 and do so")
    assert (support.source.text, perform.source.text) == ("I support intent 2", "do so")
    assert isinstance(perform, PerformIntent) and perform.ref == IntentRef(number=2)
    leave, intend = actions("I leave my alliance, and I intend to join alliance 3 with support")
    assert isinstance(leave, LeaveAlliance) and isinstance(intend, TableIntent)
    assert intend.source.text == "I intend to join alliance 3 with support"


@pytest.mark.parametrize(
    "text",
    [
        "I support",
        "I object.",
        "I intend, without objection, to ratify the attached report",
        "I support this proposal",
        "I place a tile at G6",
    ],
)
def test_agora_business_outside_the_game_is_left_alone(text: str) -> None:
    found = find_actions([GAME], [(1, text)], {"Alliances": True})
    assert found.actions == [] and found.not_understood == []


def test_a_garbled_alliance_sentence_is_reported_with_the_forms() -> None:
    found = find_actions([GAME], [(1, "I join the alliance with Janet in it")], {"Alliances": True})
    assert found.actions == []
    (miss,) = found.not_understood
    assert "I join Janet's alliance with support" in miss.expected
