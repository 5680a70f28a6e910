"""The one small interface every game plug-in implements.

A game never touches mail, the database or templates. The pipeline hands it an action (a
frozen object produced by the game's own grammar) together with a :class:`Context` (who,
when, by which route). The game first validates it (:meth:`Game.validate` raises
:class:`IllegalAction` quoting the rule that forbids it, and never changes the state), then
applies it to its state and returns an :class:`Outcome` (:meth:`Game.apply`). Time
passes through :meth:`Game.next_tick` / :meth:`Game.apply_tick`: the pipeline asks for the
next scheduled event after a moment and applies every due tick in time order before the
next message, so a replay after downtime gives the same state as a live run.

State is whatever the game likes, as long as :meth:`Game.dump` gives canonical JSON data
(sorted keys, no floats) and :meth:`Game.load` reverses it exactly.
"""

from __future__ import annotations

import enum
import functools
import importlib
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from referee.errors import IllegalAction as IllegalAction  # noqa: PLC0414 (re-exported)

if TYPE_CHECKING:
    from referee.games.kit.picture import BoardPicture, StatePicture

JsonData = dict[str, Any]


@dataclass(frozen=True)
class SourceText:
    """Where an action was written: its own words and their position in the author's text."""

    text: str
    line: int
    column: int


@dataclass(frozen=True)
class Action:
    """Base of every game's typed actions. Subclasses are frozen dataclasses too."""

    source: SourceText

    @property
    def verb(self) -> str:
        """A short name of the kind of action, for logs and reports."""
        return type(self).__name__


@dataclass(frozen=True)
class RuleCitation:
    """The words of a rule, quoted to a player when an action breaks it."""

    ruleset: str
    section: str
    quote: str

    def __str__(self) -> str:
        return f'{self.ruleset}, "{self.section}": "{self.quote}"'


class Route(enum.StrEnum):
    """How the message carrying an action reached the referee."""

    PUBLIC = "public"
    PRIVATE = "private"
    OFFICER = "officer"  # an officer's command given on the command line


@dataclass(frozen=True)
class PlayerStatus:
    name: str
    active: bool
    first_class: bool
    registered: bool = True


V = TypeVar("V")


@dataclass(frozen=True)
class GameView(Generic[V]):
    """Another game's state as a reading game sees it: read-only, typed, at one instant.

    ``state`` is the frozen value the read game's :meth:`Game.view` built (Alliances gives
    its partition of persons into alliances), never the read game's live state.
    """

    game: str
    kind: str
    at: datetime
    state: V


@dataclass(frozen=True)
class Context:
    """Everything a game may know about the circumstances of an action or tick."""

    at: datetime
    actor: str | None
    offices: frozenset[str]
    route: Route
    message_key: str | None
    players: Mapping[str, PlayerStatus]
    credentials: frozenset[str] = frozenset()
    """How the actor proved who e is: ``"address"`` (a registered address), ``"passphrase"``
    (eir configured passphrase appeared in the message), ``"dkim"`` (a passing DKIM signature
    of eir address's domain), ``"officer"`` (the command line)."""
    views: Mapping[str, GameView[Any]] = field(default_factory=dict, compare=False)
    """The games this game :attr:`~Game.reads`, by kind, as they stand at ``at``."""

    def view(self, kind: str, of: type[V]) -> V:
        """The state of the read game ``kind``, as the type its :meth:`Game.view` gives."""
        found = self.views.get(kind)
        if found is None:
            raise LookupError(f"no view of {kind!r}: the game must name it in its reads")
        if not isinstance(found.state, of):
            raise TypeError(
                f"the view of {kind!r} is {type(found.state).__name__}, not {of.__name__}"
            )
        return found.state

    published: bool = False
    """Mailed privately but with a public list among its recipients: not private, so no
    secret move (rulings P9), yet not a public message the referee saw the list carry."""


class Audience(enum.StrEnum):
    LIST = "list"  # published to the public list (or drafted to the officer, per config)
    OFFICER = "officer"  # the game's officer only
    PLAYER = "player"  # one player, privately


@dataclass(frozen=True)
class Notice:
    """A mail the game asks the pipeline to send; rendered from ``templates/<template>/``."""

    audience: Audience
    template: str
    context: Mapping[str, Any]
    player: str | None = None  # for Audience.PLAYER
    board: BoardPicture | None = None
    """A picture of the state the mail reports, attached to it as SVG."""


@dataclass(frozen=True)
class Outcome:
    """What an applied action or tick did.

    ``summary`` is public: it goes into acknowledgements, history and reports. A game that
    holds secrets (moves not yet revealed) puts them only in ``private_summary``, which is
    shown to the actor alone and to the officer on explicit request.
    """

    summary: str
    private_summary: str | None = None
    notices: tuple[Notice, ...] = ()
    secret: bool = False


@dataclass(frozen=True)
class Tick:
    """A scheduled event of a game (a week boundary, a round's end, the tournament's end)."""

    at: datetime
    name: str
    detail: str = ""


@dataclass(frozen=True)
class HistoryEntry:
    """One recorded change, as reports and ``referee history`` show it."""

    at: datetime
    actor: str | None
    message_id: str | None
    text: str
    outcome: str  # "applied", "rejected", "tick", "correction"
    summary: str


@dataclass(frozen=True)
class RulesetOption:
    name: str
    default: bool | int | str
    description: str
    replaces: str = ""
    """A former name of this option whose meaning was the opposite (a configuration that
    still uses it is refused with a pointer to this one)."""


@dataclass(frozen=True)
class Ruleset:
    """A named version of a game's rules, with the named options where the text is unclear."""

    version: str
    title: str
    options: tuple[RulesetOption, ...] = ()
    option_values: Mapping[str, bool | int | str] = field(default_factory=dict)

    def option(self, name: str) -> Any:
        if name in self.option_values:
            return self.option_values[name]
        for option in self.options:
            if option.name == name:
                return option.default
        raise KeyError(name)


@dataclass(frozen=True)
class GameSetup:
    """How one configured game is set up: its name, ruleset, start and officer."""

    name: str
    ruleset: Ruleset
    start: datetime
    officer: str
    publish_directly: bool = False
    """The officer's reports go straight to the list (else they are drafted to the officer
    and count as published when e publishes them)."""
    attach_board: bool = False
    """The weekly report's mail carries the board of :meth:`Game.picture_at` as SVG."""


@dataclass(frozen=True)
class Lexicon:
    """A game's own words for its actions, which the reader turns into the grammar's forms
    before it parses a sentence the grammar did not accept as written (``referee.parsing.
    normalise``). Each rewrite is a pattern and its replacement (``re.sub``), applied in
    order to a sentence that already starts with "I"; a rewrite only ever helps the parser:
    a sentence is performed only if the grammar then accepts it, and the answer shows the
    form it was read as."""

    rewrites: tuple[tuple[re.Pattern[str], str], ...] = ()
    verbs: tuple[str, ...] = ()
    """The game's verbs as its grammar spells them, for correcting an obvious typo (a verb
    one letter away from exactly one of them)."""
    nouns: tuple[str, ...] = ()
    """The game's own other words ("constructor", "investment", "myself"), in lower case,
    for correcting a plain slip in one of them (``referee.parsing.normalise``): a word one
    letter from exactly one of them, or, for a word of five letters or fewer, with two
    neighbouring letters swapped ("rigth", "tokne")."""
    private_rewrites: tuple[tuple[re.Pattern[str], str], ...] = ()
    """Rewrites for a private mail to the referee only (a Single-Capture Go square alone)."""
    trailing: tuple[str, ...] = ()
    """Names of the game a sentence may end with ("... in Commune"), set aside if need be."""
    labels: tuple[tuple[re.Pattern[str], str], ...] = ()
    """Rewrites of a label that carries the action's words ("Trade offer: my J for a 2",
    "Left constructor: begin constructing a J"), applied before the sentence is asked for
    its speaker, so that the label's meaning is not set aside with the other openers. Each
    pattern opens with "^"."""
    private_looks: tuple[re.Pattern[str], ...] = ()
    """What else looks like an attempt at the game's action in a private mail to the
    referee (a line that opens with a square): told to its author when not read."""
    own_words: re.Pattern[str] | None = None
    """Words that belong to the game (its pieces, its places, its name): a sentence in the
    author's voice that holds one and that no game reads is an attempt at one of its
    actions, told to its author, never performed (``referee.parsing.attempts``)."""
    clues: re.Pattern[str] | None = None
    """Words one of which every sentence the ``rewrites`` can help holds: a sentence with
    none of them is offered to the grammar without the rewrites (a matter of speed only;
    a rewrite whose trigger is not among them never runs)."""
    kept_asides: re.Pattern[str] | None = None
    """Words after a comma or in brackets at the end that may be part of the game's act, so
    are never set aside (a community's name alone after a tile: "Tile at E2, Jade." may
    invest in Jade or name the new community Jade), and the sentence is told instead."""
    quoted_intents: tuple[tuple[re.Pattern[str], str], ...] = ()
    """Announcements of intent the game tables by another act, as a reply's quoted text
    shows them, each with the intended act's words (``re.Match.expand``): the Arcadia
    contract's "I intend, with 2 support ..., to apply the changes in Arcadian Proposal 1"
    restates the intent its proposal tabled (A12), which a bare "I object." under it
    answers (P71-read-agora-s19-4)."""
    circumstances: tuple[tuple[re.Pattern[str], str], ...] = ()
    """Sentences that tell the author's own circumstances, each with the canonical action
    they explain ("I'm back from my hiatus" and "I become active"): told when alone, as an
    attempt, but left alone beside that very action in the same message
    (``referee.parsing.circumstances``)."""


NUMBER_WORDS = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
)
"""The numbers players write in words in a game's sentences ("round three", "offer number
three"), each at its own index."""


def rewrites(*pairs: tuple[str, str]) -> tuple[tuple[re.Pattern[str], str], ...]:
    """Compiled, case-insensitive rewrites for a :class:`Lexicon`, each replacement checked
    against its pattern's groups now: a reference to a group the pattern lacks would
    otherwise fail only on the first sentence the pattern matches, in a player's mail."""
    compiled = tuple(
        (re.compile(pattern, re.IGNORECASE), replacement) for pattern, replacement in pairs
    )
    for pattern, replacement in compiled:
        check_replacement(pattern, replacement)
    return compiled


# A group reference in a replacement: "\1", "\g<1>", "\g<name>".
_GROUP_REFERENCE = re.compile(r"\\(?:([0-9]{1,2})|g<([^>]*)>)")


def check_replacement(pattern: re.Pattern[str], replacement: str) -> None:
    """Raise ValueError when ``replacement`` refers to a group ``pattern`` does not have."""
    for number, name in _GROUP_REFERENCE.findall(replacement):
        reference = number or name
        if reference.isdigit():
            if int(reference) > pattern.groups:
                raise ValueError(
                    f"the replacement {replacement!r} refers to group {reference}, but "
                    f"{pattern.pattern!r} has {pattern.groups}"
                )
        elif reference not in pattern.groupindex:
            raise ValueError(
                f"the replacement {replacement!r} refers to group {reference!r}, which "
                f"{pattern.pattern!r} does not name"
            )


def one_slip(word: str) -> str:
    """A pattern for ``word`` with one letter dropped, added, changed or two swapped (never
    the first letter, never the word itself): how a quick typist misspells a game's word."""
    forms = set()
    for i in range(1, len(word)):
        forms.add(word[:i] + word[i + 1 :])
        forms.add(word[:i] + "[a-z]" + word[i + 1 :])
        forms.add(word[:i] + "[a-z]" + word[i:])
        if i + 1 < len(word):
            forms.add(word[:i] + word[i + 1] + word[i] + word[i + 2 :])
    return "(?!" + word + r"\b)(?:" + "|".join(sorted(forms)) + ")"


S = TypeVar("S")
A = TypeVar("A", bound=Action)


@dataclass(frozen=True)
class Handler(Generic[S, A]):
    """How a game handles one type of action: a checked ``validate`` that raises the precise
    :class:`IllegalAction` and never changes the state, and an unchecked ``apply`` that
    performs a validated action (as a chess library keeps parsing a move apart from
    pushing it)."""

    validate: Callable[[S, A, Context], None]
    apply: Callable[[S, A, Context], Outcome]


@functools.cache
def _lexicon_in(module: str | None) -> Lexicon:
    if module is None:
        return Lexicon()
    lexicon = importlib.import_module(module).LEXICON
    assert isinstance(lexicon, Lexicon), module
    return lexicon


class Game(ABC, Generic[S]):
    """A game plug-in bound to one configured game (name, ruleset version, options, start)."""

    kind: ClassVar[str]
    """Registry key, e.g. ``"commune"``."""

    grammar: ClassVar[str]
    """File name of the game's grammar in ``grammar/`` (it imports ``common.lark``)."""

    examples: ClassVar[tuple[str, ...]]
    """The canonical phrasing of each action, shown when a line is not understood."""

    lexicon_module: ClassVar[str | None] = None
    """The module whose ``LEXICON`` holds the game's other words for its actions (see
    :class:`Lexicon`); None: it has none."""

    @property
    def lexicon(self) -> Lexicon:
        """The game's lexicon, its module imported when it is first asked for: compiling
        its patterns is most of a game's import time, which commands that read no mail
        (``referee state``) need not pay."""
        return _lexicon_in(type(self).lexicon_module)

    acts_by_announcement: ClassVar[bool] = True
    """Its actions are performed by announcement (rule 478: "in a single public message"),
    so the pipeline refuses them from private mail. Games played by private mail (Single-
    Capture Go) set this False and judge each route themselves."""

    rewinds_for_late_mail: ClassVar[bool] = True
    """Mail stamped before the game's clock is fitted in where it belongs, by rewinding
    (rulings P7). A game whose results are announced as final (Single-Capture Go's rounds)
    sets this False: the late mail then meets the current state, and the game's own rules
    judge it."""

    holds_secrets: ClassVar[bool] = False
    """True for games with secret moves: every answer about them goes privately, never to
    the list, even an answer to a move wrongly posted in public."""

    reads: ClassVar[frozenset[str]] = frozenset()
    """The kinds of the other games this game reads (Okinawa reads ``"alliances"``). Before
    each action or tick the pipeline hands it, in :attr:`Context.views`, a read-only view
    of each at the same instant, built by the read game's :meth:`view`; the read games are
    processed first."""

    option_choices: ClassVar[Mapping[str, type[enum.StrEnum]]] = {}
    """The options whose value is one of a fixed set of words (checked with every other
    option by :func:`referee.games.kit.options.check_options`)."""

    def __init__(self, setup: GameSetup) -> None:
        self.setup = setup

    @property
    def name(self) -> str:
        return self.setup.name

    @property
    def ruleset(self) -> Ruleset:
        return self.setup.ruleset

    @classmethod
    @abstractmethod
    def rulesets(cls) -> Mapping[str, Ruleset]:
        """Every ruleset version this plug-in implements, keyed by version name."""

    @abstractmethod
    def initial_state(self) -> S: ...

    @abstractmethod
    def looks_like_action(self, sentence: str) -> bool:
        """Cheap test keeping plain prose away from the parser: could this be our action?"""

    @abstractmethod
    def transform(self, tree: Any, source: SourceText) -> list[Action]:
        """Turn a parse tree of one sentence (from our grammar) into typed actions."""

    refuses_while_applying: ClassVar[bool] = False
    """True for a game whose :meth:`apply` can still refuse after :meth:`validate` passed,
    because it cannot tell which action is meant without changing the state (an Alliances
    intent named by its action, found among intents that applying settles first). The
    pipeline then keeps a copy of the state before each of its actions; for every other
    game it keeps none, and a refusal costs nothing."""

    def handlers(self) -> Mapping[type[Action], Handler[S, Any]]:
        """The game's actions: each action type with its validate and apply pair.

        The default :meth:`validate` and :meth:`apply` dispatch through this table, so a
        game writes one small pair of functions per action instead of a dispatcher.
        """
        return {}

    def handler(self, action: Action) -> Handler[S, Any]:
        """The pair that handles ``action``; refused if the game has no such action."""
        table = self.handlers()
        for kind in type(action).__mro__:
            found = table.get(kind)
            if found is not None:
                return found
        raise IllegalAction(f"{action.verb} is not an action of {self.name}")

    def validate(self, state: S, action: Action, context: Context) -> None:
        """Raise the precise :class:`IllegalAction` if the action may not be performed now.

        Never changes the state: the pipeline calls it, and on a refusal records it and
        moves on without restoring anything (the test suite checks every refusal).
        """
        self.handler(action).validate(state, action, context)

    def apply(self, state: S, action: Action, context: Context) -> Outcome:
        """Perform an action that :meth:`validate` accepted, and say what it did.

        It may assume the action is legal and need not check again.
        """
        return self.handler(action).apply(state, action, context)

    def perform(self, state: S, action: Action, context: Context) -> Outcome:
        """:meth:`validate`, then :meth:`apply`: one checked step, for callers that keep no
        record of refusals (tests, tools)."""
        self.validate(state, action, context)
        return self.apply(state, action, context)

    def next_tick(self, state: S, after: datetime) -> Tick | None:
        """The earliest scheduled event strictly after ``after``, or None."""
        return None

    def apply_tick(self, state: S, tick: Tick, context: Context) -> Outcome | None:
        """Apply a scheduled event; None when it changed nothing worth recording."""
        return None

    def player_status_changed(
        self, state: S, status: PlayerStatus, context: Context
    ) -> Outcome | None:
        """A player became inactive, was deregistered, or came back; games react here."""
        return None

    def note_refusal(self, state: S, action: Action, context: Context, reason: str) -> bool:
        """Told after ``action`` was refused (the state already restored to before it).

        Games whose reports list attempts as well as moves (Single-Capture Go's "moves made
        or attempted") note it in their state here; return True when the state changed.
        """
        return False

    def is_secret_move(self, action: Action) -> bool:
        """Whether ``action`` is a move made in secret (mailed privately to an officer),
        which no one makes by repeating another's ("Me too." under it)."""
        return self.holds_secrets

    def refusal_is_secret(self, action: Action, context: Context) -> bool:
        """Whether a refused ``action`` stays out of the public record until revealed (a
        secret move mailed privately: its text would give the move away)."""
        return False

    def ruleset_notes(self, state: S) -> list[str]:
        """What ``referee ruleset`` adds about the rules in force as the state stands (the
        Arcadia contract: whether the Tournament Template is a text the referee runs)."""
        return []

    def participants(self, state: S) -> frozenset[str]:
        """Players who take part (used to decide whose unparsed lines are reported)."""
        return frozenset()

    def is_over(self, state: S) -> bool:
        return False

    report_template: ClassVar[str | None] = None
    """Template directory (``templates/<name>/``) of the officer's periodic report, if any."""

    def report_context(self, state: S) -> dict[str, Any]:
        """The game's part of the report context. The pipeline adds ``game`` (name),
        ``ruleset`` (title), ``period_start``/``period_end`` (datetimes) and ``history``
        (a list of :class:`HistoryEntry`) before rendering ``report_template``."""
        return {}

    def report_context_at(self, state: S, context: Context) -> dict[str, Any]:
        """:meth:`report_context` for the report drafted at ``context.at``, whose
        ``context.views`` hold the games this one reads as they stand then. A game whose
        report shows what it reads (Okinawa's alliances) overrides this."""
        return self.report_context(state)

    @abstractmethod
    def dump(self, state: S) -> JsonData:
        """Canonical JSON-able data of the whole state, secrets included.

        Built from new containers: nothing in it may be shared with the live state, because
        the pipeline keeps a dump as the "before" picture while the state goes on changing.
        """

    @abstractmethod
    def load(self, data: JsonData) -> S:
        """The exact inverse of :meth:`dump`, sharing nothing mutable with ``data`` (the
        pipeline keeps ``data`` as the recorded state while the loaded one changes)."""

    def view(self, state: S) -> object:
        """The read-only, typed picture of the state that games reading this one are given
        (see :attr:`reads`): a frozen value sharing nothing mutable with ``state``. Games
        nobody reads keep this default, which offers nothing."""
        return None

    def public_view(self, state: S) -> JsonData:
        """What may be shown to anyone; games with secrets override this."""
        return self.dump(state)

    def picture(self, state: S) -> StatePicture | None:
        """The state as a board and tables for pictures and web pages (``referee site``),
        showing no more than :meth:`public_view`; None draws the text of :meth:`render`."""
        return None

    def picture_at(self, state: S, context: Context) -> StatePicture | None:
        """The picture of a weekly report drafted in ``context``: what
        :meth:`report_context_at` shows, drawn (by default, :meth:`picture`)."""
        return self.picture(state)

    secret_note: ClassVar[str] = "[secret until revealed]"
    """What an answer or the record shows instead of a secret value."""

    def is_secret_path(self, state: S, path: tuple[str, ...]) -> bool:
        """Whether the value at ``path`` of the dumped state is secret in ``state``: by
        default, whatever lies in an entry :meth:`public_view` does not show exactly as
        :meth:`dump` holds it (a hidden entry, or one with hidden parts below it), so a
        path that does not exist under a hidden entry is secret too."""
        full, public = self.dump(state), self.public_view(state)
        return any(
            _value_at(full, path[:depth]) != _value_at(public, path[:depth])
            for depth in range(1, len(path) + 1)
        )

    @abstractmethod
    def render(self, state: S, *, reveal_secrets: bool = False) -> str:
        """A fixed-width, human-readable picture of the state (``referee state GAME``)."""


_MISSING = object()


def _value_at(data: Any, path: tuple[str, ...]) -> Any:
    """The value at ``path`` (keys, or list positions as digits), or a marker if absent."""
    node = data
    for key in path:
        if isinstance(node, dict) and key in node:
            node = node[key]
        elif isinstance(node, list) and key.isdigit() and int(key) < len(node):
            node = node[int(key)]
        else:
            return _MISSING
    return node
