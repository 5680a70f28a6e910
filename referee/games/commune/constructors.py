"""The Left, Middle and Right Token Constructors: once a week each, begin constructing a
Symbol or grant oneself the token being constructed."""

from __future__ import annotations

from referee.clock import format_utc
from referee.games.base import Context, Outcome
from referee.games.commune import assets
from referee.games.commune.actions import BeginConstructing, GrantConstructed
from referee.games.commune.common import (
    a_symbol,
    actor_name,
    can_hold,
    next_free,
    participant,
    record_use,
    reject,
    used_this_week,
)
from referee.games.commune.rulesets import CONSTRUCTOR_RESETS, Rules
from referee.games.commune.state import SIDES, CommuneState


def _check_week(state: CommuneState, rules: Rules, name: str, side: str, context: Context) -> None:
    if side not in SIDES:
        reject(rules, "constructors", f"there is no {side} Token Constructor")
    last = used_this_week(state, rules, name, side, context.at)
    if last is not None:
        reject(
            rules,
            "constructor_week",
            f"{name} already used eir {side.capitalize()} Token Constructor this week (on "
            f"{format_utc(last)}); it can be used again from {format_utc(next_free(rules, last))}",
        )


def check_begin(
    state: CommuneState, rules: Rules, action: BeginConstructing, context: Context
) -> None:
    name = actor_name(context)
    participant(state, rules, name, "constructors")
    _check_week(state, rules, name, action.side, context)


def begin(
    state: CommuneState, rules: Rules, action: BeginConstructing, context: Context
) -> Outcome:
    name = actor_name(context)
    player = state.participants[name]
    player.constructors[action.side] = action.symbol
    record_use(state, name, action.side, context.at)
    return Outcome(
        f"{name} began constructing {a_symbol(action.symbol)} with eir "
        f"{action.side.capitalize()} Token Constructor"
    )


def check_grant(
    state: CommuneState, rules: Rules, action: GrantConstructed, context: Context
) -> None:
    name = actor_name(context)
    player = participant(state, rules, name, "constructors")
    _check_week(state, rules, name, action.side, context)
    symbol = player.constructors.get(action.side)
    if symbol is None:
        reject(
            rules,
            "constructor_grant",
            f"{name}'s {action.side.capitalize()} Token Constructor is set to construct nothing",
        )
    if action.symbol is not None and action.symbol != symbol:
        reject(
            rules,
            "constructor_grant",
            f"{name}'s {action.side.capitalize()} Token Constructor is constructing "
            f"{a_symbol(symbol)}, not {a_symbol(action.symbol)}",
        )


def grant(state: CommuneState, rules: Rules, action: GrantConstructed, context: Context) -> Outcome:
    name = actor_name(context)
    player = state.participants[name]
    symbol = player.constructors[action.side]
    assert symbol is not None  # checked by check_grant
    record_use(state, name, action.side, context.at)
    if rules.on(CONSTRUCTOR_RESETS):
        player.constructors[action.side] = None
    source = f"from eir {action.side.capitalize()} Token Constructor"
    if not can_hold(context, name):
        return Outcome(
            f"{name}'s {symbol} {source} was destroyed (Clean-Up: e is not an active player)"
        )
    assets.add_tokens(player, symbol)
    return Outcome(f"{name} granted emself {a_symbol(symbol)} {source}")
