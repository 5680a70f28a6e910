"""Ruleset options: checked once, in one place, and read through typed accessors.

A configuration (or an amendment) sets options by name; :func:`check_options` refuses an
unknown name, a value whose type differs from the option's default, and a word that is not
one of the option's choices, before any game is built. A game then reads its options with
:class:`Options`, which returns each as the type it is declared with.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import TypeVar

from referee.errors import OptionError
from referee.games.base import Ruleset

OptionValue = bool | int | str
Choices = Mapping[str, type[StrEnum]]
"""The options whose value is one of a fixed set of words, with the words' enumeration."""

E = TypeVar("E", bound=StrEnum)


def check_options(
    base: Ruleset, options: Mapping[str, OptionValue], choices: Choices | None = None
) -> Ruleset:
    """``base`` with ``options`` set, each checked; :class:`OptionError` names the first
    wrong one."""
    defaults = {option.name: option.default for option in base.options}
    for name, value in options.items():
        renamed = next((o for o in base.options if o.replaces and o.replaces == name), None)
        if renamed is not None:
            raise OptionError(
                name,
                f"was replaced by {renamed.name}, which means the opposite and is off by "
                f"default: drop {name} = true, or write {renamed.name} = true for {name} = false",
            )
        if name not in defaults:
            known = ", ".join(sorted(defaults)) or "none"
            raise OptionError(name, f"is not an option of {base.title} (options: {known})")
        default = defaults[name]
        if type(value) is not type(default):
            raise OptionError(
                name, f"must be {type(default).__name__} like its default {default!r}"
            )
    ruleset = Ruleset(base.version, base.title, base.options, dict(options))
    check_choices(ruleset, choices or {})
    return ruleset


def check_choices(ruleset: Ruleset, choices: Choices) -> None:
    """Every option of ``choices`` holds one of its words (a misspelt word would otherwise
    surface mid-game, as a quarantined message)."""
    for name, kind in choices.items():
        value = ruleset.option(name)
        if value not in {choice.value for choice in kind}:
            allowed = ", ".join(f'"{choice.value}"' for choice in kind)
            raise OptionError(name, f"must be one of {allowed}, not {value!r}")


class Options:
    """Typed reading of a checked ruleset's options."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset

    def flag(self, name: str) -> bool:
        return _typed(name, self.ruleset.option(name), bool)

    def number(self, name: str) -> int:
        return _typed(name, self.ruleset.option(name), int)

    def word(self, name: str) -> str:
        return _typed(name, self.ruleset.option(name), str)

    def choice(self, name: str, kind: type[E]) -> E:
        return kind(self.word(name))


T = TypeVar("T", bool, int, str)


def _typed(name: str, value: object, kind: type[T]) -> T:
    # ``bool`` is an ``int`` to Python; an option is one or the other, never both.
    if type(value) is not kind:
        raise OptionError(name, f"is {value!r}, not a {kind.__name__}")
    assert isinstance(value, kind)
    return value
