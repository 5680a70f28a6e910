"""The reader's shortcuts change nothing it reads.

Two shortcuts make reading cheaper: the rewrite tables (the normaliser's and each game's
lexicon) are applied in gated runs (``referee.parsing.prefilter``), and the answers of pure
steps (a game's ``looks_like_action``, a parse, the first hedge of a form) are remembered.
Every phrasing of the corpus is read here, and every rewrite asked on the way is checked
against the plain definition, so a pattern added to a table, or a game whose grammar
reads a new sentence, can never be blocked by a gate that wrongly says "nothing here".
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from bench.reading import games, load_cases, read
from referee.parsing import finder, grammars, normalise, prefilter
from referee.parsing.prefilter import Rewrites, rewrite, rewrite_in_order

CASES = load_cases()


def _forget() -> None:
    """Every remembered answer dropped, as in a fresh process."""
    finder._looks_like.cache_clear()
    finder._INERT.clear()
    grammars._parsed.cache_clear()
    normalise._first_hedge.cache_clear()


def _tables() -> Iterator[tuple[str, Rewrites]]:
    yield "normaliser", normalise._REWRITES
    yield "coordinates", normalise._COORDINATES
    for game in games():
        yield f"{game.name} rewrites", game.lexicon.rewrites
        yield f"{game.name} private rewrites", game.lexicon.private_rewrites


@dataclass(frozen=True)
class FreshReading:
    readings: list[str]
    """Each phrasing's reading, by a reader that remembered nothing."""
    asked: list[tuple[str, Rewrites]]
    """Every (text, table) rewritten on the way, once each."""


@pytest.fixture(scope="module")
def fresh() -> Iterator[FreshReading]:
    asked: list[tuple[str, Rewrites]] = []

    def recording(text: str, pairs: Rewrites) -> str:
        asked.append((text, pairs))
        return rewrite(text, pairs)

    readings = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(prefilter, "rewrite", recording)
        for case in CASES:
            _forget()
            readings.append(repr(read(case.text, private=case.private)))
    yield FreshReading(readings, list(dict.fromkeys(asked)))


def test_every_rewrite_the_corpus_asks_for_is_the_plain_one(fresh: FreshReading) -> None:
    assert len(fresh.asked) > 1000  # the corpus really reaches the rewrites
    asked = {id(pairs) for _, pairs in fresh.asked}
    assert {id(pairs) for _, pairs in _tables() if pairs} <= asked  # every table is asked
    wrong = [
        (text, rewrite(text, pairs), rewrite_in_order(text, pairs))
        for text, pairs in fresh.asked
        if rewrite(text, pairs) != rewrite_in_order(text, pairs)
    ]
    assert not wrong


def test_no_gate_turns_away_a_form_one_of_its_patterns_matches(fresh: FreshReading) -> None:
    """Stronger than equal results: a gate that says "nothing here" is right for every
    form of every phrasing, pattern by pattern, so no run is skipped that would act."""
    blocked = []
    for text, pairs in fresh.asked:
        for run, gate in prefilter._runs(pairs):
            if gate is None:
                continue
            for form in {text, text.strip()}:
                if not gate(form):
                    blocked += [(p.pattern, form) for p, _ in run if p.search(form)]
    assert not blocked


def test_every_game_s_forms_and_the_sentences_themselves_pass_their_gates() -> None:
    """Each game's canonical forms and the corpus's sentences, through each table: the
    same as the plain rewrite (the forms that a grammar reads are among them)."""
    texts = [example for game in games() for example in game.examples]
    texts += [line for case in CASES for line in case.text.splitlines() if line.strip()]
    for name, pairs in _tables():
        for text in texts:
            assert rewrite(text, pairs) == rewrite_in_order(text, pairs), (name, text)


def test_remembered_answers_read_every_phrasing_as_a_fresh_reader_does(
    fresh: FreshReading,
) -> None:
    """A parse tree, a game's cheap test and a hedge are remembered between sentences and
    messages: a reading with everything remembered is the reading of a fresh process."""
    for case in CASES:
        read(case.text, private=case.private)
    remembered = [repr(read(case.text, private=case.private)) for case in CASES]
    assert remembered == fresh.readings


def _table(*pairs: tuple[str, str], flags: int = re.IGNORECASE) -> Rewrites:
    return tuple((re.compile(pattern, flags), replacement) for pattern, replacement in pairs)


@pytest.mark.parametrize(
    "pairs",
    [
        # A back-reference cannot be joined with other patterns: its run stays ungated.
        _table((r"(\w)\1", "x"), ("^ab", "c")),
        # An alternative of its own not anchored at the start: searched everywhere.
        _table((r"^zz|ab", "c"), ("q$", "r")),
        # "^" at each line's start.
        _table(("^ab", "c"), flags=re.MULTILINE),
        # Flags that differ between patterns.
        (*_table(("^AB", "c")), *_table(("^ab", "d"), flags=0)),
        # A rewrite that makes the text a later pattern matches.
        _table(("^hi ", ""), ("^ab", "c"), *((f"^never{n}", "") for n in range(10)), ("c$", "!")),
        # Empty matches everywhere.
        _table(("x*", "-")),
        (),
    ],
)
@pytest.mark.parametrize("text", ["  ab  ", "hi ab", "aab", "xyz\nab", "zzab", "", "AB"])
def test_awkward_tables_give_the_plain_result(pairs: Rewrites, text: str) -> None:
    assert rewrite(text, pairs) == rewrite_in_order(text, pairs)


def test_a_run_whose_patterns_cannot_be_joined_has_no_gate() -> None:
    (run,) = prefilter._runs(_table((r"(\w)\1", "x"), ("^ab", "c")))
    assert run[1] is None
    joined = prefilter._runs(_table(("^ab", "c"), ("cd$", "e")))
    assert all(gate is not None for _, gate in joined)


def test_tables_built_afresh_each_time_are_not_kept_without_end() -> None:
    for number in range(prefilter.TABLES_KEPT + 50):
        pairs = _table((f"^x{number}$", "y"))
        assert rewrite(f"x{number}", pairs) == "y"
    assert len(prefilter._built) <= prefilter.TABLES_KEPT
