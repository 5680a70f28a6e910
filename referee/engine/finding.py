"""What a message says: its actions, its officers' commands, and the lines not understood."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy.orm import Session

from referee.engine.attachments import attachment_actions
from referee.engine.context import MessageContext
from referee.engine.reading import ReadMessage
from referee.engine.replied import replied_lines
from referee.engine.results import NotUnderstoodLine, QuotedAction
from referee.engine.timeline import timeline_for
from referee.games.base import Game, Route
from referee.parsing import find_actions
from referee.parsing.attempts import in_own_voice
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
    return find_with(
        games,
        message,
        plays_in(session, games, message.actor),
        lambda: replied_lines(session, message),
    )


def plays_in(
    session: Session, games: Sequence[Game[Any]], author: str | None
) -> Mapping[str, bool]:
    """Whether ``author`` takes part in each game, as the store says when asked."""
    return _Plays(session, games, author)


def find_with(
    games: Sequence[Game[Any]],
    message: MessageContext,
    plays: Mapping[str, bool],
    replied: Callable[[], list[tuple[int, str]]],
) -> FoundInMessage:
    """What ``message`` says, with the store's answers given as ``plays`` (whether the
    author takes part in each game) and ``replied`` (the lines of the message answered)."""
    read = message.read
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
        replied=replied,
        author=message.actor,
    )
    told = [
        _not_understood(read, miss) for miss in [*commands.not_understood, *found.not_understood]
    ]
    subject = _subject_action(games, message, plays, found.actions)
    if subject is not None:
        told.insert(0, subject)
    if not found.actions and not commands.commands:
        # Only when the message's own text does nothing: beside acts of its own, an
        # attached file is the author's draft or record, not eir acts (P63-read-agora-s16-8).
        told.extend(attachment_actions(games, read, plays, message.actor))
    return FoundInMessage(
        commands=commands.commands,
        actions=found.actions,
        not_understood=told,
        plays=plays,
    )


SUBJECT_LINE = 0
"""The line number that stands for the Subject in what is told (answers say "Subject")."""

# A reply's or a forward's Subject is the earlier message's; a tag is the list's or the
# author's filing ("[Commune]", "BUS:", "OFF:").
_INHERITED_SUBJECT = re.compile(
    r"^\s*(?:re|fwd?|aw|sv|vs|antw|r|rif|tr|wg)\s*(?:\[\d+\])?\s*:", re.I
)
_SUBJECT_TAG = re.compile(r"^\s*(?:\[[^\]]{1,40}\]\s*|[A-Z]{2,5}\s*:\s*)+")


def _subject_action(
    games: Sequence[Game[Any]],
    message: MessageContext,
    plays: Mapping[str, bool],
    performed: Sequence[FoundAction],
) -> NotUnderstoodLine | None:
    """The author's own Subject when it reads as an action the body does not hold.

    Actions are read from the body alone (rulings P46-subject): a Subject is a title,
    and a thread carries it on. So that an action written only there is not lost in
    silence, the author of a fresh message (not a reply or a forward) is told.
    """
    read = message.read
    subject = read.header_text("Subject")
    if not subject or _INHERITED_SUBJECT.match(subject) or read.message.get("In-Reply-To"):
        return None
    title = _SUBJECT_TAG.sub("", subject).strip()
    private_move = read.route is Route.PRIVATE and read.sent_to_bot  # "e7" may be a play
    if not title or not (private_move or in_own_voice(title)):
        return None  # most titles: "Commune", "Tiles this week"
    trial = find_actions(
        games,
        [(SUBJECT_LINE, title)],
        plays,
        private=private_move,
        author=message.actor,
    )
    if not trial.actions or all(_in(item, performed) for item in trial.actions):
        return None
    return NotUnderstoodLine(
        text=read.redact(title),
        line=SUBJECT_LINE,
        problem="the Subject reads as an action, but the referee reads actions only from a "
        "message's text (a Subject is a title, which replies carry on), so nothing was "
        "done; to act, write the action in the message itself",
        expected=[],
        games=[item.game for item in trial.actions],
    )


def _in(item: FoundAction, performed: Sequence[FoundAction]) -> bool:
    """Whether the body holds the same action (wherever it was written)."""
    return any(
        other.game == item.game and replace(other.action, source=item.action.source) == item.action
        for other in performed
    )


def quoted_actions(
    games: Sequence[Game[Any]], message: MessageContext, found: FoundInMessage
) -> list[QuotedAction]:
    """Actions in quoted text: never performed, only listed in the answer."""
    read = message.read
    quoted = find_actions(games, read.quoted_lines(), found.plays, own_words=False)
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
    # The author is shown the words e wrote, never the finder's rewriting of them ("Plus a
    # tile at G2, if it's free" is not "I a tile at G2, ...").
    return NotUnderstoodLine(
        text=read.redact(miss.sentence.written or miss.sentence.text),
        line=miss.sentence.line,
        problem=miss.problem,
        expected=list(miss.expected),
        games=list(miss.games),
    )
