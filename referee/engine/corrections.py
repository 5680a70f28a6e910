"""Officers' corrections: one value of a game's recorded state changed, with the reason.

A correction names a path into the state as dumped (keys joined by dots, list positions as
numbers) and a new value, or asks to remove the entry. It is made on the dumped state,
which must load back: any recorded value can be set, but never a state the game cannot
represent.
"""

from __future__ import annotations

import copy
import json
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


def correct(
    timeline: GameTimeline,
    path: tuple[str, ...],
    change: SetValue | RemoveEntry,
    reason: str,
    context: Context,
    inbound_id: int | None,
    *,
    text: str,
) -> str:
    """Correct one value of the timeline's state and record it; returns what changed."""
    game = timeline.game
    data = copy.deepcopy(timeline.snapshot())
    old = _replace(data, path, change)
    try:
        state = game.load(data)
    except Exception as error:
        raise IllegalAction(
            f"the corrected state is not one {game.name} can hold "
            f"({type(error).__name__}: {error})",
            CORRECTION_RULE,
        ) from None
    timeline.replace_state(state)
    where = ".".join(path)
    before = "(nothing)" if old is _ABSENT else json.dumps(old, sort_keys=True)
    after = (
        "(removed)" if isinstance(change, RemoveEntry) else json.dumps(change.value, sort_keys=True)
    )
    summary = f"{context.actor} corrected {where} from {before} to {after}: {reason}"
    timeline.record_event(
        context.at,
        kind=EventKind.CORRECTION,
        text=text,
        outcome=EventOutcome.CORRECTION,
        summary=summary,
        inbound_id=inbound_id,
        actor=context.actor,
    )
    return summary


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
