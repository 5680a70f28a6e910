"""Turn a parse tree of one sentence (grammar/register.lark) into typed Register actions."""

from __future__ import annotations

from typing import Any

from referee.games.base import Action, SourceText
from referee.games.register.actions import Appoint, Deregister, Resign, SetActivity
from referee.games.register.state import office_key
from referee.parsing.trees import Token, Tree


def sentence_actions(tree: Any, source: SourceText) -> list[Action]:
    """The one action of a parsed sentence."""
    (action,) = tree.children
    names = [str(c.children[0]) for c in action.children if _is(c, "person")]
    offices = [office_key(str(c.children[0])) for c in action.children if _is(c, "office")]
    tokens = {t.type: str(t) for t in action.children if isinstance(t, Token)}
    kind = str(action.data)
    if kind == "appoint":
        return [Appoint(source, names[0], offices[0])]
    if kind == "resign":
        return [Resign(source, offices[0])]
    if kind == "become":
        return [SetActivity(source, None, tokens["ACTIVITY"].lower() == "active")]
    if kind == "set_activity":
        if "ACTIVITY" in tokens:
            return [SetActivity(source, names[0], tokens["ACTIVITY"].lower() == "active")]
        return [SetActivity(source, names[0], "ACTIVATE" in tokens)]
    if kind == "deregister":
        # "I deregister myself" is the speaker, not a player called "myself".
        named = names[0] if names and names[0].casefold() != "myself" else None
        return [Deregister(source, named)]
    raise ValueError(f"unexpected Register sentence: {kind}")


def _is(child: Any, data: str) -> bool:
    return isinstance(child, Tree) and child.data == data
