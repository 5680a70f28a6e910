"""The ruleset of Single-Capture Go (Guy Fawkes's text) and its named options.

Each option is a point where the text can be read more than one way; the defaults follow
the words as written. The Single-Capture Go section of ``docs/rulings.md`` gives the clause
and the reasoning.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from referee.games.base import Ruleset, RulesetOption
from referee.games.scgo.grid import GroupDefinition

VERSION = "guy-fawkes"
TITLE = "Single-Capture Go (Guy Fawkes)"

MOVE_PROOF = "move_proof"
AT_SQUARES_PLAYABLE = "at_squares_playable"
GROUP_DEFINITION = "group_definition"
TIE = "tie"
ROUND_END = "round_end"
REQUIRE_RECORDED_AGREEMENT = "require_recorded_agreement"


class MoveProof(StrEnum):
    """What a private play must carry besides coming from the player's registered address."""

    ADDRESS = "address"  # nothing more
    PASSPHRASE = "passphrase"
    DKIM = "dkim"  # a passing DKIM signature of the address's domain
    PASSPHRASE_OR_DKIM = "passphrase-or-dkim"
    PASSPHRASE_AND_DKIM = "passphrase-and-dkim"

    def satisfied_by(self, credentials: frozenset[str]) -> bool:
        """Whether ``credentials`` (see :class:`~referee.games.base.Context`) suffice."""
        passphrase = "passphrase" in credentials
        dkim = "dkim" in credentials
        return {
            MoveProof.ADDRESS: True,
            MoveProof.PASSPHRASE: passphrase,
            MoveProof.DKIM: dkim,
            MoveProof.PASSPHRASE_OR_DKIM: passphrase or dkim,
            MoveProof.PASSPHRASE_AND_DKIM: passphrase and dkim,
        }[self]

    @property
    def wording(self) -> str:
        """What a play must do, as the refusal tells the player."""
        address = "come from your registered address"
        signature = "a valid DKIM signature of your address's domain"
        return {
            MoveProof.ADDRESS: address,
            MoveProof.PASSPHRASE: f"{address} and carry your passphrase",
            MoveProof.DKIM: f"{address} and carry {signature}",
            MoveProof.PASSPHRASE_OR_DKIM: f"{address} and carry your passphrase or {signature}",
            MoveProof.PASSPHRASE_AND_DKIM: f"{address} and carry your passphrase and {signature}",
        }[self]


class Tie(StrEnum):
    NO_WINNER = "no-winner"  # "the player who had the most" names nobody when several tie
    ALL_TIED_WIN = "all-tied-win"


class RoundEnd(StrEnum):
    EXACT = "exact"  # 72 hours after the announcement's date stamp
    MIDNIGHT = "midnight"  # the first midnight UTC at or after those 72 hours


OPTIONS: tuple[RulesetOption, ...] = (
    RulesetOption(
        MOVE_PROOF,
        MoveProof.PASSPHRASE_OR_DKIM.value,
        "What a private play must carry besides coming from the player's registered address: "
        '"passphrase" (eir configured passphrase in the mail), "dkim" (a passing DKIM '
        'signature of eir address\'s domain), "passphrase-or-dkim", "passphrase-and-dkim", or '
        '"address": nothing more, so anyone who forges a player\'s From header plays for em.',
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

CHOICES: Mapping[str, type[StrEnum]] = {
    MOVE_PROOF: MoveProof,
    GROUP_DEFINITION: GroupDefinition,
    TIE: Tie,
    ROUND_END: RoundEnd,
}
"""The options whose value is one of a fixed set of words."""
