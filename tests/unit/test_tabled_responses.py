"""Tabling, support, objection and their withdrawal, and which intent a sentence means."""

from __future__ import annotations

from test_tabled_support import CHORES_RULE, Desk, at

from referee.games.tabled import quotes


def test_an_intent_must_name_its_method() -> None:
    desk = Desk()
    reason, rule = desk.refusal("nix", "I intend to paint the fence", at(0))
    assert reason == (
        'an intent must name its method: to paint the fence is "With 2 Support", e.g. '
        '"I intend, with 2 support, to paint the fence"'
    )
    assert rule == quotes.TABLING
    assert desk.state.intents.intents == {}


def test_an_intent_must_name_the_rules_method_and_parameters() -> None:
    desk = Desk()
    reason, rule = desk.refusal("nix", "I intend, without objection, to paint the fence", at(0))
    assert reason == (
        "the intent names Without Objection, but the rule allows one to paint the fence only "
        "With 2 Support"
    )
    assert rule == CHORES_RULE
    # "with support" is N = 1, the default (rule 1728), not the rule's 2.
    assert desk.one("nix", "I intend, with support, to paint the fence", at(0)).startswith(
        "rejected: the intent names With Support, but"
    )
    assert desk.one("nix", "I intend, with two support, to paint the fence", at(0)).startswith(
        "applied: nix tabled intent 1"
    )


def test_intent_numbers_are_stable_and_never_reused() -> None:
    desk = Desk.with_options(tabled_withdrawal_ends_intent=True)
    desk.do("nix", "I intend, with 2 support, to paint the fence", at(0))
    # A refused intent takes no number.
    assert desk.one("nix", "I intend, without objection, to paint the roof", at(0)).startswith(
        "rejected"
    )
    desk.do("Janet", "I intend, without 2 objections, to ratify the report", at(0))
    desk.do("nix", "I withdraw my intent 1", at(1))
    desk.do("Kate", "I intend, with notice, to mend the roof", at(2))
    assert sorted(desk.state.intents.intents) == [2, 3]
    assert [i.number for i in desk.state.intents.open_intents()] == [2, 3]
    # The withdrawn intent keeps its number, reduced to why it closed.
    assert list(desk.state.intents.settled) == [1]
    reason, _ = desk.refusal("Kate", "I support intent 1", at(3))
    assert reason == "intent 1 was withdrawn by nix on Tue 05 Mar 2024 12:00:00 UTC"
    assert desk.refusal("Kate", "I support intent 4", at(3))[0] == "there is no intent 4 in Chores"


def test_a_closed_intent_is_remembered_for_thirty_days_and_then_only_as_closed() -> None:
    desk = Desk.with_options(tabled_withdrawal_ends_intent=True)
    desk.do("nix", "I intend, with 2 support, to paint the fence", at(0))
    desk.do("nix", "I withdraw my intent 1", at(1))
    desk.do("Kate", "I intend, with notice, to mend the roof", at(2))
    assert list(desk.state.intents.settled) == [1]
    # Another intent closing 30 days on forgets the first one's record: the state does not
    # grow with every intent ever tabled (rulings T11a).
    desk.do("Kate", "I withdraw my intent 2", at(1 + 30))
    assert list(desk.state.intents.settled) == [1, 2]
    desk.do("Janet", "I intend, with notice, to mend the fence", at(32))
    desk.do("Janet", "I withdraw my intent 3", at(32))
    assert list(desk.state.intents.settled) == [2, 3]
    assert desk.refusal("Kate", "I support intent 1", at(33))[0] == (
        "intent 1 in Chores closed more than 30 days ago (the game's history shows what "
        "became of it)"
    )
    assert desk.refusal("Kate", "I support intent 2", at(33))[0].startswith(
        "intent 2 was withdrawn by Kate on"
    )
    assert desk.refusal("Kate", "I support intent 4", at(33))[0] == "there is no intent 4 in Chores"


def test_the_sponsor_cannot_support_eir_own_intent() -> None:
    desk = Desk()
    desk.do("nix", "I intend, with 2 support, to paint the fence", at(0))
    reason, rule = desk.refusal("nix", "I support intent 1", at(1))
    assert reason == "nix tabled intent 1, so e cannot support it"
    assert rule == quotes.SUPPORTING


def test_support_and_objection_once_each_and_not_again_after_withdrawal() -> None:
    desk = Desk()
    desk.do("nix", "I intend, with 2 support, to paint the fence", at(0))
    desk.do("Janet", "I support intent 1", at(1))
    assert desk.refusal("Janet", "I support intent 1", at(1)) == (
        "Janet already supports intent 1",
        quotes.SUPPORTING,
    )
    desk.do("Janet", "I withdraw my support for intent 1", at(2))
    assert desk.refusal("Janet", "I support intent 1", at(3)) == (
        "Janet supported intent 1 before and withdrew that support; e cannot support it again",
        quotes.SUPPORTING,
    )
    desk.do("Kate", "I object to intent 1", at(1))
    assert desk.refusal("Kate", "I object to intent 1", at(1)) == (
        "Kate already objects to intent 1",
        quotes.OBJECTING,
    )
    desk.do("Kate", "I withdraw my objection to intent 1", at(2))
    assert desk.refusal("Kate", "I object to intent 1", at(3))[1] == quotes.OBJECTING


def test_withdrawing_what_one_never_gave() -> None:
    desk = Desk()
    desk.do("nix", "I intend, with 2 support, to paint the fence", at(0))
    assert desk.refusal("Janet", "I withdraw my support for intent 1", at(1)) == (
        "Janet is not a supporter of intent 1",
        quotes.WITHDRAWING,
    )
    assert desk.refusal("Janet", "I withdraw my objection to intent 1", at(1)) == (
        "Janet is not an objector to intent 1",
        quotes.WITHDRAWING,
    )


def test_a_withdrawn_support_no_longer_counts() -> None:
    desk = Desk()
    desk.do("nix", "I intend, with 2 support, to paint the fence", at(0))
    desk.do("Janet", "I support intent 1", at(1))
    desk.do("Murphy", "I support intent 1", at(1))
    desk.do("Murphy", "I withdraw my support from intent 1", at(2))
    assert desk.one("nix", "I do so", at(3)) == (
        "rejected: intent 1 has 1 supporter (Janet); it needs at least 2"
    )


def test_only_the_eligible_may_support_and_all_of_them_must() -> None:
    desk = Desk()  # polishing needs the support of all the crew (Janet and Murphy)
    desk.do("nix", "I intend, with the support of all its members, to polish the silver", at(0))
    reason, rule = desk.refusal("Kate", "I support intent 1", at(1))
    assert reason == (
        "only the crew can support intent 1 (nix's intent to polish the silver); Kate is not "
        "one of them"
    )
    assert rule == CHORES_RULE
    desk.do("Janet", "I support intent 1", at(1))
    assert desk.one("nix", "I do so", at(2)) == (
        "rejected: intent 1 needs the support of all the crew (Janet and Murphy); supported so "
        "far by Janet; still to support: Murphy"
    )
    desk.do("Murphy", "I support intent 1", at(2))
    assert desk.one("nix", "I do so", at(3)).startswith("applied")


def test_the_sponsor_withdraws_the_intent() -> None:
    desk = Desk.with_options(tabled_withdrawal_ends_intent=True)
    desk.do("nix", "I intend, with 2 support, to paint the fence", at(0))
    desk.do("Janet", "I support intent 1", at(1))
    desk.do("Murphy", "I support intent 1", at(1))
    reason, rule = desk.refusal("Janet", "I withdraw my intent 1", at(2))
    assert reason == "only the sponsor of intent 1 (nix) can withdraw it"
    assert rule == quotes.SPONSOR
    assert desk.one("nix", "I withdraw my intent to paint the fence", at(2)) == (
        "applied: nix withdrew intent 1 (nix's intent to paint the fence); it can no longer be "
        "performed"
    )
    reason, _ = desk.refusal("Janet", "I perform intent 1", at(3))
    assert reason == "intent 1 was withdrawn by nix on Wed 06 Mar 2024 12:00:00 UTC"


def test_which_intent_by_sponsor_and_action() -> None:
    desk = Desk()
    desk.do("nix", "I intend, with 2 support, to paint the fence", at(0))
    desk.do("Kate", "I intend, with 2 support, to paint the fence", at(0))
    assert desk.one("Janet", "I support the intent to paint the fence", at(1)) == (
        'rejected: the intent to "paint the fence" could mean any of intents 1 (nix: paint '
        'the fence), 2 (Kate: paint the fence); name it by number ("intent 1")'
    )
    assert desk.one("Janet", "I support Kate's intent to paint the fence", at(1)).startswith(
        "applied: Janet supported intent 2 (Kate's intent to paint the fence)"
    )
    assert desk.one("Janet", "I support the intent of nix to paint the fence", at(1)).startswith(
        "applied: Janet supported intent 1"
    )
    assert desk.one("Janet", "I support snail's intent to paint the fence", at(1)) == (
        'rejected: snail has no open intent in Chores to "paint the fence"'
    )
    assert desk.one("Janet", "I support intent 9", at(1)) == (
        "rejected: there is no intent 9 in Chores"
    )


def test_i_do_so_is_the_intent_named_last_in_the_same_message() -> None:
    desk = Desk()
    desk.do("nix", "I intend, with 2 support, to paint the fence", at(0))
    desk.do("Kate", "I intend, with 2 support, to paint the fence", at(0))
    for name in ("Janet", "Murphy"):
        desk.do(name, "I support intent 1", at(1))
        desk.do(name, "I support intent 2", at(1))
    # Janet, a supporter of both, names intent 2 in the sentence before "I do so".
    answers = desk.do("Janet", "I perform intent 2", at(2))
    assert answers[0].startswith("applied: Janet did it: paint the fence (intent 2")
    # Across sentences of one message, "I do so" follows the last intent named.
    context = desk.context("Murphy", at(3))
    from test_tabled_support import parse

    for text in ("I perform intent 1", "I do so"):
        for action in parse(text):
            desk.procedure.apply(desk.state, action, context)
    assert desk.state.done[-2:] == ["Murphy: paint the fence", "Murphy: paint the fence"]
    assert [p.by for p in desk.state.intents.intents[1].performances] == ["Murphy", "Murphy"]


def test_i_do_so_with_nothing_or_too_much_to_mean() -> None:
    desk = Desk()
    assert desk.one("nix", "I do so", at(0)) == (
        'rejected: nix has no open intent in Chores that "I do so" could perform (nothing was '
        "done in Chores; an intent outside Chores is not the referee's to judge)"
    )
    desk.do("nix", "I intend, with 2 support, to paint the fence", at(0))
    desk.do("nix", "I intend, with notice, to mend the roof", at(0))
    assert desk.one("nix", "I do so", at(5)) == (
        'rejected: "I do so" could mean any of intents 1 (nix: paint the fence), 2 (nix: mend '
        'the roof); say which, e.g. "I perform intent 2"'
    )


def test_performing_the_action_with_no_intent_at_all() -> None:
    desk = Desk()
    reason, rule = desk.refusal("nix", "I paint the fence", at(0))
    assert reason == (
        "nobody has tabled an open intent to paint the fence; it can be done only With 2 "
        'Support, after an intent such as "I intend, with 2 support, to paint the fence"'
    )
    assert rule == quotes.COMBINATION


def test_performing_by_another_method_than_the_rules() -> None:
    desk = Desk()
    desk.do("nix", "I intend, with 2 support, to paint the fence", at(0))
    reason, rule = desk.refusal("nix", "Without objection, I paint the fence", at(1))
    assert reason == (
        "the rule allows one to paint the fence only With 2 Support, not Without Objection"
    )
    assert rule == CHORES_RULE


def test_a_conditional_intent_cannot_be_judged_by_the_referee() -> None:
    desk = Desk()
    assert desk.one(
        "nix", "I intend, with 2 support, to paint the fence, if it has not rained", at(0)
    ).endswith(
        "conditional ('if it has not rained'): the referee can perform it only when the game "
        "shows that condition met"
    )
    desk.do("Janet", "I support intent 1", at(1))
    desk.do("Murphy", "I support intent 1", at(1))
    reason, rule = desk.refusal("nix", "I do so", at(2))
    assert reason == (
        "intent 1 is conditional ('if it has not rained') and the referee cannot tell whether "
        "that is clearly and unambiguously met; only an intent whose conditions are clearly "
        "met is ripe"
    )
    assert rule == quotes.RIPE
