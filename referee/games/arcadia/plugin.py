"""The Arcadian Tournament as a referee game plug-in: the :class:`ArcadiaGame` class."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime
from functools import partial
from typing import Any, ClassVar

from referee.clock import utc
from referee.games.arcadia import (
    assets,
    midnight,
    picture,
    references,
    report,
    rules,
)
from referee.games.arcadia.actions import (
    BuildFacility,
    BuildOnMyLand,
    ClaimLand,
    DestroyFacility,
    DestroyMyFacility,
    FoodForEnergy,
    JoinTournament,
    LeaveTournament,
    TransferCurrencies,
    TransferLand,
)
from referee.games.arcadia.intents import TournamentIntents
from referee.games.arcadia.rulesets import (
    ALTERNATING_START,
    CHOICES,
    DEREGISTERED_ASSETS_DESTROYED,
    JOINING_ENERGY,
    MONUMENT_CONCLUDES,
    RULESETS,
    AlternatingStart,
)
from referee.games.arcadia.state import (
    BLACK,
    WHITE,
    ArcadiaState,
    ArcadiaView,
    dump_state,
    load_state,
    view_state,
)
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
from referee.games.kit.options import Options
from referee.games.kit.picture import StatePicture
from referee.games.tabled import TABLED_ACTIONS, TabledParameters

# Every Arcadia sentence names something only Arcadia has; "Stone" alone is not enough
# (Okinawa has Stones too), so "I destroy 2 Stone" never reaches this game's parser.
_ACTION_WORDS = re.compile(
    r"\barcadia(?:n)?\b|\bland\s+(?:unit|type)\b|\b(?:farm|mine|orchard|monument|facility|facilities|"
    r"food|lumber|energy)\b|\bclaim\b[^.]*\(|"
    # Stone is Okinawa's word too, but no action of Okinawa destroys or hands one over.
    r"\b(?:destroy|transfer|give|pay)\b[^.]*\bstones?\b|"
    # Building or tearing down something at a location: told if the thing is unknown.
    # (Transferring one: rule 2577, R4-1.)
    r"\b(?:build|destroy|transfer|give)\b[^.]*\(\s*[+\-\u2212]?[0-9]+\s*,",
    re.IGNORECASE,
)
# Claims told when not read, asked only of a sentence with "claim" in it (a pattern of its
# own keeps the search above fast): a location without its parentheses ("I claim 3,3"),
# land named by description ("I claim the north-west corner").
_CLAIMS = re.compile(
    r"\bclaim\b[^.]*\b[0-9]\s*,\s*[0-9]\b|"
    r"^\s*I\s+(?:hereby\s+)?claim\s+(?:[\w'-]+\s+){0,5}(?:land|plot|unit|"
    r"corner|square|tile|location|spot|parcel|territory|field|patch|piece|area|acre)s?\b",
    re.IGNORECASE,
)


EXPIRY_TICK = "intent-expiry"


class ArcadiaGame(Game[ArcadiaState]):
    """The Arcadian Tournament; its gamemaster is the Lord-Ruler."""

    kind: ClassVar[str] = "arcadia"
    grammar: ClassVar[str] = "arcadia.lark"
    lexicon_module: ClassVar[str | None] = "referee.games.arcadia.lexicon"
    examples: ClassVar[tuple[str, ...]] = (
        "I join the Arcadian Tournament",
        "I leave the Arcadian Tournament",
        "I claim the Land Unit at (3, 4)",
        "I set the Land Type of (3, 4) to Black and transfer it to myself",
        "I build a Farm on (3, 4)",
        "I destroy 1 Lumber and 1 Stone to build a Farm at (3, 4)",
        "I destroy 3 Food to increase my Energy by 3",
        "I destroy the Farm at (3, 4)",
        "I build a Monument at (5, 5)",
        "I build a Farm on my Land Unit",
        "I destroy my Farm",
        "I transfer 3 Food to Janet",
        "I transfer the Land Unit at (3, 4) to nix",
        "I intend, without 3 objections, to conclude the Arcadian Tournament with no winner",
        "I object to the intent to conclude the Arcadian Tournament with no winner",
        "I conclude the Arcadian Tournament with no winner without 3 objections",
    )
    report_template: ClassVar[str | None] = "arcadia/report"
    refuses_while_applying: ClassVar[bool] = True
    """The library finds an intent named by its action as applying settles intents (R4-3)."""
    intents: TournamentIntents
    option_choices: ClassVar[Mapping[str, Any]] = CHOICES

    def __init__(self, setup: GameSetup) -> None:
        super().__init__(setup)
        # The tournament's tabled actions: rule 2566's conclusion with no winner (R4-3) and
        # the Lost and Found Department's assets (rule 2576, R4-2).
        params = TabledParameters.from_ruleset(setup.ruleset)
        self.intents = TournamentIntents(params, setup.name, setup.start)

    @classmethod
    def rulesets(cls) -> Mapping[str, Ruleset]:
        return RULESETS

    @property
    def options(self) -> Options:
        return Options(self.ruleset)

    def initial_state(self) -> ArcadiaState:
        start = self.options.choice(ALTERNATING_START, AlternatingStart)
        return ArcadiaState(alternating=BLACK if start is AlternatingStart.BLACK else WHITE)

    def looks_like_action(self, sentence: str) -> bool:
        if _ACTION_WORDS.search(sentence) is not None:
            return True
        return ("laim" in sentence or "LAIM" in sentence) and _CLAIMS.search(sentence) is not None

    def transform(self, tree: Any, source: SourceText) -> list[Action]:
        # Imported on first use: a command that only shows a stored state needs no parser.
        from referee.games.arcadia.transform import sentence_actions

        return sentence_actions(tree, source)

    def handlers(self) -> Mapping[type[Action], Handler[ArcadiaState, Any]]:
        start = self.setup.start
        energy = self.options.number(JOINING_ENERGY)
        build = partial(rules.build, monument_concludes=self.options.flag(MONUMENT_CONCLUDES))
        tabled = Handler(self.intents.validate, self.intents.apply)
        table: dict[type[Action], Handler[ArcadiaState, Any]] = dict.fromkeys(
            TABLED_ACTIONS, tabled
        )
        return table | {
            JoinTournament: Handler(
                partial(rules.check_join, start=start), lambda s, a, c: rules.join(s, energy, c)
            ),
            LeaveTournament: Handler(
                partial(rules.check_leave, start=start),
                lambda s, a, c: rules.leave(s, rules.actor(c)),
            ),
            ClaimLand: Handler(partial(rules.check_claim, start=start), rules.claim),
            BuildFacility: Handler(partial(rules.check_build, start=start), build),
            DestroyFacility: Handler(partial(rules.check_destroy, start=start), rules.destroy),
            BuildOnMyLand: Handler(
                references.checked(references.my_land, partial(rules.check_build, start=start)),
                references.performed(references.my_land, build),
            ),
            DestroyMyFacility: Handler(
                references.checked(
                    references.my_facility, partial(rules.check_destroy, start=start)
                ),
                references.performed(references.my_facility, rules.destroy),
            ),
            FoodForEnergy: Handler(partial(rules.check_food, start=start), rules.food),
            # Rule 2577's transfers by the owner (R4-1).
            TransferCurrencies: Handler(
                partial(assets.check_transfer, start=start), assets.transfer
            ),
            TransferLand: Handler(
                partial(assets.check_transfer_land, start=start), assets.transfer_land
            ),
        }

    def next_tick(self, state: ArcadiaState, after: datetime) -> Tick | None:
        """The next midnight not yet applied, the conclusion, or an intent's expiry; it may be
        at ``after`` itself when a report drafted at that instant moved the pipeline's clock
        there."""
        ticks: list[Tick] = []
        expiry = self.intents.next_expiry(state, after)
        if expiry is not None:
            ticks.append(Tick(expiry, EXPIRY_TICK, "an intent stops being ripe"))
        found = midnight.next_event(state, self.setup.start)
        if found is not None:
            at, name = found
            detail = "Energy reset and production" if name == midnight.MIDNIGHT else "3 months"
            ticks.append(Tick(at, name, detail))
        return min(ticks, key=lambda t: t.at, default=None)

    def apply_tick(self, state: ArcadiaState, tick: Tick, context: Context) -> Outcome | None:
        if tick.name == EXPIRY_TICK:
            expired = [
                f"intent {i.number}, {i.sponsor}'s intent to {i.text}, expired"
                for i in self.intents.expire(state, tick.at)
            ]
            return Outcome("; ".join(expired)) if expired else None
        if state.over:
            return None
        texts = []
        if tick.name == midnight.MIDNIGHT:
            done = midnight.midnight(state, tick.at)
            if done is not None:
                texts.append(done)
        if utc(tick.at) >= midnight.conclusion_time(self.setup.start):
            texts.append(midnight.conclude(state, tick.at))
        return Outcome("; ".join(texts)) if texts else None

    def player_status_changed(
        self, state: ArcadiaState, status: PlayerStatus, context: Context
    ) -> Outcome | None:
        """A player deregistered from Agora can no longer take part (A3); eir currencies
        are in abeyance and pass to the Lost and Found Department (rule 2576, R3-1)."""
        if status.registered or state.over:
            return None
        destroyed = self.options.flag(DEREGISTERED_ASSETS_DESTROYED)
        if status.name not in state.players:
            return rules.deregistered_outside(state, status.name, to_lost_and_found=not destroyed)
        return rules.leave(
            state, status.name, " on being deregistered", to_lost_and_found=not destroyed
        )

    def participants(self, state: ArcadiaState) -> frozenset[str]:
        return frozenset(state.players)

    def is_over(self, state: ArcadiaState) -> bool:
        return state.over

    def report_context(self, state: ArcadiaState) -> dict[str, Any]:
        return report.report_context(state, self.ruleset)

    def view(self, state: ArcadiaState) -> ArcadiaView:
        return view_state(state)

    def dump(self, state: ArcadiaState) -> JsonData:
        return dump_state(state)

    def load(self, data: JsonData) -> ArcadiaState:
        return load_state(data)

    def render(self, state: ArcadiaState, *, reveal_secrets: bool = False) -> str:
        return "\n".join(report.render_lines(state, self.ruleset))

    def picture(self, state: ArcadiaState) -> StatePicture:
        return picture.state_picture(state, self.ruleset, self.name)
