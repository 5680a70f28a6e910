"""Officers' corrections: one value of a game's recorded state changed, with the reason.

A correction names a path into the state as dumped (keys joined by dots, list positions as
numbers) and a new value, or asks to remove the entry. It is made on the dumped state,
which must load back: any recorded value can be set, but never a state the game cannot
represent.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import Any

from referee.engine.events import EventKind, EventOutcome
from referee.engine.timeline import GameTimeline
from referee.games.base import Context, IllegalAction, RuleCitation
from referee.parsing.officer_commands import RemoveEntry, SetValue

CORRECTION_RULE = RuleCitation(
    "referee procedure",
    "P13 Corrections",
    "The game's officer or an administrator CAN correct one recorded value of a game's "
    "state by announcement, giving the reason; the correction is recorded like any change.",
)


class _Absent:
    def __repr__(self) -> str:
        return "ABSENT"


_ABSENT: Any = _Absent()


@dataclass(frozen=True)
class Correction:
    """What a correction answers: the summary and the command as it may be repeated
    (both without the values when the path is secret)."""

    summary: str
    text: str


def correct(
    timeline: GameTimeline,
    path: tuple[str, ...],
    change: SetValue | RemoveEntry,
    reason: str,
    context: Context,
    inbound_id: int | None,
    *,
    text: str,
) -> Correction:
    """Correct one value of the timeline's state and record it; returns what to answer."""
    game = timeline.game
    data = copy.deepcopy(timeline.snapshot())
    secret_before = game.is_secret_path(timeline.state, path)
    try:
        old = _replace(data, path, change)
    except IllegalAction as refused:
        if not secret_before:
            raise
        # The usual refusal tells what entries (and how many) there are: not for secrets.
        raise IllegalAction(
            f"{'.'.join(path)} is {game.secret_note.strip('[]')}: there is no such "
            "entry to change, or it cannot be changed so",
            CORRECTION_RULE,
        ) from refused
    try:
        state = game.load(data)
    except Exception as error:
        # The loader's complaint may quote a secret value; then only its kind is told.
        detail = type(error).__name__ if secret_before else f"{type(error).__name__}: {error}"
        raise IllegalAction(
            f"the corrected state is not one {game.name} can hold ({detail})",
            CORRECTION_RULE,
        ) from None
    secret = secret_before or game.is_secret_path(state, path)
    timeline.replace_state(state)
    where = ".".join(path)
    before = "(nothing)" if old is _ABSENT else json.dumps(old, sort_keys=True)
    after = (
        "(removed)" if isinstance(change, RemoveEntry) else json.dumps(change.value, sort_keys=True)
    )
    summary = f"{context.actor} corrected {where} from {before} to {after}: {reason}"
    if not secret:
        timeline.record_event(
            context.at,
            kind=EventKind.CORRECTION,
            text=text,
            outcome=EventOutcome.CORRECTION,
            summary=summary,
            inbound_id=inbound_id,
            actor=context.actor,
        )
        return Correction(summary, text)
    # A secret value (an unrevealed play) is told to nobody, the corrector included:
    # whoever holds or usurps the office must not read the secrets back this way.
    note = game.secret_note
    public = f"{context.actor} corrected {where} {note}: {reason}"
    shown = f"correct {game.name}: {where} {note} because {reason}"
    timeline.record_event(
        context.at,
        kind=EventKind.CORRECTION,
        text=shown,
        outcome=EventOutcome.CORRECTION,
        summary=public,
        inbound_id=inbound_id,
        actor=context.actor,
        private_summary=summary,
        secret=True,
    )
    return Correction(public, shown)


def _replace(data: Any, path: tuple[str, ...], change: SetValue | RemoveEntry) -> Any:
    """Set (or remove) ``data`` at ``path`` in place; returns the old value or _ABSENT."""
    *parents, last = path
    node = data
    for depth, key in enumerate(parents):
        node = _child(node, key, path[: depth + 1])
    if isinstance(node, list):
        index = _index(node, last, path)
        old = node[index]
        if isinstance(change, RemoveEntry):
            del node[index]
        else:
            node[index] = change.value
        return old
    if not isinstance(node, dict):
        raise IllegalAction(f"{'.'.join(path[:-1])} holds no entries to change", CORRECTION_RULE)
    old = node.get(last, _ABSENT)
    if isinstance(change, RemoveEntry):
        if old is _ABSENT:
            raise IllegalAction(f"there is nothing at {'.'.join(path)} to remove", CORRECTION_RULE)
        del node[last]
    else:
        node[last] = change.value
    return old


def _child(node: Any, key: str, where: tuple[str, ...]) -> Any:
    if isinstance(node, dict):
        if key not in node:
            known = ", ".join(sorted(map(str, node))) or "none"
            raise IllegalAction(
                f"there is no {'.'.join(where)} in the state (entries there: {known})",
                CORRECTION_RULE,
            )
        return node[key]
    if isinstance(node, list):
        return node[_index(node, key, where)]
    raise IllegalAction(f"{'.'.join(where[:-1])} holds no entries", CORRECTION_RULE)


def _index(node: list[Any], key: str, where: tuple[str, ...]) -> int:
    if not key.isdigit() or int(key) >= len(node):
        raise IllegalAction(
            f"{'.'.join(where)}: a list position from 0 to {len(node) - 1} is needed",
            CORRECTION_RULE,
        )
    return int(key)
