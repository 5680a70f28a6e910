"""The typed actions that change the Register, built from ``grammar/register.lark``."""

from __future__ import annotations

from dataclasses import dataclass

from referee.games.base import Action


@dataclass(frozen=True)
class Appoint(Action):
    """An office is given to a player (by its holder, or by an administrator)."""

    player: str
    office: str


@dataclass(frozen=True)
class Resign(Action):
    """The holder leaves an office, which becomes vacant."""

    office: str


@dataclass(frozen=True)
class SetActivity(Action):
    """A player becomes active or inactive; ``player`` None means the speaker emself."""

    player: str | None
    active: bool


@dataclass(frozen=True)
class Deregister(Action):
    """A player ceases to be a player; ``player`` None means the speaker emself."""

    player: str | None


@dataclass(frozen=True)
class RegisterSelf(Action):
    """ "I register": never performed (players are registered by the configuration, and
    Agora's registration rule is not among the texts the referee implements); the answer
    says what holds for this author."""


@dataclass(frozen=True)
class Deputise(Action):
    """ "I deputise for the Registrar to ...": an office's act by someone who does not hold
    it. Never performed here; the answer names the condition that is not met."""

    office: str
    task: str
    temporary: bool
