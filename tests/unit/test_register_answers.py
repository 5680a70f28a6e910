"""Clear answers to what the Register reads but never performs: "I register" (already
registered, or deregistered) and a deputy's act (which condition is not met), rulings
P21-agora."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from referee.games.base import Context, GameSetup, IllegalAction, Route
from referee.games.register.actions import Deputise, RegisterSelf
from referee.games.register.plugin import REGISTER_NAME, REGISTER_START, RegisterGame
from referee.games.register.state import RegisterState, Standing
from referee.parsing import find_actions

GAME = RegisterGame(
    GameSetup(REGISTER_NAME, RegisterGame.rulesets()["procedure"], REGISTER_START, "registrar"),
    players={
        "nix": Standing(),
        "Janet": Standing(),
        "Murphy": Standing(active=False),
        "Kate": Standing(registered=False, active=False),
    },
    offices={"surveyor": "nix", "registrar": "Janet", "sensei": None},
)
AT = datetime(2023, 5, 3, 12, tzinfo=UTC)


def refusal(actor: str, text: str, offices: frozenset[str] = frozenset()) -> str:
    found = find_actions([GAME], [(1, text)], {REGISTER_NAME: True})
    assert not found.not_understood, found.not_understood
    (item,) = found.actions
    state: RegisterState = GAME.initial_state()
    context = Context(AT, actor, offices, Route.PUBLIC, "m1", {})
    with pytest.raises(IllegalAction) as refused:
        GAME.validate(state, item.action, context)
    assert refused.value.rule is not None
    return refused.value.reason


@pytest.mark.parametrize(
    "text", ["I register.", "I hereby register as a player.", "I register myself."]
)
def test_i_register_is_read(text: str) -> None:
    found = find_actions([GAME], [(1, text)], {REGISTER_NAME: True})
    assert [type(a.action) for a in found.actions] == [RegisterSelf]


def test_i_register_when_already_registered_says_so() -> None:
    assert refusal("nix", "I register.").startswith("nix is already a registered player")
    inactive = refusal("Murphy", "I register.")
    assert "already a registered player" in inactive and '"I become active"' in inactive


def test_i_register_when_deregistered_says_the_referee_registers_no_one_by_mail() -> None:
    reason = refusal("Kate", "I register.")
    assert reason.startswith("Kate is not registered, and the referee registers no one by mail")
    assert "ask the Registrar" in reason


def test_a_deputy_is_told_the_condition_that_fails_and_who_holds_the_office() -> None:
    reason = refusal("nix", "I deputise for the Registrar to deactivate Murphy.")
    assert reason.startswith('the act ("deactivate Murphy") is the registrar\'s')
    assert "nix does not hold the office of registrar (Janet holds it)" in reason


def test_a_deputy_for_a_vacant_office_is_told_it_is_vacant() -> None:
    reason = refusal("nix", "I temporarily deputise for the Sensei to publish the map.")
    assert "(it is vacant)" in reason


def test_the_holder_needs_no_deputy() -> None:
    reason = refusal(
        "nix", "I deputise for the Surveyor to publish the report.", frozenset({"surveyor"})
    )
    assert reason.startswith("nix holds the office of surveyor, so there is no one to deputise")


def test_a_deputy_for_an_office_the_referee_does_not_keep_is_agoras_business() -> None:
    found = find_actions([GAME], [(1, "I deputise for the Rulekeepor.")], {REGISTER_NAME: True})
    assert not found.actions and not found.not_understood


def test_the_deputised_task_is_kept_as_written() -> None:
    found = find_actions(
        [GAME], [(1, "I temporarily deputise for the Registrar to deactivate Murphy.")], {}
    )
    (item,) = found.actions
    assert item.action == Deputise(item.action.source, "registrar", "deactivate Murphy", True)
