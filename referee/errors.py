"""The project's own exceptions. Each has a readable ``str`` that is safe to show a person."""

from __future__ import annotations


class RefereeError(Exception):
    """Root of every error the referee raises on purpose."""


class ConfigError(RefereeError):
    """The configuration is wrong; names the key and the problem."""

    def __init__(self, key: str, problem: str) -> None:
        super().__init__(f"{key}: {problem}")
        self.key = key
        self.problem = problem


class StoreError(RefereeError):
    """The database could not do what was asked (schema out of date, unreachable)."""


class UnknownGameError(RefereeError):
    def __init__(self, name: str, known: list[str]) -> None:
        listed = ", ".join(known) or "none are configured"
        super().__init__(f"there is no game called {name!r} (games: {listed})")
        self.name = name


class ServerUnavailableError(RefereeError):
    """A mail server the configuration names could not be reached, or refused the referee."""
