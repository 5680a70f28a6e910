"""The words of Single-Capture Go (Guy Fawkes's text, ``rules/single-capture-go.txt``) that
the referee quotes when it refuses; each is checked verbatim against the text by the tests.
"""

from __future__ import annotations

from referee.games.base import RuleCitation
from referee.games.scgo.rulesets import TITLE


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
