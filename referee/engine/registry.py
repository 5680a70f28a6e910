"""The game plug-ins the referee knows, and building the configured games from settings."""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from referee.config import GameSettings, Settings
from referee.errors import ConfigError, OptionError
from referee.games import UnknownGameKind, find_game
from referee.games.base import Game, GameSetup, Ruleset
from referee.games.kit.options import check_options
from referee.games.register.plugin import REGISTER_NAME, REGISTER_START, RegisterGame
from referee.games.register.state import Standing

GameFactory = type[Game[Any]]


def load_kind(kind: str) -> GameFactory:
    """The plug-in class of a game kind or alias (:data:`referee.games.GAMES`)."""
    return find_game(kind).load()


def ruleset_for(
    factory: GameFactory, version: str, options: Mapping[str, bool | int | str], where: str
) -> Ruleset:
    """The ruleset ``version`` of a plug-in with ``options`` set, each checked; errors name
    ``where`` (the configuration key, or the command's argument)."""
    rulesets = factory.rulesets()
    base = rulesets.get(version)
    if base is None:
        versions = ", ".join(sorted(rulesets))
        raise ConfigError(
            f"{where}.ruleset", f"{factory.kind} has no ruleset {version!r} ({versions})"
        )
    try:
        return check_options(base, options, factory.option_choices)
    except OptionError as wrong:
        raise ConfigError(f"{where}.{wrong.key}", wrong.problem) from None


def _ruleset(factory: GameFactory, settings: GameSettings, index: int) -> Ruleset:
    return ruleset_for(factory, settings.ruleset, settings.options, f"game[{index}]")


def variant(game: Game[Any], ruleset: Ruleset) -> Game[Any]:
    """The same configured game under another ruleset (an amendment's)."""
    return type(game)(replace(game.setup, ruleset=ruleset))


def build_register(settings: Settings) -> RegisterGame:
    """The Register, which every deployment has: the offices and players' standing."""
    return RegisterGame(
        GameSetup(
            name=REGISTER_NAME,
            ruleset=RegisterGame.rulesets()["procedure"],
            start=REGISTER_START,
            officer="registrar",
            publish_directly=False,
        ),
        players={p.name: Standing(p.active, p.first_class) for p in settings.players},
        offices=dict(settings.offices),
    )


def build_games(settings: Settings) -> list[Game[Any]]:
    """The Register, then one plug-in instance per configured game, in configuration order
    (the ones kept by :func:`keep_built` for this very ``settings`` object, if any)."""
    if _Kept.settings is not None and _Kept.settings() is settings:
        return list(_Kept.games)
    games: list[Game[Any]] = [build_register(settings)]
    for index, game_settings in enumerate(settings.games):
        if game_settings.name.casefold() == REGISTER_NAME.casefold():
            raise ConfigError(
                f"game[{index}].name", f"{REGISTER_NAME!r} is the name of the built-in Register"
            )
        try:
            factory = load_kind(game_settings.kind)
        except UnknownGameKind as unknown:
            raise ConfigError(f"game[{index}].kind", str(unknown)) from None
        setup = GameSetup(
            name=game_settings.name,
            ruleset=_ruleset(factory, game_settings, index),
            start=game_settings.start,
            officer=game_settings.officer,
            publish_directly=game_settings.publish == "list",
            attach_board=game_settings.attach_board,
        )
        games.append(factory(setup))
    return games


class _Kept:
    """The games the command line built to check the configuration, with their settings."""

    settings: weakref.ref[Settings] | None = None
    games: tuple[Game[Any], ...] = ()


def keep_built(settings: Settings, games: list[Game[Any]]) -> None:
    """Keep the games just built from ``settings`` (the command line builds them to check
    the configuration before a command runs): :func:`build_games` hands these out for the
    very same settings object instead of building them again."""
    _Kept.settings, _Kept.games = weakref.ref(settings), tuple(games)
