"""An attached text file that holds actions: never read as the author's, but told.

Rulings P2: only the message's own text is read, never an attachment. An author who
writes "my actions are in the attached file" and nothing else would otherwise hear
nothing, and believe them done; so a plain-text attachment whose lines read as actions is
named in the answer, with the forms to write in the message itself (P63-read-agora-s16-8).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.engine.reading import ReadMessage
from referee.engine.results import NotUnderstoodLine
from referee.games.base import Game
from referee.parsing import find_actions

ATTACHMENT_LINE = -1
"""The line number that stands for an attachment in what is told (answers say
"Attachment")."""

_FORMS_SHOWN = 5


def attachment_actions(
    games: Sequence[Game[Any]],
    read: ReadMessage,
    plays: Mapping[str, bool],
    author: str | None,
) -> list[NotUnderstoodLine]:
    """One line told for each plain-text attachment that holds what reads as actions."""
    told: list[NotUnderstoodLine] = []
    for attached in read.text.attached:
        lines = list(enumerate(attached.lines, 1))
        found = find_actions(games, lines, plays, own_words=False, author=author)
        if not found.actions:
            continue
        forms = [read.redact(item.action.source.text) for item in found.actions]
        told.append(
            NotUnderstoodLine(
                text=read.redact(attached.name),
                line=ATTACHMENT_LINE,
                problem="the attachment holds what reads as actions, but the referee reads "
                "only the message's own text, never its attachments, so nothing was done; "
                "to act, write the actions in the message itself",
                expected=list(dict.fromkeys(forms))[:_FORMS_SHOWN],
                games=list(dict.fromkeys(item.game for item in found.actions)),
            )
        )
    return told
