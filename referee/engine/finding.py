"""What a message says: its actions, its officers' commands, and the lines not understood."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from referee.engine.context import MessageContext
from referee.engine.reading import ReadMessage
from referee.engine.replied import replied_lines
from referee.engine.results import NotUnderstoodLine, QuotedAction
from referee.engine.timeline import timeline_for
from referee.games.base import Game, Route
from referee.parsing import find_actions
from referee.parsing.finder import FoundAction, NotUnderstood
from referee.parsing.officer_commands import Command, find_commands


@dataclass(frozen=True)
class FoundInMessage:
    """The author's own words, read: commands first, then actions, in the order written."""

    commands: list[Command]
    actions: list[FoundAction]
    not_understood: list[NotUnderstoodLine]
    """Officers' commands not understood, then actions not understood."""
    plays: Mapping[str, bool]


def find_in_message(
    session: Session, games: Sequence[Game[Any]], message: MessageContext
) -> FoundInMessage:
    read = message.read
    plays = _Plays(session, games, message.actor)
    commands = find_commands(read.own_lines())
    # A private mail to the referee may hold a bare move (Single-Capture Go's "e7"); the
    # quoted lines, or else the message replied to, tell which intent a bare "I support."
    # answers and which action "As do I." repeats.
    found = find_actions(
        games,
        read.own_lines(),
        plays,
        private=read.route is Route.PRIVATE and read.sent_to_bot,
        quoted=read.quoted_lines(),
        replied=lambda: replied_lines(session, message),
        author=message.actor,
    )
    return FoundInMessage(
        commands=commands.commands,
        actions=found.actions,
        not_understood=[
            _not_understood(read, miss)
            for miss in [*commands.not_understood, *found.not_understood]
        ],
        plays=plays,
    )


def quoted_actions(
    games: Sequence[Game[Any]], message: MessageContext, found: FoundInMessage
) -> list[QuotedAction]:
    """Actions in quoted text: never performed, only listed in the answer."""
    read = message.read
    quoted = find_actions(games, read.quoted_lines(), found.plays)
    return [
        QuotedAction(item.game, read.redact(item.action.source.text)) for item in quoted.actions
    ]


class _Plays(Mapping[str, bool]):
    """Whether the author takes part in each game, looked up only if a question needs it.

    Most messages parse cleanly and never ask, so the games' states are not loaded for them.
    """

    def __init__(self, session: Session, games: Sequence[Game[Any]], author: str | None) -> None:
        self._session = session
        self._games = {g.name: g for g in games}
        self._author = author
        self._known: dict[str, bool] = {}

    def __getitem__(self, name: str) -> bool:
        if name not in self._known:
            game = self._games[name]
            if self._author is None:
                self._known[name] = False
            else:
                state = timeline_for(game, self._session).state
                self._known[name] = self._author in game.participants(state)
        return self._known[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._games)

    def __len__(self) -> int:
        return len(self._games)


def _not_understood(read: ReadMessage, miss: NotUnderstood) -> NotUnderstoodLine:
    return NotUnderstoodLine(
        text=read.redact(miss.sentence.text),
        line=miss.sentence.line,
        problem=miss.problem,
        expected=list(miss.expected),
        games=list(miss.games),
    )
