"""Becoming a participant, ceasing (by announcement or on becoming inactive)."""

from __future__ import annotations

from test_commune_support import context, quote_of, table

from referee.games.base import PlayerStatus


def test_become_and_cease() -> None:
    t = table()
    assert t.say("nix", "I become a participant in Commune") == "nix became a participant"
    assert t.game.participants(t.state) == frozenset({"nix"})
    error = t.rejected("nix", "I hereby become a participant of this tournament")
    assert error.reason == "nix is already a participant"
    assert quote_of(error) == (
        "Any player CAN become a participant of this Tournament at any time during its play "
        "by announcement."
    )
    t.place("nix", "A0")
    t.give("nix", "B", "B")
    t.say("nix", "I offer my B for a 3")
    t.say("Murphy", "I become a participant in Commune")
    t.state.participants["nix"].accolades = 4
    assert t.say("nix", "I cease to be a participant") == (
        "nix ceased to be a participant; destroyed: 2 tokens, 1 investment and 4 accolades; "
        "trade offer 1 was withdrawn"
    )
    assert "nix" not in t.state.participants
    assert t.state.offers[1].open is False
    assert t.state.offers[1].closed_why == "withdrawn: nix ceased to be a participant"
    # E remains founder of the community, which survives.
    assert t.state.communities[1].founder == "nix"


def test_only_players_can_join_and_only_participants_cease() -> None:
    t = table()
    error = t.rejected("Bob", "I become a participant in Commune")
    assert error.reason == "Bob is not a player of Agora, so cannot become a participant"
    error = t.rejected("nix", "I cease to be a participant")
    assert error.reason.startswith("nix is not a participant")
    assert quote_of(error) == "Any participant CAN cease to be so by announcement."


def test_inactive_players_and_the_option() -> None:
    assert table().say("Zip", "I become a participant") == (
        "Zip became a participant (inactive: Clean-Up destroys any asset e would get)"
    )
    error = table(inactive_cannot_join=True).rejected("Zip", "I become a participant")
    assert error.reason == "Zip is an inactive player, so cannot become a participant"


def test_becoming_inactive_ends_participation() -> None:
    t = table()
    t.join("nix", "Janet")
    t.give("nix", "A", "A")
    t.say("nix", "I offer my A for a 5")
    status = PlayerStatus("nix", active=False, first_class=True)
    outcome = t.game.player_status_changed(t.state, status, context(None, t.tick()))
    assert outcome is not None
    assert outcome.summary == (
        "nix ceased to be a participant on becoming inactive in Agora; destroyed: 2 tokens; "
        "trade offer 1 was withdrawn"
    )
    assert "nix" not in t.state.participants
    assert not t.state.offers[1].open
    # Becoming active again does not make em a participant again.
    back = PlayerStatus("nix", active=True, first_class=True)
    assert t.game.player_status_changed(t.state, back, context(None, t.tick())) is None
    gone = PlayerStatus("Janet", active=True, first_class=True, registered=False)
    outcome = t.game.player_status_changed(t.state, gone, context(None, t.tick()))
    assert outcome is not None
    assert outcome.summary == "Janet ceased to be a participant on being deregistered"


def test_actions_before_the_start_are_rejected() -> None:
    t = table()
    t.now = t.state.started_at.replace(day=18)
    error = t.rejected("nix", "I become a participant in Commune")
    assert error.reason == (
        "the tournament has not started yet (it starts Wed 19 Apr 2023 12:00:00 UTC)"
    )
