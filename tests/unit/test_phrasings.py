"""The phrasing corpus (``tests/data/phrasings``) through the real body reader and finder.

Each case must come out as it is pinned: performed as its canonical sentence, ignored, or
reported to its author. The cases the referee does not read yet are listed, by file and
text, in ``tests/data/phrasings/known-misses.txt``; each of them is an expected failure
that must keep failing (strict), so the list shrinks as reading improves and never hides
a regression. ``python -m bench.reading`` prints the figures.
"""

from __future__ import annotations

import pytest

from bench.reading import PHRASINGS, Case, figures, judge, judge_all, load_cases, read

CASES = load_cases()
KNOWN = {
    tuple(line.split("\t", 1))
    for line in (PHRASINGS / "known-misses.txt").read_text(encoding="utf-8").splitlines()
    if line.strip() and not line.startswith("#")
}


def _id(case: Case) -> str:
    return f"{case.file}:{case.number}"


def _known(case: Case) -> bool:
    return (case.file, case.text.replace("\n", "\\n")) in KNOWN


def _param(case: Case) -> object:
    known = _known(case)
    marks = [pytest.mark.xfail(strict=True, reason="a known miss")] if known else []
    return pytest.param(case, id=_id(case), marks=marks)


def test_the_corpus_is_large_and_covers_every_outcome() -> None:
    assert len(CASES) >= 300
    assert {case.expect for case in CASES} == {"perform", "ignore", "report"}
    assert {case.file for case in CASES} >= {
        "commune.tsv",
        "scgo.tsv",
        "alliances.tsv",
        "register.tsv",
    }


def test_every_known_miss_is_a_case() -> None:
    texts = {(case.file, case.text.replace("\n", "\\n")) for case in CASES}
    assert texts >= KNOWN, sorted(KNOWN - texts)


@pytest.mark.parametrize(
    "case", [c for c in CASES if c.expect == "perform" and not _known(c)], ids=_id
)
def test_every_canonical_form_is_read_as_written(case: Case) -> None:
    result = read(case.canonical, private=case.private)
    assert result.actions and not result.not_understood, case.canonical


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_phrasing(case: Case) -> None:
    verdict = judge(case)
    assert verdict.understood, f"{case.text!r} ({case.expect}) read as: {verdict.found}"


def test_no_false_positive_and_no_silent_miss() -> None:
    total = figures(judge_all(CASES))
    assert total.false_positives == 0
    assert total.silent_misses == 0
