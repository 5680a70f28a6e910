"""Land named by its owner ("my Land Unit", "my Farm"), found when the action is performed:
exactly one such thing, or a refusal that lists every reading."""

from __future__ import annotations

from arcadia_table import table


def test_my_land_unit_is_the_one_the_author_owns() -> None:
    t = table(joining_energy=6)
    t.say("nix", "I join Arcadia")
    t.say("nix", "I claim the Land Unit at (3, 4)")
    assert t.say("nix", "I build a Farm on my Land Unit") == (
        "nix destroyed 1 Lumber and 1 Stone and built a Farm at (3, 4), for 2 Energy (3 left)"
    )


def test_a_reference_to_nothing_or_to_several_things_is_refused_with_the_readings() -> None:
    t = table(joining_energy=6)
    t.say("nix", "I join Arcadia")
    assert t.rejected("nix", "I build a Farm on my land").reason == "nix owns no Land Unit"
    t.say("nix", "I claim the Land Unit at (3, 4)")
    t.say("Janet", "I join Arcadia")
    t.say("Janet", "I claim the Land Unit at (5, 5)")
    t.say("nix", "I claim the Land Unit at (3, 5)")
    error = t.rejected("nix", "I build a Mine on my Land Unit")
    assert error.reason == (
        "nix owns 2 Land Units, so it is not clear which one is meant; say which: "
        '"I build a Mine on (3, 4)"; "I build a Mine on (3, 5)"'
    )
    assert t.rejected("nix", "I destroy my Farm").reason == "nix owns no Farm"


def test_my_farm_is_the_one_farm_on_the_authors_land() -> None:
    t = table(joining_energy=6)
    t.say("nix", "I join Arcadia")
    t.say("nix", "I claim the Land Unit at (3, 4)")
    t.next_day()
    t.say("nix", "I claim the Land Unit at (3, 5)")
    t.say("nix", "I build a Farm on (3, 4)")
    t.next_day()
    assert t.say("nix", "I demolish my Farm") == (
        "nix destroyed the Farm at (3, 4), for 1 Energy (5 left)"
    )
    t.give("nix", Stone=1, Lumber=2)
    t.say("nix", "I build a Farm on (3, 4)")
    t.next_day()
    t.say("nix", "I build a Mine on (3, 5)")
    error = t.rejected("nix", "I destroy my facility")
    assert error.reason == (
        "nix owns 2 facilities, so it is not clear which one is meant; say which: "
        '"I destroy the Farm at (3, 4)"; "I destroy the Mine at (3, 5)"'
    )
