"""The project's own exceptions. Each has a readable ``str`` that is safe to show a person."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.games.base import RuleCitation


class RefereeError(Exception):
    """Root of every error the referee raises on purpose."""


class ConfigError(RefereeError):
    """The configuration is wrong; names the key and the problem."""

    def __init__(self, key: str, problem: str) -> None:
        super().__init__(f"{key}: {problem}")
        self.key = key
        self.problem = problem


class OptionError(ConfigError):
    """A ruleset option is unknown, or its value has the wrong type or is not one of its
    choices; ``key`` is ``options.<name>``, to be prefixed with where it was set."""

    def __init__(self, option: str, problem: str) -> None:
        super().__init__(f"options.{option}", problem)
        self.option = option


class RuleTextError(RefereeError):
    """A vendored rule text (``rules/``) lacks a passage a game quotes: a defect of the
    project's files, caught by the test suite before any player could be misquoted."""

    def __init__(self, file: str, problem: str) -> None:
        super().__init__(f"rules/{file}: {problem}")
        self.file = file


class ActionError(RefereeError):
    """An action cannot be performed as written; ``reason`` is a sentence for its author."""

    def __init__(self, reason: str, rule: RuleCitation | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.rule = rule


class ActionSyntaxError(ActionError):
    """The words do not make an action of the game (chess's invalid move)."""


class UnreadableValue(ActionSyntaxError):
    """The words parse, but name a value that cannot be (a date that does not exist): the
    sentence is answered as not understood, with this message."""


class IllegalAction(ActionError):
    """The action breaks a rule. ``reason`` is a sentence for the player; ``rule`` quotes it
    (chess's illegal move)."""


class AmbiguousAction(ActionError):
    """The words could mean more than one action, and an officer does not guess which
    (chess's ambiguous move)."""


class StoreError(RefereeError):
    """The database could not do what was asked (schema out of date, unreachable)."""


class UnknownGameError(RefereeError):
    def __init__(self, name: str, known: list[str]) -> None:
        listed = ", ".join(known) or "none are configured"
        super().__init__(f"there is no game called {name!r} (games: {listed})")
        self.name = name


class ServerUnavailableError(RefereeError):
    """A mail server the configuration names could not be reached, or refused the referee."""


def fault_reason(error: BaseException) -> str:
    """What may be recorded of ``error`` where an officer reads it (a quarantine reason):
    the referee's own errors say what went wrong in words written for a person; any other
    exception only by its class, since its text may repeat what the mail held (a
    passphrase, a secret move, whatever an attacker chose to write)."""
    if isinstance(error, RefereeError):
        return f"{type(error).__name__}: {error}"
    return f"{type(error).__name__} (its text is not recorded: it may repeat the mail)"


def fault_trace(error: BaseException) -> str:
    """``error``'s traceback for the log, every exception of its chain named by its class
    and where it was raised, but none of their texts (see :func:`fault_reason`)."""
    import traceback

    parts: list[str] = []
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        frames = "".join(traceback.format_tb(current.__traceback__))
        parts.append(f"Traceback (most recent call last):\n{frames}{fault_reason(current)}")
        current = current.__cause__ or (
            None if current.__suppress_context__ else current.__context__
        )
    return "\n\nwhich was raised while handling, or because of:\n\n".join(parts)
