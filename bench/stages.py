"""What reading a message costs, stage by stage (run: .venv/bin/python -m bench.stages).

The synthetic archive is stored and processed once, as ``bench.benchmark`` does; then each
stage of reading is run alone over every stored message, and its CPU time (not wall time:
on a shared machine other work only adds to the wall clock) is printed per message, the
best of a few rounds. The stages, in the order the pipeline meets them:

  - the standard library's MIME parse (compat32, as the reader parses), and with
    ``policy=default`` for comparison (the benchmark's bare parse);
  - the strict header reading, the list check and the attribution;
  - the body reader (part, charset, format=flowed, quotes, signature);
  - ``read_message`` whole;
  - finding the author's commands and actions, twice: "first sight", with everything the
    reader remembers forgotten before each message (what a message of new sentences
    costs), and "remembered", as a long run reads (the archive repeats its sentences far
    more than a list does, so this is the lower bound).

Nothing is asserted; these are figures for the developer.
"""

from __future__ import annotations

import argparse
import email
import email.policy
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

from sqlalchemy import select

from bench.archive import START, generate
from bench.benchmark import bench_settings
from referee.app import build_app
from referee.config import Visibility
from referee.engine.reading import read_message
from referee.mailtext.body import author_text
from referee.mailtext.headers import read_headers
from referee.mailtext.lists import carrying_list
from referee.mailtext.sender import identify_author
from referee.parsing import find_actions, finder, grammars, normalise
from referee.parsing.officer_commands import find_commands
from referee.store import migrate
from referee.store.db import Database
from referee.store.models import InboundMessage

ROUNDS = 3


def forget() -> None:
    """Drop every answer the reader remembers, as in a fresh process."""
    finder._looks_like.cache_clear()
    finder._INERT.clear()
    grammars._parsed.cache_clear()
    normalise._first_hedge.cache_clear()


def best_cpu(run: Callable[[], object], rounds: int = ROUNDS) -> float:
    """The least CPU time of ``rounds`` runs, in seconds."""
    best = float("inf")
    for _ in range(rounds):
        began = time.process_time()
        run()
        best = min(best, time.process_time() - began)
    return best


def measure(count: int, rounds: int = ROUNDS) -> dict[str, float]:
    """Each stage's CPU seconds per message, over ``count`` messages of the archive."""
    archive = list(generate(count))
    with tempfile.TemporaryDirectory() as scratch:
        settings = bench_settings(Path(scratch))
        db = Database(settings.database_url)
        migrate.upgrade(db)
        db.dispose()
        app = build_app(settings, now=lambda: START + timedelta(days=365))
        for raw in archive:
            app.inbox.accept(raw, "bench", Visibility.PUBLIC, START, trust_received=True)
        app.processor().process_pending()
        processor = app.processor(silent=True)
        people, games = processor.contexts.people, processor.games
        with app.db.transaction() as session:
            rows = list(session.scalars(select(InboundMessage).order_by(InboundMessage.id)))
            for row in rows:
                session.expunge(row)
        app.close()
    book = people.address_book
    parsed = [email.message_from_bytes(row.raw, policy=email.policy.compat32) for row in rows]
    headers = [read_headers(row.raw, book.list_addresses) for row in rows]
    reads = [read_message(row, people) for row in rows]
    own = [read.own_lines() for read in reads]
    plays = {game.name: True for game in games}

    def attribute() -> None:
        for row, message, strict in zip(rows, parsed, headers, strict=True):
            carriage = carrying_list(row.raw, strict, book.lists, True)
            identify_author(message, book, headers=strict, carriage=carriage)

    def find(remembered: bool) -> None:
        for lines in own:
            if not remembered:
                forget()
            find_commands(lines)
            find_actions(games, lines, plays)

    stages: dict[str, Callable[[], object]] = {
        "MIME parse, policy=default (bare)": lambda: [
            email.message_from_bytes(row.raw, policy=email.policy.default) for row in rows
        ],
        "MIME parse, compat32": lambda: [
            email.message_from_bytes(row.raw, policy=email.policy.compat32) for row in rows
        ],
        "strict header reading": lambda: [
            read_headers(row.raw, book.list_addresses) for row in rows
        ],
        "list check and attribution": attribute,
        "body reader": lambda: [author_text(message) for message in parsed],
        "read_message whole": lambda: [read_message(row, people) for row in rows],
        "finding, first sight": lambda: find(False),
        "finding, remembered": lambda: find(True),
    }
    find(True)  # the parsers loaded, and the remembered answers there
    return {name: best_cpu(run, rounds) / len(rows) for name, run in stages.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--messages", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    args = parser.parse_args(argv)
    figures = measure(args.messages, args.rounds)
    print(f"CPU time per message, best of {args.rounds}, {args.messages} messages:")
    for name, seconds in figures.items():
        print(f"  {name:36s} {seconds * 1e6:8.1f} us")
    return 0


if __name__ == "__main__":
    sys.exit(main())
