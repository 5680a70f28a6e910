"""The command line as a tree, read from the argparse parser itself: what the man page
and the shell completion are generated from, so neither can drift from the commands."""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Option:
    flags: tuple[str, ...]
    metavar: str | None  # None for a flag that takes no value
    help: str
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class Command:
    path: tuple[str, ...]  # ("referee", "config", "init")
    help: str
    options: tuple[Option, ...]
    positionals: tuple[Option, ...]
    children: tuple[Command, ...] = field(default=())

    @property
    def name(self) -> str:
        return " ".join(self.path)

    def walk(self) -> list[Command]:
        found = [self]
        for child in self.children:
            found.extend(child.walk())
        return found


def _help(action: argparse.Action) -> str:
    text = action.help or ""
    return "" if text == argparse.SUPPRESS else text


def _option(action: argparse.Action) -> Option:
    takes_value = action.nargs != 0
    metavar = action.metavar if isinstance(action.metavar, str) else None
    if takes_value and metavar is None:
        metavar = (action.dest or "value").upper()
    choices = tuple(str(c) for c in action.choices) if action.choices else ()
    return Option(
        tuple(action.option_strings), metavar if takes_value else None, _help(action), choices
    )


def command_tree(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ("referee",), help_text: str = ""
) -> Command:
    options: list[Option] = []
    positionals: list[Option] = []
    children: list[Command] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: _help(choice) for choice in action._choices_actions}
            for name, sub in action.choices.items():
                children.append(command_tree(sub, (*path, name), helps.get(name, "")))
        elif action.option_strings:
            options.append(_option(action))
        else:
            positionals.append(_option(action))
    return Command(
        path,
        help_text or parser.description or "",
        tuple(options),
        tuple(positionals),
        tuple(children),
    )
