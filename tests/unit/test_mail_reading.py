"""Whole list messages of the mail corpus read as a careful officer reads them.

Every ``tests/data/mail/*.eml`` whose ``.expected.json`` holds an ``officer`` pin goes
through the real body reader and finder with every game (``bench.mail_reading``): exactly
the pinned actions are performed, in order, every pinned line is told to its author, and
no other line is. A message the referee does not read right yet is an expected failure
(strict) with the reason, so the list shrinks as reading improves and hides no
regression. ``python -m bench.mail_reading`` prints the figures.
"""

from __future__ import annotations

import pytest

from bench.mail_reading import CORPUS, MailCase, judge_mail, load_mail_cases, mail_figures

CASES = load_mail_cases()

# Misses of the games' phrasings (not of the mail's shape), with the reason for each.
KNOWN: dict[str, str] = dict(
    line.split("\t", 1)
    for line in (CORPUS / "known-misses.txt").read_text(encoding="utf-8").splitlines()
    if line.strip() and not line.startswith("#")
)


def _param(case: MailCase) -> object:
    marks = []
    if case.name in KNOWN:
        marks.append(pytest.mark.xfail(strict=True, reason=KNOWN[case.name]))
    return pytest.param(case, id=case.name, marks=marks)


def test_the_whole_message_corpus_is_large() -> None:
    assert len(CASES) >= 120
    assert set(KNOWN) <= {case.name for case in CASES}


@pytest.mark.parametrize("case", [_param(case) for case in CASES])
def test_whole_message(case: MailCase) -> None:
    verdict = judge_mail(case)
    assert verdict.right, (
        f"pinned {list(case.pin.perform)}, performed {list(verdict.performed)}, "
        f"told {list(verdict.told)}"
    )


def test_no_false_positive_and_no_silent_miss_beyond_the_known() -> None:
    total = mail_figures([judge_mail(case) for case in CASES if case.name not in KNOWN])
    assert (total.false_positives, total.silent_misses) == (0, 0)
    known = mail_figures([judge_mail(case) for case in CASES if case.name in KNOWN])
    assert known.false_positives == 0
