"""Trade offers: make, number, accept, withdraw, automatic withdrawal."""

from __future__ import annotations

from test_commune_support import Table, quote_of, table

ACCEPT = (
    "If a participant is in the set of participants allowed by a non-withdrawn trade offer and "
    "has a token matching the wanted set, e CAN accept that offer by announcement and "
    "specifying the corresponding token."
)


def _traders() -> Table:
    t = table()
    t.join("nix", "Janet", "snail")
    t.give("nix", "B", "B")
    t.give("Janet", "5")
    t.give("snail", "3")
    return t


def test_make_and_accept() -> None:
    t = _traders()
    assert t.say("nix", "I offer my B for any of 3, 4 or 5 (only to Janet)") == (
        "nix made trade offer 1: a B for any of 3, 4 or 5, only to Janet"
    )
    assert t.say("Janet", "I accept trade offer 1 with my 5") == (
        "Janet accepted trade offer 1 with a 5: nix gave Janet a B and received the 5"
    )
    assert t.state.participants["nix"].tokens == {"B": 1, "5": 1}
    assert t.state.participants["Janet"].tokens == {"B": 1}
    # The offer stays open while nix still has a B (the text never uses it up).
    assert t.state.offers[1].open


def test_acceptance_rejections() -> None:
    t = _traders()
    t.say("nix", "I offer my B for a 3 or a 4, only to Janet")
    error = t.rejected("snail", "I accept trade offer 1 with my 3")
    assert error.reason == "trade offer 1 can only be accepted by Janet"
    assert quote_of(error) == ACCEPT
    error = t.rejected("Janet", "I accept trade offer 1 with my 5")
    assert error.reason == "trade offer 1 wants 3 or 4, not 5"
    error = t.rejected("Janet", "I accept trade offer 1 with my 3")
    assert error.reason == "Janet has no 3 token"
    error = t.rejected("Janet", "I accept trade offer 9 with my 3")
    assert error.reason == "there is no trade offer 9"


def test_withdraw_and_accepting_a_withdrawn_offer() -> None:
    t = _traders()
    t.say("nix", "I offer my B for a 3")
    error = t.rejected("snail", "I withdraw trade offer 1")
    assert error.reason == "trade offer 1 was made by nix, not snail"
    assert quote_of(error) == (
        "Any participant can withdraw any trade offer e has made at any time by announcement."
    )
    assert t.say("nix", "I withdraw trade offer 1") == "nix withdrew trade offer 1"
    error = t.rejected("snail", "I accept trade offer 1 with my 3")
    assert error.reason == "trade offer 1 is no longer open (withdrawn by nix)"
    assert quote_of(error) == ACCEPT
    error = t.rejected("nix", "I withdraw trade offer 1")
    assert error.reason == "trade offer 1 is already withdrawn by nix"
    # Numbers are never reused.
    assert t.say("nix", "I offer my B for a 5").startswith("nix made trade offer 2:")


def test_offer_lapses_when_the_offerer_runs_out() -> None:
    t = _traders()
    t.give("nix", "6")
    t.say("nix", "I offer my B for a 3")
    t.say("nix", "I offer my 6 for a 5")
    summary = t.say("nix", "I pay B and 6 to place a tile on B6")
    assert summary.endswith("; trade offer 2 was withdrawn (nix has no 6 left)")
    assert t.state.offers[1].open  # nix still has a B
    assert t.say("snail", "I accept trade offer 1 with my 3").endswith(
        "; trade offer 1 was withdrawn (nix has no B left)"
    )
    assert t.state.offers[1].closed_why == "withdrawn: nix no longer had a B"
    error = t.rejected("Janet", "I accept trade offer 2 with my 5")
    assert error.reason == "trade offer 2 is no longer open (withdrawn: nix no longer had a 6)"


def test_offer_rejections() -> None:
    t = _traders()
    error = t.rejected("nix", "I offer my C for a 3")
    assert error.reason == "nix has no C token to offer"
    assert quote_of(error).startswith("A participant can make a Trade Offer by announcement")
    error = t.rejected("nix", "I offer my B for a 3 (only to Bob)")
    assert error.reason == "Bob is not a participant"


def test_offer_closes_on_acceptance_option() -> None:
    t = table(offer_closes_on_acceptance=True)
    t.join("nix", "Janet")
    t.give("nix", "B", "B")
    t.give("Janet", "5", "5")
    t.say("nix", "I offer my B for a 5")
    t.say("Janet", "I accept trade offer 1 with my 5")
    error = t.rejected("Janet", "I accept trade offer 1 with my 5")
    assert error.reason == "trade offer 1 is no longer open (accepted by Janet)"


def test_v12_quotes_its_own_words() -> None:
    t = table("v1.2")
    t.join("nix", "Janet")
    t.give("nix", "B")
    t.say("nix", "I offer my B for a 5")
    error = t.rejected("Janet", "I accept trade offer 1 with my 5")
    assert error.rule is not None
    assert error.rule.ruleset == "Commune v1.2"
    assert quote_of(error) == (
        "If a participant is in the set of participants allowed by a non-withdrawn and has a "
        "token matching the wanted set, e can ACCEPT that offer by announcement and specifying "
        "the corresponding token."
    )


def test_an_offer_named_by_its_maker_is_found_among_the_open_offers() -> None:
    t = _traders()
    t.say("nix", "I offer my B for a 3")
    assert t.say("snail", "I accept nix's offer of a B, paying with my 3") == (
        "snail accepted trade offer 1 with a 3: nix gave snail a B and received the 3"
    )
    error = t.rejected("Janet", "I accept snail's offer with my 5")
    assert error.reason == "there is no snail's open trade offer"


def test_an_offer_named_by_its_maker_that_could_be_several_is_refused_with_them() -> None:
    t = _traders()
    t.say("nix", "I offer my B for a 3")
    t.say("nix", "I offer my B for a 5")
    error = t.rejected("Janet", "I accept nix's offer with my 5")
    assert error.reason == (
        "nix's open trade offer could be any of these (trade offer 1: a B for a 3; "
        "trade offer 2: a B for a 5); name it by its number"
    )


def test_my_trade_offer_is_the_authors_only_open_offer() -> None:
    t = _traders()
    t.say("nix", "I offer my B for a 3")
    error = t.rejected("snail", "I withdraw my trade offer")
    assert error.reason == "there is no snail's open trade offer"
    assert t.say("nix", "I withdraw my trade offer") == "nix withdrew trade offer 1"


def test_a_maker_named_beside_the_number_is_checked_never_dropped() -> None:
    # "snail's trade offer 1" when nix made it: another offer was meant (P52-read-games-s12-1).
    t = _traders()
    t.say("nix", "I offer my B for a 5")
    error = t.rejected("Janet", "I accept snail's trade offer 1 with my 5")
    assert error.reason == "trade offer 1 was made by nix, not snail"
    assert t.state.offers[1].open and t.state.participants["Janet"].tokens == {"5": 1}
    assert t.say("Janet", "I accept trade offer 1 (nix's) with my 5") == (
        "Janet accepted trade offer 1 with a 5: nix gave Janet a B and received the 5"
    )


def test_a_maker_named_beside_the_number_of_a_withdrawn_offer_is_checked() -> None:
    # nix made offer 1 and writes "Janet's trade offer 1": another offer was meant, so
    # nothing is withdrawn, though nix could withdraw offer 1 (P55-read-games-s13-1).
    t = _traders()
    t.say("nix", "I offer my B for a 5")
    for text in ("I withdraw Janet's trade offer 1", "I retract trade offer 1 (Janet's)"):
        error = t.rejected("nix", text)
        assert error.reason == "trade offer 1 was made by nix, not Janet"
        assert t.state.offers[1].open
    assert t.say("nix", "I withdraw nix's trade offer #1") == "nix withdrew trade offer 1"
