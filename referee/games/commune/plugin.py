"""Commune as a referee game plug-in: the :class:`CommuneGame` class."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any, ClassVar

from referee.clock import utc
from referee.games.base import (
    Action,
    Context,
    Game,
    GameSetup,
    Handler,
    JsonData,
    Outcome,
    PlayerStatus,
    Ruleset,
    SourceText,
    Tick,
)
from referee.games.commune import detect, participation, report, rules
from referee.games.commune.common import end_time
from referee.games.commune.ending import end
from referee.games.commune.picture import state_picture
from referee.games.commune.rulesets import RULESETS, Rules
from referee.games.commune.state import CommuneState, dump_state, load_state
from referee.games.kit.picture import StatePicture

END_TICK = "end"


class CommuneGame(Game[CommuneState]):
    """Commune (Agora Free Tournament "Commune 2023"), versions v1.2 and v1.3."""

    kind: ClassVar[str] = "commune"
    grammar: ClassVar[str] = "commune.lark"
    lexicon_module: ClassVar[str | None] = "referee.games.commune.lexicon"
    examples: ClassVar[tuple[str, ...]] = (
        "I become a participant in Commune",
        "I cease to be a participant",
        "I begin constructing a 7 with my Left Token Constructor",
        "With my Middle Token Constructor, I grant myself the token it is constructing",
        "I place a tile at G6",
        "I pay A and 6 to place a tile on A6",
        "I name my community Cerulean",
        "I name the community at G6 Cerulean",
        "I grant myself an investment in Jade",
        "I offer my B for any of 3, 4 or 5 (only to Janet)",
        "I accept trade offer 4 with my 5",
        "I withdraw trade offer 4",
    )
    report_template: ClassVar[str | None] = "commune/weekly"

    def __init__(self, setup: GameSetup) -> None:
        super().__init__(setup)
        self.rules = Rules(setup.ruleset, officer=setup.officer)
        self._handlers = rules.handlers(self.rules)

    @classmethod
    def rulesets(cls) -> Mapping[str, Ruleset]:
        return RULESETS

    def initial_state(self) -> CommuneState:
        return CommuneState(started_at=utc(self.setup.start))

    def looks_like_action(self, sentence: str) -> bool:
        return detect.looks_like_action(sentence)

    def transform(self, tree: Any, source: SourceText) -> list[Action]:
        # Imported on first use: a command that only shows a stored state needs no parser.
        from referee.games.commune.transform import sentence_actions

        return sentence_actions(tree, source)

    def handlers(self) -> Mapping[type[Action], Handler[CommuneState, Any]]:
        return self._handlers

    def next_tick(self, state: CommuneState, after: datetime) -> Tick | None:
        if state.over:
            return None
        at = end_time(state)
        if at <= utc(after):
            return None
        return Tick(at, END_TICK, "3 months since the tournament started")

    def apply_tick(self, state: CommuneState, tick: Tick, context: Context) -> Outcome | None:
        if tick.name != END_TICK or state.over or utc(tick.at) < end_time(state):
            return None
        text = end(state, self.rules, tick.at, "end_time")
        return Outcome(f"It has been 3 months since the tournament started: {text}")

    def player_status_changed(
        self, state: CommuneState, status: PlayerStatus, context: Context
    ) -> Outcome | None:
        return participation.status_changed(state, status)

    def participants(self, state: CommuneState) -> frozenset[str]:
        return frozenset(state.participants)

    def is_over(self, state: CommuneState) -> bool:
        return state.over

    def report_context(self, state: CommuneState) -> dict[str, Any]:
        return report.report_context(state)

    def picture(self, state: CommuneState) -> StatePicture:
        return state_picture(state, self.name)

    def dump(self, state: CommuneState) -> JsonData:
        return dump_state(state)

    def load(self, data: JsonData) -> CommuneState:
        return load_state(data)

    def render(self, state: CommuneState, *, reveal_secrets: bool = False) -> str:
        context = report.report_context(state)
        lines = list(context["board"])
        lines.append("")
        for community in context["communities"]:
            lines.append(
                f"{community['mark']} #{community['number']} {community['name']} "
                f"(founder {community['founder']}): {community['tiles']} tiles"
            )
        for p in context["participants"]:
            ctors = p["constructors"]
            lines.append(
                f"{p['name']}: tokens {p['tokens']}; constructors L {ctors['left']} "
                f"M {ctors['middle']} R {ctors['right']}; investments {p['investments']}; "
                f"accolades {p['accolades']}"
            )
        for offer in context["offers"]:
            lines.append(f"offer {offer['number']}: {offer['offerer']} offers {offer['text']}")
        if state.over:
            lines.append(f"ended; winner: {context['winners']}")
        return "\n".join(lines) + "\n"
