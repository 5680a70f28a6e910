"""A sentence telling of the author's circumstances, beside the action it explains.

"I'm back from my hiatus. I flip my Activity switch to Active.": the first sentence names
one of the Register's own words in the author's voice, and alone it is told to its author
as an attempt (e may have meant it as the change). Beside the change it explains, announced
in the same message, it is the reason for that change, and a careful officer says nothing
of it. Each game names such sentences, and the action each explains, in its
:attr:`~referee.games.base.Lexicon.circumstances`; nothing here is ever performed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from referee.games.base import Action, Game, SourceText
from referee.parsing.grammars import SentenceSyntaxError, parse_sentence

if TYPE_CHECKING:
    from referee.parsing.finder import FoundAction, NotUnderstood

_NOWHERE = SourceText("", 0, 0)


def without_explained(
    told: Sequence[NotUnderstood], found: Sequence[FoundAction], games: Iterable[Game[Any]]
) -> list[NotUnderstood]:
    """``told`` without the sentences that only explain an action in ``found``."""
    if not found:
        return list(told)
    by_name = {game.name: game for game in games if game.lexicon.circumstances}
    if not by_name:
        return list(told)
    return [
        item
        for item in told
        if not any(
            _explains(by_name[name], item.sentence.text, found)
            for name in item.games
            if name in by_name
        )
    ]


def _explains(game: Game[Any], text: str, found: Sequence[FoundAction]) -> bool:
    for pattern, canonical in game.lexicon.circumstances:
        if pattern.match(text) is None:
            continue
        wanted = _canonical_actions(game, canonical)
        if any(
            item.game == game.name and replace(item.action, source=_NOWHERE) in wanted
            for item in found
        ):
            return True
    return False


@lru_cache(maxsize=64)
def _canonical_actions(game: Game[Any], canonical: str) -> tuple[Action, ...]:
    """The actions ``canonical`` reads as in ``game``, without where they were written."""
    try:
        tree = parse_sentence(game.grammar, canonical)
    except SentenceSyntaxError:
        return ()
    return tuple(replace(action, source=_NOWHERE) for action in game.transform(tree, _NOWHERE))
