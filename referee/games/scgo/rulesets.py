"""The ruleset of Single-Capture Go (Guy Fawkes's text) and its named options.

Each option is a point where the text can be read more than one way; the defaults follow
the words as written. ``docs/rulings/scgo.md`` gives the clause and the reasoning.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from referee.games.base import RuleCitation, Ruleset, RulesetOption
from referee.games.scgo.grid import GroupDefinition

VERSION = "guy-fawkes"
TITLE = "Single-Capture Go (Guy Fawkes)"

REQUIRE_PASSPHRASE_OR_DKIM = "require_passphrase_or_dkim"
AT_SQUARES_PLAYABLE = "at_squares_playable"
GROUP_DEFINITION = "group_definition"
TIE = "tie"
ROUND_END = "round_end"
REQUIRE_RECORDED_AGREEMENT = "require_recorded_agreement"


class Tie(StrEnum):
    NO_WINNER = "no-winner"  # "the player who had the most" names nobody when several tie
    ALL_TIED_WIN = "all-tied-win"


class RoundEnd(StrEnum):
    EXACT = "exact"  # 72 hours after the announcement's date stamp
    MIDNIGHT = "midnight"  # the first midnight UTC at or after those 72 hours


OPTIONS: tuple[RulesetOption, ...] = (
    RulesetOption(
        REQUIRE_PASSPHRASE_OR_DKIM,
        False,
        "A play must also carry the player's passphrase or a passing DKIM signature, "
        "not only come from eir registered address.",
    ),
    RulesetOption(
        AT_SQUARES_PLAYABLE,
        True,
        'A square holding @ may be played (the text forbids only squares "occupied by a '
        'Letter"); false makes @ squares unplayable, as stones are in Go.',
    ),
    RulesetOption(
        GROUP_DEFINITION,
        GroupDefinition.ANY_SET.value,
        '"any-set": as written, any set of identical Letters each adjacent to another member '
        'is a Group (so a smaller airless part of a larger group dooms); "connected": a Group '
        "is a whole connected set of identical Letters, as in Go.",
    ),
    RulesetOption(
        TIE,
        Tie.NO_WINNER.value,
        '"no-winner": when every player is doomed and several had the most Letters, nobody '
        'wins; "all-tied-win": each of them wins.',
    ),
    RulesetOption(
        ROUND_END,
        RoundEnd.EXACT.value,
        '"exact": a round ends 72 hours after its announcement; "midnight": at the first '
        "midnight UTC at or after that.",
    ),
    RulesetOption(
        REQUIRE_RECORDED_AGREEMENT,
        True,
        "The referee may begin a game only with players whose agreement to play the referee "
        "has recorded; false trusts the referee's announcement.",
    ),
)

RULESETS: Mapping[str, Ruleset] = {VERSION: Ruleset(VERSION, TITLE, OPTIONS)}


def cite(section: str, quote: str) -> RuleCitation:
    return RuleCitation(TITLE, section, quote)


PRIVATE_PLAY = cite(
    "IV. Rules of play",
    "During the course of a round, each player may privately mail the referee their play",
)
UNOCCUPIED = cite(
    "IV. Rules of play",
    "naming exactly one square on the grid not occupied by a Letter at the beginning of the round",
)
ROUND_LASTS = cite("IV. Rules of play", "A round lasts three days after this announcement.")
PARTICIPANTS = cite(
    "II. Participants",
    "minimum players: 2; maximum players: 12 one referee; any non-player who volunteers "
    "may be the referee",
)
STARTING = cite(
    "III. Starting an instance of the game",
    "Single-Capture Go begins when a sufficient number of players agree to start and "
    "participate in a game of it, and when they inform the GamesMaster of their intent. "
    "When the GamesMaster publically announces the beginning of the game, it begins.",
)
LETTERS = cite(
    "III. Starting an instance of the game",
    "the referee assigns each player a different capital Letter of the alphabet",
)
REMOVED = cite("IV. Rules of play", "6) All doomed players are removed from the game.")
