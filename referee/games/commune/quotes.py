"""The passages of Commune that the referee quotes, one table for every version.

Each key names a passage by its section heading and opening words; the words themselves
come from the version's own vendored text (:mod:`referee.games.kit.quotes`), so where v1.2
and v1.3 differ each version is quoted as it was written.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from referee.games.base import RuleCitation
from referee.games.kit.quotes import Passage, RuleText

TEXTS: Mapping[str, RuleText] = MappingProxyType(
    {
        "v1.2": RuleText("commune-v1.2.txt", "Commune v1.2", begins_after="Name: Commune v1.2"),
        "v1.3": RuleText("commune-v1.3.txt", "Commune v1.3", begins_after="Name: Commune v1.3"),
    }
)
"""Each ruleset version's text and the title its quotes carry."""

PASSAGES: Mapping[str, Passage] = MappingProxyType(
    {
        "join": Passage("Playing", "Any player CAN become a participant"),
        "cease": Passage("Playing", "Any participant CAN cease to be"),
        "cease_inactive": Passage("Playing", "A participant of this tournament ceases"),
        "cease_destroy": Passage("Playing", "When a person ceases to be"),
        "surveyor": Passage("Playing", "The Game Master for this tournament"),
        "token": Passage("Gaining Tokens", "A Token is an asset ownable"),
        "symbol": Passage("Gaining Tokens", "Each Token has a corresponding Symbol"),
        "constructors": Passage("Gaining Tokens", "Each participant has a Left, Middle,"),
        "constructor_week": Passage(
            "Gaining Tokens", "For each of eir Token Constructors,", closing=":"
        ),
        "constructor_begin": Passage("Gaining Tokens", "Begin Constructing a Token with a"),
        "constructor_grant": Passage("Gaining Tokens", "Grant emself the Token that the"),
        "board": Passage("The playboard", "The x coordinates of the playboard"),
        "empty": Passage("Placing Tiles and Founding Communities", "If a tile has not been"),
        "place": Passage(
            "Placing Tiles and Founding Communities", "Participants CAN place a tile on"
        ),
        "found": Passage("Placing Tiles and Founding Communities", "If a tile is placed that"),
        "name_founder": Passage(
            "Placing Tiles and Founding Communities", "E CAN and SHOULD name the"
        ),
        "name_surveyor": Passage(
            "Placing Tiles and Founding Communities", "If a community has not been"
        ),
        "founder_cannot_found": Passage(
            "Placing Tiles and Founding Communities", "A player who is the founder"
        ),
        "join_community": Passage(
            "Placing Tiles and Founding Communities", "If a tile is placed adjacent to one"
        ),
        "merger": Passage(
            "Placing Tiles and Founding Communities", "If a tile is placed adjacent to two"
        ),
        "acquiring": Passage("Placing Tiles and Founding Communities", "If there is a tie, the"),
        "accolades": Passage(
            "Placing Tiles and Founding Communities", "Each player gains X (rounded down)"
        ),
        "acquired_destroyed": Passage(
            "Placing Tiles and Founding Communities", "The acquired communities and all investments"
        ),
        "investment": Passage(
            "Investments", "Each Investment corresponds with a", closing="number of communities."
        ),
        "invest": Passage("Investments", "Once per week a participant with"),
        "invest_limit": Passage("Investments", "Participants CANNOT gain an investment when"),
        "offer_make": Passage("Trading", "A participant can make a Trade"),
        "offer_lapse": Passage("Trading", "If a participant ceases to have"),
        "offer_withdraw": Passage("Trading", "Any participant can withdraw any trade"),
        "offer_accept": Passage("Trading", "If a participant is in the"),
        "end_half": Passage("Ending and Winning", "When more than half of the"),
        "end_time": Passage("Ending and Winning", "If it has been 3 months"),
        "winner": Passage("Ending and Winning", "Immediately before the tournament ends, the"),
        "clean_up": Passage("Clean-Up", "If any asset defined by this"),
    }
)


def cite(version: str, key: str) -> RuleCitation:
    """The citation of passage ``key`` in ``version``'s own words."""
    return TEXTS[version].cite(PASSAGES[key])
