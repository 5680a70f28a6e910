"""Intents named by their sponsor alone ("Janet's intent", "my intent", "the second of
Janet's intents"): found among the open intents when performed; none or several are asked
about with the candidates, never guessed (rulings P21-agora)."""

from __future__ import annotations

from test_alliances_support import Table, at

JOIN = "I intend, With the Support of all its existing members, to join {}'s alliance"


def janet_with_two_intents() -> Table:
    table = Table()
    table.one("Janet", JOIN.format("Murphy"), at(0))
    table.one("Janet", JOIN.format("Aspen"), at(0, 1))
    return table


def test_a_sponsors_one_open_intent_is_that_intent_echoed_by_number() -> None:
    table = Table()
    table.one("Janet", JOIN.format("Murphy"), at(0))
    answer = table.one("Murphy", "I support Janet's intent.", at(0, 2))
    assert answer.startswith("applied: "), answer
    assert "intent 1" in answer


def test_my_intent_is_the_authors_own() -> None:
    table = Table()
    table.one("Janet", JOIN.format("Murphy"), at(0))
    table.one("nix", JOIN.format("Aspen"), at(0, 1))
    answer = table.one("nix", "I withdraw my intent.", at(0, 2))
    assert answer.startswith("applied: ") and "intent 2" in answer, answer


def test_several_open_intents_of_the_sponsor_are_asked_about_with_the_candidates() -> None:
    table = janet_with_two_intents()
    reason, _ = table.refusal("Murphy", "I support Janet's intent.", at(0, 2))
    assert "could mean any of intents 1" in reason and "2 (Janet" in reason, reason


def test_an_ordinal_picks_among_the_sponsors_open_intents_oldest_first() -> None:
    table = janet_with_two_intents()
    second = table.one("Aspen", "I support the second of Janet's intents.", at(0, 2))
    assert second.startswith("applied: ") and "intent 2" in second, second
    last = table.one("Murphy", "I object to Janet's last intent.", at(0, 3))
    assert last.startswith("applied: ") and "intent 2" in last, last
    first = table.one("Murphy", "I support Janet's first intent.", at(0, 4))
    assert first.startswith("applied: ") and "intent 1" in first, first


def test_an_ordinal_beyond_the_sponsors_intents_names_none_and_lists_them() -> None:
    table = janet_with_two_intents()
    reason, _ = table.refusal("Murphy", "I support Janet's third intent.", at(0, 2))
    assert "2 open intents" in reason and "third intent names none" in reason, reason


def test_a_sponsor_without_open_intents_is_told_so() -> None:
    table = Table()
    table.one("Janet", JOIN.format("Murphy"), at(0))
    reason, _ = table.refusal("Murphy", "I support Kate's intent.", at(0, 2))
    assert reason == "Kate has no open intent in Alliances", reason
    reason, _ = table.refusal("Kate", "I withdraw my intent.", at(0, 2))
    assert reason == "you have no open intent in Alliances", reason


def test_a_sponsor_named_with_the_number_is_checked_against_it() -> None:
    table = janet_with_two_intents()
    answer = table.one("Aspen", "I support Janet's intent 2.", at(0, 2))
    assert answer.startswith("applied: ") and "intent 2" in answer, answer
    reason, _ = table.refusal("Murphy", "I object to Murphy's intent 1.", at(0, 3))
    assert reason == "intent 1 in Alliances is Janet's, not Murphy's; say which you mean", reason


def test_my_intent_performed_is_the_authors_own_and_asked_about_if_several() -> None:
    table = janet_with_two_intents()
    reason, _ = table.refusal("Janet", "I perform my intent.", at(0, 2))
    assert "could mean any of intents 1" in reason, reason
