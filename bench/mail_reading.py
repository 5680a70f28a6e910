"""How well the referee reads whole list messages (run: .venv/bin/python -m bench.mail_reading).

Each ``*.eml`` of a folder (by default the mail corpus, ``tests/data/mail``) whose
``.expected.json`` holds an ``officer`` pin is read as the referee reads it: the real body
reader (MIME, HTML, format=flowed, quotes, forwards, signatures) and the real finder with
every game the referee runs, the author taking part in all of them (as in
:mod:`bench.reading`). The message is private when no list is among its recipients, and a
private message to the referee may hold a bare Go move. The pin says what a careful officer
does with the whole message::

    "officer": {
      "perform": ["I place a tile at G6", ...],  # canonical sentences, in order
      "report": ["I plop a tile"],  # fragments of lines the author must be told of
      "either": ["I think I'll"]  # fragments that may be told or left alone
    }

Printed per message and in total: the actions understood (performed as their canonical
form), the false positives (an action performed that the pin does not hold: a quoted,
forwarded, conditional or misread one), the silent misses (a pinned action neither
performed nor told to the author, or a pinned report line not told) and the noise (a line
told as not understood that the pin does not name). Nothing is asserted here;
``tests/unit/test_mail_reading.py`` holds the suite's floor.
"""

from __future__ import annotations

import argparse
import email
import email.policy
import json
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from email.message import Message
from email.utils import getaddresses
from pathlib import Path
from typing import Any

from bench.reading import games, read, shapes
from referee.mailtext.body import author_text
from referee.parsing import ParseResult, find_actions

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "data" / "mail"
LISTS = frozenset({"agora-business@agoranomic.org", "agora-discussion@agoranomic.org"})
BOT = "referee@example.org"


@dataclass(frozen=True)
class Pin:
    perform: tuple[str, ...]
    report: tuple[str, ...]
    either: tuple[str, ...]


@dataclass(frozen=True)
class MailCase:
    name: str
    raw: bytes
    pin: Pin


@dataclass(frozen=True)
class MailVerdict:
    case: MailCase
    wanted: int  # actions the pin performs
    understood: int  # of those, performed as pinned
    false_positives: int
    silent_misses: int
    noise: int  # lines told as not understood that the pin does not name
    performed: tuple[str, ...]  # what was performed, as written
    told: tuple[str, ...]  # what the author was told was not understood

    @property
    def right(self) -> bool:
        return (
            self.understood == self.wanted
            and not self.false_positives
            and not self.silent_misses
            and not self.noise
        )


def load_mail_cases(folder: Path = CORPUS) -> list[MailCase]:
    """Every message of ``folder`` whose expected reading holds an ``officer`` pin."""
    cases = []
    for path in sorted(folder.glob("*.eml")):
        expected = json.loads(path.with_suffix(".expected.json").read_text(encoding="utf-8"))
        officer = expected.get("officer")
        if officer is None:
            continue
        pin = Pin(
            tuple(officer.get("perform", ())),
            tuple(officer.get("report", ())),
            tuple(officer.get("either", ())),
        )
        cases.append(MailCase(path.name.removesuffix(".eml"), path.read_bytes(), pin))
    return cases


def _recipients(message: Message) -> set[str]:
    fields = [str(v) for name in ("To", "Cc") for v in message.get_all(name, [])]
    return {address.lower() for _, address in getaddresses(fields)}


def read_whole(raw: bytes) -> tuple[ParseResult, bool]:
    """The finder's reading of a whole message, and whether it was private."""
    message = email.message_from_bytes(raw, policy=email.policy.compat32)
    recipients = _recipients(message)
    private = not recipients & LISTS
    body = author_text(message)
    own = [(line.number, line.text) for line in body.lines]
    quoted = [(line.number, line.text) for line in body.quoted]
    plays = {game.name: True for game in games()}
    result = find_actions(games(), own, plays, private=private and BOT in recipients, quoted=quoted)
    return result, private


def _matches(text: str, fragments: Sequence[str]) -> bool:
    folded = " ".join(text.casefold().split())
    return any(" ".join(f.casefold().split()) in folded for f in fragments)


def judge_mail(case: MailCase) -> MailVerdict:
    result, private = read_whole(case.raw)
    got = shapes(result)
    wanted: list[Any] = []
    for sentence in case.pin.perform:
        wanted += shapes(read(sentence, private=private))
    told = [miss.sentence.written or miss.sentence.text for miss in result.not_understood]
    got_count, wanted_count = Counter(map(repr, got)), Counter(map(repr, wanted))
    understood = sum((got_count & wanted_count).values())
    false_positives = sum((got_count - wanted_count).values())
    noise = [t for t in told if not _matches(t, (*case.pin.report, *case.pin.either))]
    unreported = [f for f in case.pin.report if not any(_matches(t, (f,)) for t in told)]
    missing = len(wanted) - understood
    # A pinned action that was not performed is a silent miss unless its author was told
    # of some line (the answer then points at it).
    silent = len(unreported) + max(0, missing - len(noise))
    if got != wanted and not false_positives and missing == 0:
        false_positives = 1  # the right actions in the wrong order
    return MailVerdict(
        case,
        wanted=len(wanted),
        understood=understood,
        false_positives=false_positives,
        silent_misses=silent,
        noise=len(noise),
        performed=tuple(f"{a.game}: {a.action.source.text}" for a in result.actions),
        told=tuple(told),
    )


@dataclass(frozen=True)
class MailFigures:
    messages: int
    messages_right: int
    actions: int
    understood: int
    false_positives: int
    silent_misses: int
    noise: int


def mail_figures(verdicts: Sequence[MailVerdict]) -> MailFigures:
    return MailFigures(
        messages=len(verdicts),
        messages_right=sum(v.right for v in verdicts),
        actions=sum(v.wanted for v in verdicts),
        understood=sum(v.understood for v in verdicts),
        false_positives=sum(v.false_positives for v in verdicts),
        silent_misses=sum(v.silent_misses for v in verdicts),
        noise=sum(v.noise for v in verdicts),
    )


def print_report(verdicts: Sequence[MailVerdict], *, quiet: bool = False) -> None:
    for verdict in verdicts:
        if quiet and verdict.right:
            continue
        flags = " FALSE POSITIVE" if verdict.false_positives else ""
        flags += " SILENT MISS" if verdict.silent_misses else ""
        flags += " NOISE" if verdict.noise else ""
        mark = "ok " if verdict.right else "BAD"
        print(f"{mark} {verdict.case.name}: {verdict.understood}/{verdict.wanted}{flags}")
        if not verdict.right:
            print(f"    pinned:    {list(verdict.case.pin.perform)}")
            print(f"    performed: {list(verdict.performed)}")
            print(f"    told:      {list(verdict.told)}")
    total = mail_figures(verdicts)
    print(f"messages:         {total.messages_right}/{total.messages} read entirely right")
    rate = 100 * total.understood / total.actions if total.actions else 100.0
    print(f"actions:          {total.understood}/{total.actions} understood ({rate:.1f}%)")
    print(f"false positives:  {total.false_positives} (target 0)")
    print(f"silent misses:    {total.silent_misses} (target 0)")
    print(f"noise:            {total.noise} lines told that an officer would leave alone")


def reading_speed(cases: Sequence[MailCase], rounds: int = 20) -> float:
    """Messages per second, whole reading (body and finder), best of three."""
    best = 0.0
    for _ in range(3):
        began = time.process_time()
        for _ in range(rounds):
            for case in cases:
                read_whole(case.raw)
        elapsed = time.process_time() - began
        best = max(best, rounds * len(cases) / elapsed if elapsed else 0.0)
    return best


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.mail_reading", description=__doc__)
    parser.add_argument("folder", nargs="?", type=Path, default=CORPUS)
    parser.add_argument("--quiet", action="store_true", help="leave the right messages out")
    parser.add_argument("--speed", action="store_true", help="also time whole reading")
    options = parser.parse_args(argv)
    cases = load_mail_cases(options.folder)
    print_report([judge_mail(case) for case in cases], quiet=options.quiet)
    if options.speed and cases:
        print(f"reading speed:    {reading_speed(cases):.0f} messages/s (CPU, best of 3)")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
