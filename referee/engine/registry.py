"""The game plug-ins the referee knows, and building the configured games from settings."""

from __future__ import annotations

import importlib
from typing import Any

from referee.config import GameSettings, Settings
from referee.errors import ConfigError
from referee.games.base import Game, GameSetup, Ruleset

GameFactory = type[Game[Any]]

# Each plug-in is imported only when a configured game needs it, so a deployment that runs
# one game does not load the others.
PLUGINS: dict[str, str] = {
    "commune": "referee.games.commune.plugin:CommuneGame",
    "scgo": "referee.games.scgo.plugin:SingleCaptureGo",
}


def load_kind(kind: str) -> GameFactory:
    module_name, _, class_name = PLUGINS[kind].partition(":")
    factory: GameFactory = getattr(importlib.import_module(module_name), class_name)
    return factory


def _ruleset(factory: GameFactory, settings: GameSettings, index: int) -> Ruleset:
    rulesets = factory.rulesets()
    base = rulesets.get(settings.ruleset)
    if base is None:
        versions = ", ".join(sorted(rulesets))
        raise ConfigError(
            f"game[{index}].ruleset",
            f"{settings.kind} has no ruleset {settings.ruleset!r} ({versions})",
        )
    known = {option.name for option in base.options}
    for name, value in settings.options.items():
        if name not in known:
            raise ConfigError(
                f"game[{index}].options.{name}",
                f"is not an option of {base.title} (options: {', '.join(sorted(known)) or 'none'})",
            )
        default = next(o.default for o in base.options if o.name == name)
        if type(value) is not type(default):
            raise ConfigError(
                f"game[{index}].options.{name}",
                f"must be {type(default).__name__} like its default {default!r}",
            )
    return Ruleset(base.version, base.title, base.options, dict(settings.options))


def build_games(settings: Settings) -> list[Game[Any]]:
    """One plug-in instance per configured game, in configuration order."""
    games: list[Game[Any]] = []
    for index, game_settings in enumerate(settings.games):
        if game_settings.kind not in PLUGINS:
            raise ConfigError(
                f"game[{index}].kind",
                f"unknown game kind {game_settings.kind!r} (known: {', '.join(sorted(PLUGINS))})",
            )
        factory = load_kind(game_settings.kind)
        setup = GameSetup(
            name=game_settings.name,
            ruleset=_ruleset(factory, game_settings, index),
            start=game_settings.start,
            officer=game_settings.officer,
        )
        games.append(factory(setup))
    return games
