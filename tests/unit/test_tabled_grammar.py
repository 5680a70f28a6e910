"""The shared phrasing (grammar/tabled.lark) as any game's grammar imports it."""

from __future__ import annotations

import pytest
from lark.exceptions import UnexpectedInput
from test_tabled_support import DoChore, parse

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

FENCE = ("paint", "fence")


def _chore(action: object) -> tuple[str, str]:
    assert isinstance(action, DoChore)
    return action.deed, action.thing


@pytest.mark.parametrize(
    ("text", "methods"),
    [
        ("I intend, with 2 support, to paint the fence", (Method(MethodKind.SUPPORT, 20),)),
        ("I intend, with support, to paint the fence", (Method(MethodKind.SUPPORT),)),
        ("I intend, with two supporters, to paint the fence", (Method(MethodKind.SUPPORT, 20),)),
        ("I intend to paint the fence without objection", (Method(MethodKind.OBJECTIONS),)),
        (
            "I intend, without 3 objections, to paint the fence",
            (Method(MethodKind.OBJECTIONS, 30),),
        ),
        ("I intend, with Agoran Consent, to paint the fence", (Method(MethodKind.CONSENT),)),
        ("I intend, with 2 Agoran consent, to paint the fence", (Method(MethodKind.CONSENT, 20),)),
        (
            "I intend, with 1.7 Agoran Consent, to paint the fence",
            (Method(MethodKind.CONSENT, 17),),
        ),
        ("I intend, with notice, to paint the fence", (Method(MethodKind.NOTICE),)),
        (
            "I intend, with 4 days notice, to paint the fence",
            (Method(MethodKind.NOTICE, notice_hours=96),),
        ),
        (
            "I intend, with one week's notice, to paint the fence",
            (Method(MethodKind.NOTICE, notice_hours=168),),
        ),
        (
            "I intend, with 36 hours notice, to paint the fence",
            (Method(MethodKind.NOTICE, notice_hours=36),),
        ),
        (
            "I intend, With the Support of all its existing members, to paint the fence",
            (Method(MethodKind.SUPPORT, of_all=True),),
        ),
        (
            "I intend, with 2 support and without 2 objections, to paint the fence",
            (Method(MethodKind.SUPPORT, 20), Method(MethodKind.OBJECTIONS, 20)),
        ),
        (
            "I hereby intend to paint the fence, with 2 support, and without 2 objections",
            (Method(MethodKind.SUPPORT, 20), Method(MethodKind.OBJECTIONS, 20)),
        ),
    ],
)
def test_tabling_names_the_method_and_its_parameters(
    text: str, methods: tuple[Method, ...]
) -> None:
    (action,) = parse(text)
    assert isinstance(action, TableIntent)
    assert action.methods == methods
    assert _chore(action.action) == FENCE
    assert action.action.source.text == "paint the fence"
    assert action.conditions is None


def test_tabling_without_a_method_is_parsed_so_it_can_be_answered() -> None:
    (action,) = parse("I intend to paint the fence")
    assert isinstance(action, TableIntent) and action.methods == ()


def test_conditions_run_to_the_end_of_the_sentence() -> None:
    (action,) = parse("I intend, with support, to paint the fence, provided that it is dry")
    assert isinstance(action, TableIntent)
    assert action.conditions == "provided that it is dry"


@pytest.mark.parametrize(
    ("text", "kind", "ref"),
    [
        ("I support intent 3", SupportIntent, IntentRef(number=3)),
        ("I support intent #3", SupportIntent, IntentRef(number=3)),
        ("I support chore intent 3", SupportIntent, IntentRef(number=3)),
        ("I object to intent 3", ObjectToIntent, IntentRef(number=3)),
        ("I withdraw my support for intent 3", WithdrawSupport, IntentRef(number=3)),
        ("I retract my support from intent 3", WithdrawSupport, IntentRef(number=3)),
        ("I withdraw my objection to intent 3", WithdrawObjection, IntentRef(number=3)),
        ("I withdraw my intent 3", WithdrawIntent, IntentRef(number=3)),
        ("I withdraw intent 3", WithdrawIntent, IntentRef(number=3)),
        ("I perform intent 3", PerformIntent, IntentRef(number=3)),
        ("I resolve intent 3", PerformIntent, IntentRef(number=3)),
        ("I do so", PerformIntent, IntentRef()),
    ],
)
def test_responses_and_performance_by_number(text: str, kind: type, ref: IntentRef) -> None:
    (action,) = parse(text)
    assert isinstance(action, kind)
    assert vars(action)["ref"] == ref


@pytest.mark.parametrize(
    ("text", "sponsor"),
    [
        ("I support nix's intent to paint the fence", "nix"),
        ("I support nix\u2019s intent to paint the fence", "nix"),
        ("I support James' intent to paint the fence", "James"),
        ("I support the intent of Janet to paint the fence", "Janet"),
        ("I support the intent by Janet to paint the fence", "Janet"),
        ("I support the intent to paint the fence", None),
    ],
)
def test_responses_by_sponsor_and_action(text: str, sponsor: str | None) -> None:
    (action,) = parse(text)
    assert isinstance(action, SupportIntent)
    assert action.ref.sponsor == sponsor
    assert _chore(action.ref.action) == FENCE


def test_performing_the_action_itself_with_its_method() -> None:
    (named,) = parse("I paint the fence with 2 support")
    assert isinstance(named, PerformIntent)
    assert _chore(named.ref.action) == FENCE
    assert named.methods == (Method(MethodKind.SUPPORT, 20),)
    (prefixed,) = parse("Without objection, I paint the fence")
    assert isinstance(prefixed, PerformIntent)
    assert prefixed.methods == (Method(MethodKind.OBJECTIONS),)
    (bare,) = parse("I paint the fence")
    assert isinstance(bare, PerformIntent) and bare.methods == ()


def test_support_and_performance_in_one_sentence() -> None:
    support, perform = parse("I support intent 4 and do so")
    assert isinstance(support, SupportIntent) and isinstance(perform, PerformIntent)
    assert perform.ref == IntentRef(number=4)
    assert perform.source.text == "do so"
    _, it = parse("I support intent 4, and I perform it")
    assert isinstance(it, PerformIntent) and it.ref == IntentRef(number=4)


@pytest.mark.parametrize(
    "text",
    [
        "I support",  # answers an intent the referee cannot see (it is quoted)
        "I object",
        "I support this",
        "I intend to paint the fence with lots of support",
        "I intend, with 2 support, paint the fence",
    ],
)
def test_what_is_not_a_form(text: str) -> None:
    with pytest.raises(UnexpectedInput):
        parse(text)
