"""Turn a parse tree of one sentence (grammar/register.lark) into typed Register actions."""

from __future__ import annotations

from typing import Any

from referee.games.base import Action, SourceText
from referee.games.register.actions import (
    Appoint,
    Deputise,
    Deregister,
    RegisterSelf,
    Resign,
    SetActivity,
)
from referee.games.register.state import office_key
from referee.parsing.trees import Token, Tree


def sentence_actions(tree: Any, source: SourceText) -> list[Action]:
    """The actions of a parsed sentence, in the order written; each of several keeps its
    own words (from its subject, if it has one, to its end)."""
    acts = [c for c in tree.children if isinstance(c, Tree) and c.data != "subject"]
    if len(acts) == 1:
        return [_action(acts[0], source)]
    actions: list[Action] = []
    start: int | None = None
    for child in tree.children:
        if not isinstance(child, Tree):
            continue
        if child.data == "subject":
            start = int(getattr(child.meta, "start_pos", 0)) if start is None else start
            continue
        begin = int(getattr(child.meta, "start_pos", 0)) if start is None else start
        end = int(getattr(child.meta, "end_pos", len(source.text)))
        words = SourceText(source.text[begin:end], source.line, source.column + begin)
        actions.append(_action(child, words))
        start = None
    return actions


def _action(action: Any, source: SourceText) -> Action:
    names = [str(c.children[0]) for c in action.children if _is(c, "person")]
    offices = [office_key(str(c.children[0])) for c in action.children if _is(c, "office")]
    tokens = {t.type: str(t) for t in action.children if isinstance(t, Token)}
    kind = str(action.data)
    if kind in ("appoint", "appointed"):
        return Appoint(source, names[0], offices[0])
    if kind == "resign":
        return Resign(source, offices[0])
    if kind == "become":
        return SetActivity(source, None, tokens["ACTIVITY"].lower() == "active")
    if kind in ("set_activity", "now_activity"):
        if "ACTIVITY" in tokens:
            return SetActivity(source, names[0], tokens["ACTIVITY"].lower() == "active")
        return SetActivity(source, names[0], "ACTIVATE" in tokens)
    if kind == "deregister":
        named = names[0] if names else None  # "I deregister (myself)": the speaker
        return Deregister(source, named)
    if kind == "passive":
        word = tokens["PASSIVE"].casefold()
        if word == "deregistered":
            return Deregister(source, names[0])
        return SetActivity(source, names[0], not word.startswith("de"))
    if kind == "register_self":
        return RegisterSelf(source)
    if kind == "deputise":
        task = tokens.get("TASK", "").strip(" ,")
        task = task.split(None, 1)[1] if task.casefold().startswith("to ") else task
        return Deputise(source, offices[0], task, "TEMPORARILY" in tokens)
    raise ValueError(f"unexpected Register sentence: {kind}")


def _is(child: Any, data: str) -> bool:
    return isinstance(child, Tree) and child.data == data
