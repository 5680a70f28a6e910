"""How well the referee reads natural phrasings (run: .venv/bin/python -m bench.reading).

Every case of ``tests/data/phrasings/*.tsv`` is mailed by nix, as a one-part message, through the
real body reader (quotes, signatures) and the real finder with every game the referee
runs (Commune, Single-Capture Go, Alliances, the Register, Okinawa, Arcadia and its
contract), the author taking part in all of them. A case expects one of:

  - ``perform``: exactly the actions of its canonical sentence(s), and no complaint;
  - ``ignore``: nothing performed (a note to the author, such as "conditional", is fine);
  - ``report``: nothing performed, and the author told that a line was not understood.

Printed: the understood rate (perform cases read right), the false positives (an action
performed that the case does not expect: a wrong action, or any action in an ignore or a
report case) and the silent misses (a perform or report case that produced neither an
action nor a word to the author), then each failing case (``--quiet`` leaves them out),
and the finder's speed over the synthetic archive's bodies. Nothing is asserted here;
``tests/unit/test_phrasings.py`` holds the suite's floor.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from email import message_from_bytes
from email.message import EmailMessage
from fnmatch import fnmatch
from functools import cache
from pathlib import Path
from typing import Any

from referee.games.alliances.plugin import AlliancesGame
from referee.games.arcadia.plugin import ArcadiaGame
from referee.games.arcadia_contract.plugin import ArcadiaContract
from referee.games.base import Game, GameSetup
from referee.games.commune.plugin import CommuneGame
from referee.games.okinawa.plugin import OkinawaGame
from referee.games.register.plugin import REGISTER_NAME, REGISTER_START, RegisterGame
from referee.games.register.state import Standing
from referee.games.scgo.plugin import SingleCaptureGo
from referee.mailtext.body import author_text
from referee.parsing import ParseResult, find_actions

PHRASINGS = Path(__file__).resolve().parents[1] / "tests" / "data" / "phrasings"
START = datetime(2023, 4, 3, tzinfo=UTC)
EXPECTATIONS = ("perform", "ignore", "report")


@dataclass(frozen=True)
class Case:
    file: str
    number: int
    expect: str
    private: bool
    text: str
    canonical: str


@dataclass(frozen=True)
class Verdict:
    case: Case
    understood: bool
    false_positive: bool
    silent_miss: bool
    found: str


def load_cases(folder: Path = PHRASINGS) -> list[Case]:
    """Every case of every ``*.tsv`` file (``#`` lines are comments)."""
    cases: list[Case] = []
    for path in sorted(folder.glob("*.tsv")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.split("\t")
            if len(fields) != 4 or fields[0] not in EXPECTATIONS:
                raise ValueError(f"{path.name}:{number}: expect, route, text, canonical")
            expect, route, text, canonical = fields
            if route not in ("public", "private"):
                raise ValueError(f"{path.name}:{number}: route is public or private")
            cases.append(
                Case(
                    path.name,
                    number,
                    expect,
                    route == "private",
                    text.replace("\\n", "\n"),
                    canonical.replace("\\n", "\n"),
                )
            )
    return cases


@cache
def games() -> tuple[Game[Any], ...]:
    """One game of each kind, as a deployment configures them."""

    def setup(game: type[Game[Any]], name: str, officer: str) -> GameSetup:
        version = next(reversed(list(game.rulesets())))
        return GameSetup(name, game.rulesets()[version], START, officer)

    register = RegisterGame(
        GameSetup(REGISTER_NAME, RegisterGame.rulesets()["procedure"], REGISTER_START, "nix"),
        players={"nix": Standing(), "Janet": Standing(), "Murphy": Standing()},
        offices={"surveyor": "nix", "registrar": "Janet"},
    )
    return (
        CommuneGame(setup(CommuneGame, "Commune", "surveyor")),
        SingleCaptureGo(setup(SingleCaptureGo, "Single-Capture Go", "referee")),
        AlliancesGame(setup(AlliancesGame, "Alliances", "registrar")),
        register,
        OkinawaGame(setup(OkinawaGame, "Okinawa", "sensei")),
        ArcadiaGame(setup(ArcadiaGame, "Arcadia", "lord-ruler")),
        ArcadiaContract(setup(ArcadiaContract, "Arcadia contract", "lord-ruler")),
    )


def _plays() -> dict[str, bool]:
    return {game.name: True for game in games()}


def read(text: str, *, private: bool) -> ParseResult:
    """The finder's reading of ``text`` mailed as a message body."""
    message = EmailMessage()
    message["From"] = "nix@example.org"
    message["Subject"] = "actions"
    message.set_content(text + "\n")
    parsed = message_from_bytes(message.as_bytes())
    body = author_text(parsed)
    own = [(line.number, line.text) for line in body.lines]
    quoted = [(line.number, line.text) for line in body.quoted]
    return find_actions(games(), own, _plays(), private=private, quoted=quoted, author="nix")


def shape(value: Any) -> Any:
    """An action as comparable data: its type and fields, without where it was written."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (
            type(value).__name__,
            tuple(
                (f.name, shape(getattr(value, f.name)))
                for f in dataclasses.fields(value)
                if f.name != "source"
            ),
        )
    if isinstance(value, (list, tuple)):
        return tuple(shape(v) for v in value)
    if isinstance(value, str):
        return value.casefold()
    return value


def shapes(result: ParseResult) -> list[Any]:
    return [(found.game, shape(found.action)) for found in result.actions]


@cache
def canonical_shapes(canonical: str, private: bool) -> tuple[Any, ...]:
    """The actions a canonical form reads as: many cases share one canonical form."""
    return tuple(shapes(read(canonical, private=private)))


@cache
def judge(case: Case) -> Verdict:
    """How ``case`` is read (kept: the suite asks for each case, then for all of them)."""
    result = read(case.text, private=case.private)
    got = shapes(result)
    told = bool(result.not_understood)
    found = "; ".join(f"{a.game}: {a.action.source.text}" for a in result.actions) or (
        f"not understood: {result.not_understood[0].problem}" if told else "nothing"
    )
    if case.expect == "perform":
        wanted = list(canonical_shapes(case.canonical, case.private))
        right = bool(wanted) and got == wanted and not told
        return Verdict(
            case,
            understood=right,
            false_positive=bool(got) and got != wanted,
            silent_miss=not got and not told,
            found=found,
        )
    if case.expect == "report":
        return Verdict(case, not got and told, bool(got), not got and not told, found)
    return Verdict(case, not got, bool(got), False, found)


def judge_all(cases: Iterable[Case]) -> list[Verdict]:
    return [judge(case) for case in cases]


@dataclass(frozen=True)
class Figures:
    cases: int
    perform: int
    understood: int
    right: int
    false_positives: int
    silent_misses: int

    @property
    def rate(self) -> float:
        return self.understood / self.perform if self.perform else 1.0


def figures(verdicts: Sequence[Verdict]) -> Figures:
    perform = [v for v in verdicts if v.case.expect == "perform"]
    return Figures(
        cases=len(verdicts),
        perform=len(perform),
        understood=sum(v.understood for v in perform),
        right=sum(v.understood for v in verdicts),
        false_positives=sum(v.false_positive for v in verdicts),
        silent_misses=sum(v.silent_miss for v in verdicts),
    )


def finder_speed(count: int = 2000) -> float:
    """Messages per second through body reading and the finder, over the synthetic
    archive's messages (the part of a replay this benchmark's changes touch)."""
    from bench.archive import generate

    bodies = []
    for raw in generate(count):
        message = message_from_bytes(raw)
        text = author_text(message)
        bodies.append([(line.number, line.text) for line in text.lines])
    best = 0.0
    for _ in range(3):
        began = time.perf_counter()
        for lines in bodies:
            find_actions(games(), lines, _plays())
        best = max(best, len(bodies) / (time.perf_counter() - began))
    return best


def _chosen(case: Case, patterns: Sequence[str] | None) -> bool:
    """Whether ``case`` is in one of the corpus files ``patterns`` name (all when none)."""
    return not patterns or any(fnmatch(case.file, pattern) for pattern in patterns)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.reading", description=__doc__)
    parser.add_argument("--quiet", action="store_true", help="leave the failing cases out")
    parser.add_argument("--no-speed", action="store_true", help="skip the finder's speed")
    parser.add_argument(
        "--file", action="append", help="only the cases of this corpus file (a glob; repeatable)"
    )
    options = parser.parse_args(argv)
    verdicts = judge_all(case for case in load_cases() if _chosen(case, options.file))
    if not options.quiet:
        for verdict in verdicts:
            if verdict.understood:
                continue
            case = verdict.case
            flags = " FALSE POSITIVE" if verdict.false_positive else ""
            flags += " SILENT MISS" if verdict.silent_miss else ""
            print(f"{case.file}:{case.number} [{case.expect}]{flags} {case.text!r}")
            print(f"    read: {verdict.found}")
    total = figures(verdicts)
    print(f"phrasings: {total.cases} cases, {total.perform} meant to be performed")
    print(
        f"understood:       {total.understood}/{total.perform} "
        f"({100 * total.rate:.1f}%, target >= 90%)"
    )
    print(f"all cases right:  {total.right}/{total.cases}")
    print(f"false positives:  {total.false_positives} (target 0)")
    print(f"silent misses:    {total.silent_misses} (target 0)")
    if not options.no_speed:
        print(f"finder speed:     {finder_speed():.0f} messages/s (best of 3, synthetic archive)")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
