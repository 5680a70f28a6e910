"""Every named option of both versions, played once with the option off and once on.

Each case is a small scene whose outcome differs between the two readings; the last test
checks that no option of either version is left without its case.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest
from test_commune_support import Table, context, table

from referee.games.base import IllegalAction
from referee.games.commune import CommuneGame

Scene = Callable[[Table], object]


def _outcome(t: Table, actor: str, text: str) -> str:
    """The summary of a one-action sentence, or "rejected: <reason>"."""
    try:
        return t.say(actor, text)
    except IllegalAction as error:
        return f"rejected: {error.reason}"


def half_of_placed_tiles(t: Table) -> object:
    t.join("nix", "Janet")
    t.place("nix", "C3")
    return t.state.over


def founding_tile_joins_community(t: Table) -> object:
    t.join("nix")
    t.place("nix", "G6")
    return t.state.board


def merger_tile_joins_acquirer(t: Table) -> object:
    t.join("nix", "Janet", "snail")
    t.place("nix", "A0")
    t.place("Janet", "A2")
    t.place("snail", "A1")
    return t.state.board["A1"]


def constructor_resets_after_grant(t: Table) -> object:
    t.join("nix")
    t.say("nix", "I begin constructing a 7 with my left constructor")
    t.next_week()
    t.say("nix", "I grant myself the token from my left constructor")
    return t.state.participants["nix"].constructors["left"]


def rolling_week(t: Table) -> object:
    t.join("nix")
    t.now = t.now.replace(day=23, hour=23)  # Sunday 23 Apr, the last hour of the week
    t.say("nix", "I begin constructing a 7 with my left constructor")
    t.now += timedelta(hours=2)  # Monday 24 Apr: a new Agoran week, 2 hours later
    return _outcome(t, "nix", "I grant myself the token from my left constructor")


def tiebreak_placements_only(t: Table) -> object:
    # The two readings of "gained a tile" part only when the merging tile joins nobody (as
    # written) and founding tiles join (founding_tile_joins_community): see
    # test_commune_merger for the same scene in detail.
    t.join("nix", "Janet", "snail", "Murphy")
    t.place("nix", "A0")  # #1
    t.place("snail", "A2")  # #2
    t.place("Janet", "C2")  # #3
    t.place("Janet", "C3")
    t.place("Murphy", "A1")  # #1 acquires #2: #1 received A2
    t.place("Murphy", "B2")  # #1 (A0, A2) against #3 (C2, C3)
    return sorted(t.state.communities)


def limit_before_founding(t: Table) -> object:
    t.join("nix", "Janet")
    t.place("Janet", "A0")
    t.say("nix", "I grant myself an investment in community #1")  # nix at the limit of 1
    t.place("nix", "J9")
    return t.state.participants["nix"].investments


def limit_includes_above(t: Table) -> object:
    t.join("nix", "Janet", "snail", "Murphy")
    t.place("Janet", "A0")  # #1
    t.place("snail", "C0")  # #2
    t.place("snail", "D0")
    t.place("Murphy", "G0")  # #3: the limit is 3
    for _ in range(3):
        t.say("nix", "I grant myself an investment in community #2")
        t.next_week()
    t.place("Janet", "B0")  # #2 acquires #1
    t.place("Murphy", "F0")
    t.place("Murphy", "E0")  # #2 acquires #3: one community, the limit is 1
    t.place("nix", "J9")  # founds #4: the limit is 2 and nix holds 3, above it
    return t.state.participants["nix"].investments


def naming_once_only(t: Table) -> object:
    t.join("nix")
    t.place("nix", "C3")
    t.say("nix", "I name my community Teal")
    return _outcome(t, "nix", "I name my community Amber")


def offer_closes_on_acceptance(t: Table) -> object:
    t.join("nix", "Janet")
    t.give("nix", "B", "B")
    t.give("Janet", "5", "5")
    t.say("nix", "I offer my B for a 5")
    t.say("Janet", "I accept trade offer 1 with my 5")
    return _outcome(t, "Janet", "I accept trade offer 1 with my 5")


def tied_participants_win(t: Table) -> object:
    t.join("nix", "Janet")
    for name in ("nix", "Janet"):
        t.state.participants[name].accolades = 5
    tick = t.game.next_tick(t.state, t.now)
    assert tick is not None
    t.game.apply_tick(t.state, tick, context(None, tick.at))
    return t.state.winners


def inactive_cannot_join(t: Table) -> object:
    return _outcome(t, "Zip", "I become a participant in Commune")


def v12_investment_by_announcement(t: Table) -> object:
    t.join("nix", "Janet")
    t.place("Janet", "A0")
    return _outcome(t, "nix", "I grant myself an investment in community #1")


# option, version, extra options in both runs, scene, outcome off, outcome on
CASES: list[tuple[str, str, dict[str, bool], Scene, object, object]] = [
    (
        "half_of_placed_tiles",
        "v1.3",
        {"founding_tile_joins_community": True},
        half_of_placed_tiles,
        False,
        True,
    ),
    (
        "founding_tile_joins_community",
        "v1.3",
        {},
        founding_tile_joins_community,
        {"G6": None},
        {"G6": 1},
    ),
    (
        "merger_tile_joins_acquirer",
        "v1.3",
        {"founding_tile_joins_community": True},
        merger_tile_joins_acquirer,
        None,
        1,
    ),
    ("constructor_resets_after_grant", "v1.3", {}, constructor_resets_after_grant, "7", None),
    (
        "rolling_week",
        "v1.3",
        {},
        rolling_week,
        "nix granted emself a 7 from eir Left Token Constructor",
        "rejected: nix already used eir Left Token Constructor this week (on Sun 23 Apr 2023 "
        "23:03:00 UTC); it can be used again from Sun 30 Apr 2023 23:03:00 UTC",
    ),
    (
        "tiebreak_placements_only",
        "v1.3",
        {"founding_tile_joins_community": True},
        tiebreak_placements_only,
        [3],
        [1],
    ),
    ("limit_before_founding", "v1.3", {}, limit_before_founding, {1: 1, 2: 1}, {1: 1}),
    (
        "limit_includes_above",
        "v1.3",
        {"founding_tile_joins_community": True, "merger_tile_joins_acquirer": True},
        limit_includes_above,
        {2: 3, 4: 1},
        {2: 3},
    ),
    (
        "naming_once_only",
        "v1.3",
        {},
        naming_once_only,
        "nix (its founder) renamed Teal Amber",
        "rejected: Teal has already been named",
    ),
    (
        "offer_closes_on_acceptance",
        "v1.3",
        {},
        offer_closes_on_acceptance,
        "Janet accepted trade offer 1 with a 5: nix gave Janet a B and received the 5; trade "
        "offer 1 was withdrawn (nix has no B left)",
        "rejected: trade offer 1 is no longer open (accepted by Janet)",
    ),
    ("tied_participants_win", "v1.3", {}, tied_participants_win, (), ("Janet", "nix")),
    (
        "inactive_cannot_join",
        "v1.3",
        {},
        inactive_cannot_join,
        "Zip became a participant (inactive: Clean-Up destroys any asset e would get)",
        "rejected: Zip is an inactive player, so cannot become a participant",
    ),
    (
        "v12_investment_by_announcement",
        "v1.2",
        {},
        v12_investment_by_announcement,
        "rejected: Commune v1.2 says a participant CAN grant emself an investment but names "
        "no method for doing it, and a regulated action can only be performed by the methods "
        "the rules specify (rule 2125), so announcing it does nothing",
        "nix granted emself an investment in community #1 (unnamed) (now 1 of the limit of 1)",
    ),
]


@pytest.mark.parametrize(
    ("option", "version", "base", "scene", "off", "on"), CASES, ids=[c[0] for c in CASES]
)
def test_option_off_and_on(
    option: str,
    version: str,
    base: dict[str, bool],
    scene: Scene,
    off: object,
    on: object,
) -> None:
    # Off is the text as written: nothing is switched but the scene's own ``base``.
    assert scene(table(version, literal=True, **base)) == off
    assert scene(table(version, literal=True, **{**base, option: True})) == on


def test_every_option_of_both_versions_has_a_case() -> None:
    options = {o.name for ruleset in CommuneGame.rulesets().values() for o in ruleset.options}
    assert {case[0] for case in CASES} == options
