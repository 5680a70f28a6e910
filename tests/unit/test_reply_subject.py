"""The subject of the referee's answer carries one "Re: " (RFC 5322 3.6.5)."""

from __future__ import annotations

import pytest

from referee.reports.render import reply_subject


@pytest.mark.parametrize(
    ("subject", "answer"),
    [
        ("Tiles", "Re: Tiles"),
        ("Re: Tiles", "Re: Tiles"),
        ("RE: Tiles", "RE: Tiles"),
        ("Re: Re: Tiles", "Re: Tiles"),
        ("Re: AW: Tiles", "Re: Tiles"),
        ("Regarding tiles", "Re: Regarding tiles"),
    ],
)
def test_one_re(subject: str, answer: str) -> None:
    assert reply_subject(subject) == answer
