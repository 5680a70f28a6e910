"""The exact words of Commune v1.3 (Regulation FT0, as enacted), quoted in rejections.

Keys are shared with :mod:`quotes_v12`; each value is (section heading, words). Line
breaks of the published text are folded into single spaces and nothing else is changed.
"""

from __future__ import annotations

TITLE = "Commune v1.3"

QUOTES: dict[str, tuple[str, str]] = {
    "join": (
        "Playing",
        "Any player CAN become a participant of this Tournament at any time during its "
        "play by announcement.",
    ),
    "cease": ("Playing", "Any participant CAN cease to be so by announcement."),
    "cease_inactive": (
        "Playing",
        "A participant of this tournament ceases to be so when e becomes inactive in Agora.",
    ),
    "cease_destroy": (
        "Playing",
        "When a person ceases to be a participant, all assets e owns defined by this "
        "Tournament are destroyed.",
    ),
    "surveyor": ("Playing", "The Game Master for this tournament is also known as the Surveyor."),
    "token": ("Gaining Tokens", "A Token is an asset ownable by participants only."),
    "symbol": (
        "Gaining Tokens",
        "Each Token has a corresponding Symbol which can be any English letter A-J or any "
        "integer 0-9.",
    ),
    "constructors": (
        "Gaining Tokens",
        "Each participant has a Left, Middle, and a Right Token Constructor.",
    ),
    "constructor_week": (
        "Gaining Tokens",
        "For each of eir Token Constructors, players CAN once a week do one of the "
        "following by announcement:",
    ),
    "constructor_begin": ("Gaining Tokens", "Begin Constructing a Token with a specified Symbol."),
    "constructor_grant": (
        "Gaining Tokens",
        "Grant emself the Token that the Token Constructor is already constructing (if not "
        "set to nothing).",
    ),
    "board": (
        "The playboard",
        "The x coordinates of the playboard are identified by English letters A-J, and the "
        "Y coordinates of the playboard are identified by integers [0-9].",
    ),
    "empty": (
        "Placing Tiles and Founding Communities",
        "If a tile has not been placed on a location on the board, it is empty.",
    ),
    "place": (
        "Placing Tiles and Founding Communities",
        "Participants CAN place a tile on an empty location by paying one letter token and "
        "one number token that correspond to that location's coordinates.",
    ),
    "found": (
        "Placing Tiles and Founding Communities",
        "If a tile is placed that is not adjacent to any tiles belonging to any "
        "communities, the player that placed it founds a new community, e is granted 1 "
        "investment for that community, and e becomes its founder.",
    ),
    "name_founder": (
        "Placing Tiles and Founding Communities",
        "E CAN and SHOULD name the community after any color that starts with a different "
        "first letter than any existing community by announcement.",
    ),
    "name_surveyor": (
        "Placing Tiles and Founding Communities",
        "If a community has not been named, the Surveyor CAN and SHALL do so by announcement.",
    ),
    "founder_cannot_found": (
        "Placing Tiles and Founding Communities",
        "A player who is the founder of an existing community CANNOT place a tile that "
        "would found a new community.",
    ),
    "join_community": (
        "Placing Tiles and Founding Communities",
        "If a tile is placed adjacent to one or more tiles belonging to a single community, "
        "that tile belongs to that community.",
    ),
    "merger": (
        "Placing Tiles and Founding Communities",
        "If a tile is placed adjacent to two or more tiles belongining to different "
        "communities, a merger happens.",
    ),
    "acquiring": (
        "Placing Tiles and Founding Communities",
        "If there is a tie, the tied community that gained a tile least recently is the "
        "acquiring community.",
    ),
    "accolades": (
        "Placing Tiles and Founding Communities",
        "Each player gains X (rounded down) Accolades for each acquired community e had an "
        "investment in, where X is the total tiles that belonged to that community "
        "immediately before the merger divided by the total number of investments that "
        "exist for that community and times the number of investments for that community "
        "that player owns.",
    ),
    "acquired_destroyed": (
        "Placing Tiles and Founding Communities",
        "The acquired communities and all investments in all acquired communities are destroyed.",
    ),
    "investment": (
        "Investments",
        "Each Investment corresponds with a Community. The investment limit is the current "
        "number of communities.",
    ),
    "invest": (
        "Investments",
        "Once per week a participant with less investments than the investment limit CAN "
        "grant emself an investment in any specified community by announcement.",
    ),
    "invest_limit": (
        "Investments",
        "Participants CANNOT gain an investment when they are at the investment limit.",
    ),
    "offer_make": (
        "Trading",
        "A participant can make a Trade Offer by announcement, specifying a token e owns, a "
        "set of symbols e wants, and, optionally, a set of participants allowed to accept "
        "the offer (defaulting to all participants if not specified).",
    ),
    "offer_lapse": (
        "Trading",
        "If a participant ceases to have any tokens matching a Trade Offer e made, the "
        "trade offer is withdrawn.",
    ),
    "offer_withdraw": (
        "Trading",
        "Any participant can withdraw any trade offer e has made at any time by announcement.",
    ),
    "offer_accept": (
        "Trading",
        "If a participant is in the set of participants allowed by a non-withdrawn trade "
        "offer and has a token matching the wanted set, e CAN accept that offer by "
        "announcement and specifying the corresponding token.",
    ),
    "end_half": (
        "Ending and Winning",
        "When more than half of the tiles belong to a single community, the tournament ends.",
    ),
    "end_time": (
        "Ending and Winning",
        "If it has been 3 months since the tournament started, the tournament ends.",
    ),
    "winner": (
        "Ending and Winning",
        "Immediately before the tournament ends, the participant with the greatest number "
        "of accolades wins.",
    ),
    "clean_up": (
        "Clean-Up",
        "If any asset defined by this tournament would ever belong to Agora, a deregistered "
        "person, a deactivated player, the L&FD, or be in abeyance, it is instead destroyed.",
    ),
}
