"""The Single-Capture Go plug-in: the :class:`SingleCaptureGo` game.

Actions: a player agrees to play; the referee (GamesMaster) announces the beginning of the
game, which assigns Letters and begins round 1; players mail their plays privately. Each
round ends with a tick at its deadline, which resolves it (steps 1-6) and announces the next
round or the result.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime
from enum import StrEnum
from typing import Any, ClassVar

from referee.clock import format_utc, utc
from referee.errors import ConfigError, OptionError
from referee.games.base import (
    Action,
    Audience,
    Context,
    Game,
    GameSetup,
    Handler,
    IllegalAction,
    JsonData,
    Notice,
    Outcome,
    PlayerStatus,
    Route,
    Ruleset,
    SourceText,
    Tick,
)
from referee.games.kit.options import Options, check_choices
from referee.games.kit.picture import StatePicture
from referee.games.scgo import quotes
from referee.games.scgo import rulesets as rules
from referee.games.scgo.actions import AgreeToPlay, BeginGame, PlaySquare, Seat
from referee.games.scgo.checks import PlayRules, check_play, is_attempt_in_round
from referee.games.scgo.grid import GroupDefinition, grid_size, picture
from referee.games.scgo.picture import state_picture
from referee.games.scgo.resolve import RoundInput, resolve
from referee.games.scgo.state import (
    Attempt,
    Phase,
    Play,
    ScgoState,
    current_plays,
    dump_state,
    load_state,
    public_data,
)
from referee.games.scgo.timing import round_deadline
from referee.games.scgo.views import (
    doom_lines,
    move_ack_context,
    players_list,
    result_context,
    round_context,
    state_text,
)

MIN_PLAYERS = 2
MAX_PLAYERS = 12
REFEREE_OFFICE = "referee"
ROUND_END_TICK = "round-end"
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

_LOOKS = (
    re.compile(r"single[\s-]*capture", re.IGNORECASE),
    re.compile(r"\b(play|move|name)\b.*\b[a-z][1-9][0-9]?\b", re.IGNORECASE),
    # Other verbs of choosing a square: told when not understood ("I'll take e6").
    re.compile(
        r"^\s*I\b.*\b(?:take|choose|pick|select|go\s+with)\s+[a-z][1-9][0-9]?\b", re.IGNORECASE
    ),
    # A play only in private mail, with a courtesy after it ("e7 please", "e7, thanks").
    re.compile(
        r"^\s*[a-z][1-9][0-9]?\s*[,.!]*\s*(?:please|pls|plz|thanks|thank\s+you|thx|ty|cheers)?"
        r"[\s.!]*$",
        re.IGNORECASE,
    ),
    # Told when not understood: "I play the centre", "My move: pass", "I agree to play Go".
    re.compile(r"^\s*(?:I\s+(?:hereby\s+)?play|my\s+(?:move|play)\b)", re.IGNORECASE),
    re.compile(r"^\s*I\s+(?:hereby\s+)?agree\s+to\s+play\b", re.IGNORECASE),
    # Passing is no play in the rule text: told, so the author is not doomed unawares.
    re.compile(r"^\s*I\s+(?:hereby\s+)?pass\b", re.IGNORECASE),
    re.compile(r"\b(?:go\s+with|choose|pick|select|submit)\b.*\b[a-z][1-9][0-9]?\b", re.I),
)


class SingleCaptureGo(Game[ScgoState]):
    kind: ClassVar[str] = "scgo"
    grammar: ClassVar[str] = "scgo.lark"
    holds_secrets: ClassVar[bool] = True
    acts_by_announcement: ClassVar[bool] = False
    rewinds_for_late_mail: ClassVar[bool] = False  # a resolved round is final (ruling 7)
    secret_note: ClassVar[str] = "[secret until the round is resolved]"
    lexicon_module: ClassVar[str | None] = "referee.games.scgo.lexicon"
    examples: ClassVar[tuple[str, ...]] = (
        "I agree to play Single-Capture Go",
        "I announce the beginning of a game of Single-Capture Go with nix, Janet and Murphy",
        "I play e7",
        "My move for round 3 is e7",
    )

    option_choices: ClassVar[Mapping[str, type[StrEnum]]] = rules.CHOICES

    def __init__(self, setup: GameSetup) -> None:
        super().__init__(setup)
        self.options = Options(setup.ruleset)
        try:  # a ruleset built without the configuration's checks (tests, tools)
            check_choices(setup.ruleset, self.option_choices)
        except OptionError as wrong:
            raise ConfigError(f"game {setup.name!r} {wrong.key}", wrong.problem) from None

    @classmethod
    def rulesets(cls) -> Mapping[str, Ruleset]:
        return rules.RULESETS

    def initial_state(self) -> ScgoState:
        return ScgoState()

    # -- parsing ---------------------------------------------------------------------------

    def looks_like_action(self, sentence: str) -> bool:
        return any(pattern.search(sentence) for pattern in _LOOKS)

    def transform(self, tree: Any, source: SourceText) -> list[Action]:
        # Imported on first use: a command that only shows a stored state needs no parser.
        from referee.games.scgo.transform import to_actions

        return to_actions(tree, source)

    # -- options ---------------------------------------------------------------------------

    def _group_definition(self) -> GroupDefinition:
        return self.options.choice(rules.GROUP_DEFINITION, GroupDefinition)

    def _tie(self) -> rules.Tie:
        return self.options.choice(rules.TIE, rules.Tie)

    def _deadline(self, announced: datetime) -> datetime:
        return round_deadline(announced, self.options.choice(rules.ROUND_END, rules.RoundEnd))

    # -- actions ---------------------------------------------------------------------------

    def handlers(self) -> Mapping[type[Action], Handler[ScgoState, Any]]:
        return {
            PlaySquare: Handler(self._check_play, self._play),
            BeginGame: Handler(self._check_begin, self._begin),
            AgreeToPlay: Handler(self._check_agree, self._agree),
        }

    def _check_agree(self, state: ScgoState, action: AgreeToPlay, context: Context) -> None:
        actor = _actor(context)
        if state.phase is not Phase.WAITING:
            raise IllegalAction(
                "This game of Single-Capture Go has already begun.", quotes.STARTING
            )
        if _registered(actor, context.players) is None:
            raise IllegalAction(f"{actor} is not a player.", quotes.STARTING)
        if REFEREE_OFFICE in context.offices:
            raise IllegalAction("The referee is a non-player and cannot play.", quotes.PARTICIPANTS)
        if actor in state.agreed:
            raise IllegalAction(f"{actor} has already agreed to play.", quotes.STARTING)

    def _agree(self, state: ScgoState, action: AgreeToPlay, context: Context) -> Outcome:
        actor = _actor(context)
        state.agreed = sorted([*state.agreed, actor])
        return Outcome(f"{actor} agreed to play Single-Capture Go ({self.name}).")

    def _check_begin(self, state: ScgoState, action: BeginGame, context: Context) -> None:
        actor = _actor(context)
        if REFEREE_OFFICE not in context.offices:
            raise IllegalAction(
                "Only the GamesMaster (the referee) can announce the beginning of the game.",
                quotes.STARTING,
            )
        if context.route is Route.PRIVATE:
            raise IllegalAction(
                "The GamesMaster must announce the beginning of the game publicly.", quotes.STARTING
            )
        if state.phase is not Phase.WAITING:
            raise IllegalAction(
                "This game of Single-Capture Go has already begun.", quotes.STARTING
            )
        _assign_letters(action.seats, self._seat_names(state, action.seats, actor, context))

    def _begin(self, state: ScgoState, action: BeginGame, context: Context) -> Outcome:
        actor = _actor(context)
        # The seats were checked by ``_check_begin``; here they are only read again.
        names = self._seat_names(state, action.seats, actor, context)
        letters = _assign_letters(action.seats, names)
        at = utc(context.at)
        state.phase = Phase.PLAYING
        state.referee = actor
        state.began = at
        state.n = grid_size(len(names))
        state.letters = letters
        state.remaining = sorted(names, key=lambda p: letters[p])
        state.grid = {}
        state.round = 1
        state.round_started = at
        state.deadline = self._deadline(at)
        state.plays = []
        state.attempts = []
        seated = ", ".join(state.labelled(p) for p in state.remaining)
        summary = (
            f"{actor} began a game of Single-Capture Go ({self.name}) with {seated} on a "
            f"{state.n} x {state.n} grid; round 1 ends {format_utc(state.deadline)}."
        )
        notice = Notice(Audience.LIST, "scgo/round", round_context(state, self.name))
        return Outcome(summary, notices=(notice,))

    def _seat_names(
        self, state: ScgoState, seats: tuple[Seat, ...], actor: str, context: Context
    ) -> list[str]:
        if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
            raise IllegalAction(
                f"A game needs 2 to 12 players; {len(seats)} were named.", quotes.PARTICIPANTS
            )
        names: list[str] = []
        for seat in seats:
            name = _registered(seat.name, context.players)
            if name is None:
                raise IllegalAction(f"{seat.name} is not a player.", quotes.PARTICIPANTS)
            if name in names:
                raise IllegalAction(f"{name} is named twice.", quotes.LETTERS)
            if name == actor:
                raise IllegalAction(
                    "The referee is a non-player and cannot take part.", quotes.PARTICIPANTS
                )
            names.append(name)
        if self.options.flag(rules.REQUIRE_RECORDED_AGREEMENT):
            missing = [name for name in names if name not in state.agreed]
            if missing:
                raise IllegalAction(
                    f"{', '.join(missing)} ha{'s' if len(missing) == 1 else 've'} not agreed "
                    "to play (I agree to play Single-Capture Go).",
                    quotes.STARTING,
                )
        return names

    def _play_rules(self) -> PlayRules:
        return PlayRules(
            move_proof=self.options.choice(rules.MOVE_PROOF, rules.MoveProof),
            at_squares_playable=self.options.flag(rules.AT_SQUARES_PLAYABLE),
        )

    def _check_play(self, state: ScgoState, action: PlaySquare, context: Context) -> None:
        refusal = check_play(state, action, context, _actor(context), self._play_rules())
        if refusal is not None:
            raise IllegalAction(refusal.reason, refusal.rule)

    def _play(self, state: ScgoState, action: PlaySquare, context: Context) -> Outcome:
        actor = _actor(context)
        assert state.deadline is not None  # a round is in progress (checked by _check_play)
        at = utc(context.at)
        square = action.square
        previous = current_plays(state.plays).get(actor)
        state.plays = [*state.plays, Play(actor, square, at, context.message_key)]
        replaced = previous.square if previous is not None else None
        private = (
            f"Your play for round {state.round} of Single-Capture Go ({self.name}) is {square}"
            + (f", replacing {replaced}" if replaced else "")
            + f". The round ends {format_utc(state.deadline)}; only the last valid play you "
            "send before then counts."
        )
        ack = Notice(
            Audience.PLAYER,
            "scgo/move-ack",
            move_ack_context(state, self.name, actor, square, replaced),
            player=actor,
        )
        return Outcome(
            f"{actor} sent a move for round {state.round}",
            private_summary=private,
            notices=(ack,),
            secret=True,
        )

    def note_refusal(self, state: ScgoState, action: Action, context: Context, reason: str) -> bool:
        """Keep a refused play of the round in progress for the round's summary ("a summary
        of the any moves made or attempted in the last round"). Secret until the round ends,
        like the plays. Refusals that are no player's attempt in this round are not kept:
        a play before the game began or after it ended, from someone not (or no longer) in
        it, or sent before this round began."""
        if not isinstance(action, PlaySquare) or context.actor is None:
            return False
        if not is_attempt_in_round(state, context.actor, context.at):
            return False
        refusal = check_play(state, action, context, context.actor, self._play_rules())
        if refusal is None or refusal.attempt is None:
            return False
        attempt = Attempt(
            player=context.actor,
            square=action.square,
            at=utc(context.at),
            kind=refusal.attempt,
            named_round=action.round,
            message_key=context.message_key,
        )
        state.attempts = [*state.attempts, attempt]
        return True

    def is_secret_move(self, action: Action) -> bool:
        """A play is secret; agreeing to play and the announcement are public."""
        return isinstance(action, PlaySquare)

    def refusal_is_secret(self, action: Action, context: Context) -> bool:
        """A play mailed privately is secret when refused too, until the round is resolved
        (the next round's announcement tells the attempts of the round)."""
        return isinstance(action, PlaySquare) and context.route is Route.PRIVATE

    # -- time ------------------------------------------------------------------------------

    def next_tick(self, state: ScgoState, after: datetime) -> Tick | None:
        if state.phase is not Phase.PLAYING or state.deadline is None:
            return None
        if state.deadline <= utc(after):
            return None
        return Tick(state.deadline, ROUND_END_TICK, f"round {state.round}")

    def apply_tick(self, state: ScgoState, tick: Tick, context: Context) -> Outcome | None:
        if (
            tick.name != ROUND_END_TICK
            or state.phase is not Phase.PLAYING
            or state.deadline is None
            or state.round_started is None
            or utc(tick.at) != state.deadline
        ):
            return None
        new_grid, record = resolve(
            RoundInput(
                number=state.round,
                started=state.round_started,
                deadline=state.deadline,
                n=state.n,
                grid=state.grid,
                letters=state.letters,
                remaining=state.remaining,
                plays=state.plays,
                attempts=state.attempts,
            ),
            self._group_definition(),
            self._tie(),
        )
        ended = state.round
        state.grid = new_grid
        state.history = [*state.history, record]
        state.remaining = list(record.remaining)
        state.plays = []
        state.attempts = []
        doomed = "; ".join(doom_lines(state, record)) or "nobody"
        summary = f"Round {ended} of Single-Capture Go ({self.name}) ended; doomed: {doomed}."
        if len(state.remaining) > 1:
            at = utc(tick.at)
            state.round = ended + 1
            state.round_started = at
            state.deadline = self._deadline(at)
            summary += f" Round {state.round} begins and ends {format_utc(state.deadline)}."
            notice = Notice(Audience.LIST, "scgo/round", round_context(state, self.name))
        else:
            state.phase = Phase.OVER
            state.winners = list(record.winners)
            state.ended = utc(tick.at)
            state.round_started = None
            state.deadline = None
            winners = " and ".join(state.labelled(p) for p in state.winners) or "nobody"
            summary += f" The game is over; winner: {winners}."
            notice = Notice(Audience.LIST, "scgo/result", result_context(state, self.name))
        return Outcome(summary, notices=(notice,))

    def player_status_changed(
        self, state: ScgoState, status: PlayerStatus, context: Context
    ) -> Outcome | None:
        return None  # the rules say nothing: a player who stops playing is doomed for it

    # -- views -----------------------------------------------------------------------------

    def participants(self, state: ScgoState) -> frozenset[str]:
        if state.phase is Phase.WAITING:
            return frozenset(state.agreed)
        return frozenset(state.remaining)

    def is_over(self, state: ScgoState) -> bool:
        return state.phase is Phase.OVER

    def report_context(self, state: ScgoState) -> dict[str, Any]:
        return {
            "phase": state.phase.value,
            "round": state.round,
            "deadline": state.deadline,
            "n": state.n,
            "grid": picture(state.grid, state.n),
            "players": players_list(state, state.remaining),
        }

    def dump(self, state: ScgoState) -> JsonData:
        return dump_state(state)

    def load(self, data: JsonData) -> ScgoState:
        return load_state(data)

    def public_view(self, state: ScgoState) -> JsonData:
        data = public_data(state)
        data["sent_play"] = sorted({play.player for play in state.plays})
        return data

    def picture(self, state: ScgoState) -> StatePicture:
        return state_picture(state, self.name)

    def render(self, state: ScgoState, *, reveal_secrets: bool = False) -> str:
        return state_text(state, self.name, reveal_secrets=reveal_secrets)


_BEGUN = "This game of Single-Capture Go has already begun."


def _actor(context: Context) -> str:
    if context.actor is None:
        raise IllegalAction("Nobody is named as the author of this action.")
    return context.actor


def _registered(name: str, players: Mapping[str, PlayerStatus]) -> str | None:
    """The registered spelling of ``name`` (matched without regard to case), or None."""
    if name in players and players[name].registered:
        return name
    for known, status in players.items():
        if known.casefold() == name.casefold() and status.registered:
            return known
    return None


def _assign_letters(seats: tuple[Seat, ...], names: list[str]) -> dict[str, str]:
    """Letters asked for ("nix as N") first; the others A, B, C... in the order named."""
    letters: dict[str, str] = {}
    for seat, name in zip(seats, names, strict=True):
        if seat.letter is None:
            continue
        if len(seat.letter) != 1 or seat.letter not in ALPHABET:
            raise IllegalAction(f"{seat.letter} is not a capital Letter.", quotes.LETTERS)
        if seat.letter in letters.values():
            raise IllegalAction(f"The Letter {seat.letter} is given twice.", quotes.LETTERS)
        letters[name] = seat.letter
    free = [letter for letter in ALPHABET if letter not in letters.values()]
    for name in names:
        if name not in letters:
            letters[name] = free.pop(0)
    return letters
