"""The rule "Alliances": default alliances, joining With the Support of all its existing
members, leaving by announcement, empty alliances ceasing to exist."""

from __future__ import annotations

from test_alliances_support import Table, at, make_game

from referee.games.alliances import quotes
from referee.games.tabled import quotes as tabled_quotes

JOIN_RULE = quotes.cite(quotes.JOIN)


def test_every_person_starts_alone_in_a_numbered_alliance() -> None:
    table = Table()
    table.do("nix", "I leave my alliance", at(0))
    # Met in name order (Aspen 1, Janet 2, Kate 3, Murphy 4, nix 5); nix's 5 ceased, e is in 6.
    assert table.alliances() == {1: ["Aspen"], 2: ["Janet"], 3: ["Kate"], 4: ["Murphy"], 6: ["nix"]}


def test_joining_with_the_support_of_all_existing_members() -> None:
    table = Table()
    assert table.one("Janet", "I intend to join Murphy's alliance with support", at(0)) == (
        "applied: Janet tabled intent 1: to join alliance 4 (Murphy), With the Support of all "
        "its existing members; ripe until Wed 17 May 2023 12:00:00 UTC"
    )
    table.do("Murphy", "I support intent 1", at(0, 1))
    assert table.one("Janet", "I do so", at(0, 2)) == (
        "applied: Janet joined alliance 4 (Janet and Murphy); eir previous alliance 2 became "
        "empty and ceased to exist (intent 1, With the Support of all its existing members; "
        "supporters: Murphy; objectors: none)"
    )
    assert table.alliances() == {1: ["Aspen"], 3: ["Kate"], 4: ["Janet", "Murphy"], 5: ["nix"]}


def test_a_join_before_every_member_supports_is_refused_with_the_rule() -> None:
    table = Table()
    table.do("Janet", "I intend to join Murphy's alliance with support", at(0))
    table.do("Murphy", "I support intent 1", at(0))
    table.do("Janet", "I do so", at(0))
    table.do(
        "nix", "I intend, With the Support of all its existing members, to join alliance 4", at(1)
    )
    table.do("Janet", "I support intent 2", at(1))
    reason, rule = table.refusal("nix", "I join Janet's alliance with support", at(1, 1))
    assert reason == (
        "intent 2 needs the support of all the existing members of alliance 4 (Janet and "
        "Murphy); supported so far by Janet; still to support: Murphy"
    )
    assert rule == tabled_quotes.WITH_SUPPORT
    assert table.alliances()[4] == ["Janet", "Murphy"]


def test_objections_do_not_stop_a_join() -> None:
    table = Table()
    table.do("Janet", "I intend to join Murphy's alliance with support", at(0))
    table.do("Kate", "I object to intent 1", at(0))
    table.do("Murphy", "I support intent 1", at(0))
    assert table.one("Janet", "I do so", at(0, 1)).endswith(
        "(intent 1, With the Support of all its existing members; supporters: Murphy; "
        "objectors: Kate)"
    )


def test_only_existing_members_may_support() -> None:
    table = Table()
    table.do("Janet", "I intend to join Murphy's alliance with support", at(0))
    reason, rule = table.refusal("Kate", "I support intent 1", at(0))
    assert reason == (
        "only the existing members of alliance 4 can support intent 1 (Janet's intent to join "
        "Murphy's alliance); Kate is not one of them"
    )
    assert rule == JOIN_RULE
    # The joiner is not a member, and tabled the intent: e cannot support it either.
    reason, rule = table.refusal("Janet", "I support intent 1", at(0))
    assert reason == "Janet tabled intent 1, so e cannot support it"


def test_members_are_counted_when_the_join_is_performed() -> None:
    table = Table()
    table.do("Janet", "I intend to join Murphy's alliance with support", at(0))
    table.do("Murphy", "I support intent 1", at(0))
    table.do("Janet", "I do so", at(0))  # alliance 4: Janet, Murphy
    table.do("nix", "I intend to join alliance 4 with support", at(1))
    table.do("Janet", "I support intent 2", at(1))
    table.do("Murphy", "I support intent 2", at(1))
    # Kate joins alliance 4 between nix's intent and its performance...
    table.do("Kate", "I intend to join alliance 4 with support", at(1))
    table.do("Janet", "I support intent 3", at(1))
    table.do("Murphy", "I support intent 3", at(1))
    table.do("Kate", "I do so", at(1, 1))
    # ...so Kate is now one of "all its existing members" and must support nix too.
    reason, _ = table.refusal("nix", "I perform intent 2", at(1, 2))
    assert reason.endswith("supported so far by Janet and Murphy; still to support: Kate")
    table.do("Kate", "I support intent 2", at(1, 3))
    # Murphy leaves: e is no longer a member, so eir support is no longer needed.
    table.do("Murphy", "I leave my alliance", at(1, 4))
    assert table.one("nix", "I perform intent 2", at(1, 5)).endswith(
        "supporters: Janet and Kate; objectors: none)"
    )
    assert table.alliances()[4] == ["Janet", "Kate", "nix"]


def test_only_the_joiner_performs_the_join() -> None:
    table = Table()
    table.do("Janet", "I intend to join Murphy's alliance with support", at(0))
    table.do("Murphy", "I support intent 1 and do so", at(0))  # a supporter, not the joiner
    reason, rule = table.refusal("Murphy", "I perform intent 1", at(1))
    assert reason == (
        "intent 1 is Janet's intent to join; only Janet can join an alliance for emself, so "
        "only e can perform it"
    )
    assert rule == JOIN_RULE


def test_a_join_expires_after_fourteen_days() -> None:
    table = Table()
    table.do("Janet", "I intend to join Murphy's alliance with support", at(0))
    table.do("Murphy", "I support intent 1", at(1))
    assert table.tick(at(14)) == (
        "intent 1 (Janet's intent to join Murphy's alliance) expired, 14 days after it was tabled"
    )
    reason, _ = table.refusal("Janet", "I do so", at(14))
    assert reason.startswith('Janet has no open intent in Alliances that "I do so" could perform')
    reason, rule = table.refusal("Janet", "I perform intent 1", at(14))
    assert reason.startswith("intent 1 expired on Wed 17 May 2023 12:00:00 UTC")
    assert rule == tabled_quotes.RIPE


def test_joining_ones_own_alliance_or_by_another_method_is_refused() -> None:
    table = Table()
    table.do("Janet", "I intend to join Murphy's alliance with support", at(0))
    table.do("Murphy", "I support intent 1", at(0))
    table.do("Janet", "I do so", at(0))
    reason, rule = table.refusal("Janet", "I intend to join Murphy's alliance with support", at(1))
    assert reason == "Janet is already a member of alliance 4"
    assert rule == quotes.cite(quotes.EXACTLY_ONE)
    reason, rule = table.refusal("nix", "I intend, without objection, to join alliance 4", at(1))
    assert reason == (
        "the intent names Without Objection, but the rule allows one to join alliance 4 (Janet "
        "and Murphy) only With the Support of all its existing members"
    )
    assert rule == JOIN_RULE
    reason, _ = table.refusal("nix", "I intend, with 2 support, to join alliance 4", at(1))
    assert reason.startswith("the intent names With 2 Support, but the rule allows")


def test_an_intent_to_leave_is_answered_with_the_rule() -> None:
    table = Table()
    reason, rule = table.refusal("nix", "I intend to leave my alliance with support", at(0))
    assert reason == (
        'leaving an alliance needs no intent: it is done by announcement ("I leave my alliance")'
    )
    assert rule == quotes.cite(quotes.LEAVE)


def test_leaving_makes_a_new_alliance_and_an_empty_one_ceases_to_exist() -> None:
    table = Table()
    table.do("Janet", "I intend to join Murphy's alliance with support", at(0))
    table.do("Murphy", "I support intent 1", at(0))
    table.do("Janet", "I do so", at(0))
    assert table.one("Murphy", "I leave my alliance", at(1)) == (
        "applied: Murphy left alliance 4, which now has Janet; e is now alone in a new alliance 6"
    )
    assert table.one("Janet", "I leave alliance 4", at(2)) == (
        "applied: Janet left alliance 4, which became empty and ceased to exist; e is now "
        "alone in a new alliance 7"
    )
    assert 4 not in table.alliances()
    reason, rule = table.refusal("Kate", "I intend to join alliance 4 with support", at(3))
    assert reason == "there is no alliance 4 (alliances that become empty cease to exist)"
    assert rule == quotes.cite(quotes.EMPTY)


def test_an_intent_to_join_an_alliance_that_ceased_to_exist() -> None:
    table = Table()
    table.do("nix", "I intend to join Kate's alliance with support", at(0))
    table.do("Kate", "I support intent 1", at(0))
    table.do("Kate", "I leave my alliance", at(1))  # alliance 3 is now empty: gone
    reason, rule = table.refusal("nix", "I perform intent 1", at(2))
    assert reason == "alliance 3 no longer exists: it became empty"
    assert rule == quotes.cite(quotes.EMPTY)


def test_one_can_leave_only_ones_own_alliance() -> None:
    table = Table()
    reason, rule = table.refusal("nix", "I leave Janet's alliance", at(0))
    assert reason == (
        "nix is not in Janet's alliance (alliance 2); a person can leave only eir own alliance"
    )
    assert rule == quotes.cite(quotes.LEAVE)


def test_unknown_persons_are_named() -> None:
    table = Table()
    reason, rule = table.refusal("nix", "I intend to join Zed's alliance with support", at(0))
    assert reason == (
        "Zed is not a person the referee knows (persons: Aspen, Janet, Kate, Murphy, nix)"
    )
    assert rule == quotes.cite(quotes.DEFINITION)


def test_the_2016_ruleset_uses_the_older_tabled_action_defaults() -> None:
    game = make_game("igora-2016")
    assert game.joining.params.notice_minimum.days == 4
    assert make_game().joining.params.notice_minimum.days == 0
    assert {o.name for o in game.ruleset.options} == {o.name for o in make_game().ruleset.options}
