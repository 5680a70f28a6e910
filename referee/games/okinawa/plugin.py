"""Okinawa as a referee game plug-in: the :class:`OkinawaGame` class."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime
from typing import Any, ClassVar

from referee.clock import next_week_start, utc, week_start
from referee.games.base import (
    Action,
    Audience,
    Context,
    Game,
    GameSetup,
    Handler,
    JsonData,
    Notice,
    Outcome,
    PlayerStatus,
    Ruleset,
    SourceText,
    Tick,
)
from referee.games.kit.options import Options
from referee.games.kit.picture import StatePicture
from referee.games.okinawa import destroying, partition, picture, playing, report, stones
from referee.games.okinawa.actions import CaptureChain, DestroyStones, PlayStone
from referee.games.okinawa.rulesets import RULESETS, SHOURI_COUNTS_AIRBORNE
from referee.games.okinawa.state import OkinawaState, dump_state, load_state

WEEK_TICK = "week"
SHOURI_TEMPLATE = "okinawa/shouri"

# A play names a Stone with a verb of placing; a capture names a chain. Mail about other
# games' Stones (paid, transferred, destroyed unless airborne or on a Plot) or their
# coordinates never matches.
_ACTION_WORDS = re.compile(
    r"\b(?:play|place|put|drop|move)(?:s|ed|ing)?\b[^.;]*\bstones?\b"
    r"|\bcaptur(?:e|es|ed|ing)\b[^.;]*\b(?:chains?|groups?|strings?|stones?)\b"
    # A capture of something else ("I capture everything") is told, never dropped.
    r"|^\s*I\s+captures?\b"
    # Rule 2577's destruction, when it names Okinawa's Stones: airborne, or on a Plot (R5-2).
    r"|\bdestroy(?:s|ed|ing)?\b[^.;]*\b(?:airborne\s+stones?|stone\s+(?:at|on)\b)",
    re.IGNORECASE,
)


class OkinawaGame(Game[OkinawaState]):
    """The rule "Okinawa" of Proposal 7450 "Igora"; the Sensei keeps it."""

    kind: ClassVar[str] = "okinawa"
    grammar: ClassVar[str] = "okinawa.lark"
    lexicon_module: ClassVar[str | None] = "referee.games.okinawa.lexicon"
    examples: ClassVar[tuple[str, ...]] = (
        "I play a Stone at (+2, -3)",
        "I play a Stone on the plot at latitude 2, longitude -3",
        "I play a Stone at 2N 3W",
        "I play Stones at (+1, +1) and (+1, +2)",
        "I play my Stone at (+1, +1) on (+2, -3)",
        "I capture the chain at (+1, +1)",
        "I capture the chain containing (+1, +1)",
        "I capture my chain in jeopardy",
        "I destroy 2 airborne Stones",
        "I destroy my Stone at (+1, +1)",
    )
    report_template: ClassVar[str | None] = "okinawa/weekly"
    reads: ClassVar[frozenset[str]] = frozenset({partition.ALLIANCES})

    def __init__(self, setup: GameSetup) -> None:
        super().__init__(setup)
        options = Options(setup.ruleset)
        self.play_rules = playing.PlayRules.of(options)
        self.shouri_counts_airborne = options.flag(SHOURI_COUNTS_AIRBORNE)

    @classmethod
    def rulesets(cls) -> Mapping[str, Ruleset]:
        return RULESETS

    def initial_state(self) -> OkinawaState:
        return OkinawaState()

    def looks_like_action(self, sentence: str) -> bool:
        return _ACTION_WORDS.search(sentence) is not None

    def transform(self, tree: Any, source: SourceText) -> list[Action]:
        # Imported on first use: a command that only shows a stored state needs no parser.
        from referee.games.okinawa.transform import sentence_actions

        return sentence_actions(tree, source)

    def handlers(self) -> Mapping[type[Action], Handler[OkinawaState, Any]]:
        return {
            PlayStone: Handler(self._validate_play, self._play),
            CaptureChain: Handler(playing.validate_capture, self._capture),
            DestroyStones: Handler(destroying.validate_destroy, self._destroy),
        }

    def _validate_play(self, state: OkinawaState, action: PlayStone, context: Context) -> None:
        playing.validate_play(state, action, context, self.play_rules)

    def _play(self, state: OkinawaState, action: PlayStone, context: Context) -> Outcome:
        return self._after(state, playing.apply_play(state, action, context), context)

    def _capture(self, state: OkinawaState, action: CaptureChain, context: Context) -> Outcome:
        return self._after(state, playing.apply_capture(state, action, context), context)

    def _destroy(self, state: OkinawaState, action: DestroyStones, context: Context) -> Outcome:
        return self._after(state, destroying.apply_destroy(state, action, context), context)

    def _after(self, state: OkinawaState, summary: str, context: Context) -> Outcome:
        """Every change ends here: the partition the map will show, then Shouri."""
        state.alliances = partition.groups(partition.view(context))
        return self._shouri(state, context, summary) or Outcome(summary)

    def player_status_changed(
        self, state: OkinawaState, status: PlayerStatus, context: Context
    ) -> Outcome | None:
        """Shouri speaks of players: when one stops being a player (or becomes one again),
        the only player left with seven Stones in Okinawa satisfies it then."""
        change = (
            f"{status.name}'s standing changed"
            if status.registered
            else f"{status.name} is no longer a player"
        )
        return self._shouri(state, context, change)

    def _shouri(self, state: OkinawaState, context: Context, summary: str) -> Outcome | None:
        """Shouri checked after ``summary``'s change; None when nobody satisfies it."""
        result = stones.check_shouri(
            state, context.players, context.at, airborne=self.shouri_counts_airborne
        )
        if result is None:
            return None
        won = stones.shouri_text(result, airborne=self.shouri_counts_airborne)
        notice = Notice(
            Audience.LIST,
            SHOURI_TEMPLATE,
            {**report.winner_context(result.winner, result.stones, won), "at": context.at},
        )
        return Outcome(f"{summary}; {won}", notices=(notice,))

    def next_tick(self, state: OkinawaState, after: datetime) -> Tick | None:
        # The next award owed, from the game's own record rather than from ``after``: a
        # week's award is never skipped, even when something else (the weekly map, drafted
        # at the same boundary) has already brought the game's clock to that instant.
        return Tick(self._next_award(state), WEEK_TICK, "the beginning of a week")

    def _next_award(self, state: OkinawaState) -> datetime:
        if state.last_award is not None:
            return next_week_start(state.last_award)
        start = utc(self.setup.start)
        return start if week_start(start) == start else next_week_start(start)

    def apply_tick(self, state: OkinawaState, tick: Tick, context: Context) -> Outcome | None:
        if tick.name != WEEK_TICK or utc(tick.at) != self._next_award(state):
            return None
        state.last_award = utc(tick.at)
        return self._after(state, stones.award(state, context.players), context)

    def participants(self, state: OkinawaState) -> frozenset[str]:
        return frozenset(state.persons())

    def report_context(self, state: OkinawaState) -> dict[str, Any]:
        return report.report_context(state)

    def report_context_at(self, state: OkinawaState, context: Context) -> dict[str, Any]:
        # The map shows the alliances, and the chains they make, as they stand when it is
        # drafted, not as the game last read them.
        seen = replace(state, alliances=partition.groups(partition.view(context)))
        return report.report_context(seen)

    def picture(self, state: OkinawaState) -> StatePicture:
        return picture.state_picture(state, self.name)

    def picture_at(self, state: OkinawaState, context: Context) -> StatePicture:
        # As the map's text: the alliances as they stand when the report is drafted.
        return self.picture(replace(state, alliances=partition.groups(partition.view(context))))

    def dump(self, state: OkinawaState) -> JsonData:
        return dump_state(state)

    def load(self, data: JsonData) -> OkinawaState:
        return load_state(data)

    def render(self, state: OkinawaState, *, reveal_secrets: bool = False) -> str:
        return "\n".join(report.render_lines(state)) + "\n"
