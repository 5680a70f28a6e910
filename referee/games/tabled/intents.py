"""Tabled intents as a game keeps them: numbered, with every response in order.

An intent records who tabled it, the action (the player's words and the game's canonical
data for it), the method(s), any conditions, when, and every support, objection and
withdrawal with its time. Current supporters and objectors are derived from that log, so
nothing is stored twice and "withdrew objections in the past 24 hours" or "previously
supported" can always be answered. Numbers are 1, 2, 3... per game, never reused.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, MutableMapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from referee.clock import utc
from referee.games.base import JsonData
from referee.games.kit.codecs import dump_optional_time, dump_time, load_time
from referee.games.tabled.methods import Method


class Act(enum.StrEnum):
    SUPPORT = "support"
    OBJECT = "object"
    WITHDRAW_SUPPORT = "withdraw-support"
    WITHDRAW_OBJECTION = "withdraw-objection"


class Closed(enum.StrEnum):
    """Why an intent can no longer be performed."""

    WITHDRAWN = "withdrawn"
    PERFORMED = "performed"
    EXPIRED = "expired"


@dataclass(frozen=True)
class Response:
    person: str
    act: Act
    at: datetime
    message: str | None = None


@dataclass(frozen=True)
class Performance:
    by: str
    at: datetime
    message: str | None = None


@dataclass
class Intent:
    number: int
    sponsor: str
    text: str
    """The action in the sponsor's own words ("join Janet's alliance")."""
    action: JsonData
    """The game's canonical data of the action, compared when the action is performed."""
    methods: tuple[Method, ...]
    tabled_at: datetime
    conditions: str | None = None
    office: str | None = None
    """The rule-defined position the sponsor held when tabling, if the action is an office's:
    its later holders are sponsors too (rule 1728)."""
    message: str | None = None
    responses: list[Response] = field(default_factory=list)
    performances: list[Performance] = field(default_factory=list)
    closed: Closed | None = None
    closed_at: datetime | None = None
    closed_by: str | None = None

    @property
    def open(self) -> bool:
        return self.closed is None

    def _current(self, become: Act, cease: Act) -> dict[str, datetime]:
        current: dict[str, datetime] = {}
        for response in self.responses:
            if response.act is become:
                current[response.person] = response.at
            elif response.act is cease:
                current.pop(response.person, None)
        return current

    def supporters(self) -> dict[str, datetime]:
        """Current supporters and when each supported, in the order they did."""
        return self._current(Act.SUPPORT, Act.WITHDRAW_SUPPORT)

    def objectors(self) -> dict[str, datetime]:
        return self._current(Act.OBJECT, Act.WITHDRAW_OBJECTION)

    def ever(self, person: str, act: Act) -> bool:
        return any(r.person == person and r.act is act for r in self.responses)

    def times(self, act: Act, person: str | None = None) -> list[datetime]:
        """When ``act`` happened (by ``person``, if given), oldest first."""
        return [
            r.at for r in self.responses if r.act is act and (person is None or r.person == person)
        ]

    def withdrawn_objections(self) -> list[Response]:
        return [r for r in self.responses if r.act is Act.WITHDRAW_OBJECTION]


@dataclass(frozen=True)
class Settled:
    """What is kept of an intent once it is closed: why, when and by whom.

    A closed intent can never be acted on again, so its responses and performances are of
    no further use to the rules; they stay in the game's history. Keeping only this keeps
    the state (stored after every change) the size of the open intents, not of every intent
    ever tabled, and still answers a late "I support intent 3" with what became of it.
    """

    closed: Closed
    at: datetime
    by: str | None


SETTLED_KEPT = timedelta(days=30)
"""How long the state keeps a closed intent's :class:`Settled` record (rulings T11a): long
enough for any late response to be answered with what became of the intent, short enough
that the state, dumped after every change, does not grow with every intent ever tabled."""


@dataclass(frozen=True)
class Named:
    """The intent a person last tabled or acted on, and in which message."""

    message: str
    number: int


class IntentTable(MutableMapping[int, Intent]):
    """Open intents by number, each decoded from its stored form only when first read.

    A game's whole state is loaded for every message, yet a message names one intent or
    none: decoding hundreds of open intents to read one made every message cost more with
    every intent tabled. An intent never read is dumped again as it was stored (it cannot
    have changed), so loading and dumping copy references, not intents.
    """

    def __init__(
        self,
        intents: dict[int, Intent] | None = None,
        stored: dict[int, dict[str, Any]] | None = None,
    ) -> None:
        self._decoded: dict[int, Intent] = dict(intents or {})
        self._stored: dict[int, dict[str, Any]] = dict(stored or {})
        # When each stored open intent was tabled: asked whenever the game's next tick is,
        # which is after every change, so read from the stored form once. Nothing is ever
        # added to ``_stored`` after this; an intent leaving it is skipped when asked.
        self._stored_tabled: list[tuple[int, datetime]] | None = None

    def __getitem__(self, number: int) -> Intent:
        intent = self._decoded.get(number)
        if intent is None:
            intent = _intent(number, self._stored.pop(number))  # KeyError if there is none
            self._decoded[number] = intent
        return intent

    def __setitem__(self, number: int, intent: Intent) -> None:
        self._stored.pop(number, None)
        self._decoded[number] = intent

    def __delitem__(self, number: int) -> None:
        if number in self._decoded:
            del self._decoded[number]
        else:
            del self._stored[number]

    def __contains__(self, number: object) -> bool:
        return number in self._decoded or number in self._stored

    def __iter__(self) -> Iterator[int]:
        return iter(sorted([*self._decoded, *self._stored]))

    def __len__(self) -> int:
        return len(self._decoded) + len(self._stored)

    def decoded(self) -> dict[int, Intent]:
        """The intents read since the state was loaded (only these can have changed)."""
        return self._decoded

    def dumped(self, number: int) -> JsonData:
        """Intent ``number`` in its canonical JSON form (as stored, if never read)."""
        stored = self._stored.get(number)
        return _dump_intent(self._decoded[number]) if stored is None else stored

    def _open_ends(self, ripe: timedelta) -> Iterator[tuple[int, datetime]]:
        """Each open intent's number and the instant it stops being ripe (tabled ``ripe``
        ago), read without decoding the intents."""
        for number, intent in self._decoded.items():
            if intent.open:
                yield number, utc(intent.tabled_at) + ripe
        if self._stored_tabled is None:
            self._stored_tabled = [
                (number, utc(load_time(data["tabled_at"])))
                for number, data in self._stored.items()
                if data["closed"] is None
            ]
        stored = self._stored
        for number, tabled_at in self._stored_tabled:
            if number in stored:
                yield number, tabled_at + ripe

    def next_expiry(self, ripe: timedelta, after: datetime) -> datetime | None:
        """The first instant strictly after ``after`` when an open intent stops being ripe."""
        return min((end for _, end in self._open_ends(ripe) if end > after), default=None)

    def expiring(self, ripe: timedelta, at: datetime) -> list[Intent]:
        """The open intents no longer ripe at ``at``, by number (only these are decoded)."""
        return [self[n] for n, end in sorted(self._open_ends(ripe)) if end <= at]


@dataclass
class IntentBook:
    """A game's intents, keyed by number."""

    intents: IntentTable = field(default_factory=IntentTable)
    next_number: int = 1
    last_named: dict[str, Named] = field(default_factory=dict)
    """Per person, the intent e last named and in which message: "I support intent 3. I do
    so." performs intent 3 because the same message named it last."""
    settled: dict[int, tuple[str, str, str | None]] = field(default_factory=dict)
    """Closed intents, reduced to why, when (ISO 8601) and by whom they closed, kept as
    plain strings: they are read only to refuse a late response, and a long game has
    hundreds of them to load with every state (see :meth:`settled_record`). Only those
    closed in the last :data:`SETTLED_KEPT` are kept."""

    def note(self, person: str, message: str | None, number: int) -> None:
        if message is not None:
            self.last_named[person] = Named(message, number)

    def add(self, intent: Intent) -> Intent:
        self.intents[intent.number] = intent
        self.next_number = max(self.next_number, intent.number + 1)
        return intent

    def open_intents(self) -> list[Intent]:
        return [i for _, i in sorted(self.intents.items()) if i.open]

    def get(self, number: int) -> Intent | None:
        return self.intents.get(number)

    def settle(self, at: datetime) -> None:
        """Reduce every closed intent to its :class:`Settled` record, and forget the records
        of intents that closed more than :data:`SETTLED_KEPT` before ``at``."""
        closed = False
        # An intent still as stored is unchanged, and was open when stored (see load_book).
        for number, intent in list(self.intents.decoded().items()):
            if intent.closed is not None and intent.closed_at is not None:
                closed_at = dump_time(intent.closed_at)
                self.settled[number] = (intent.closed.value, closed_at, intent.closed_by)
                del self.intents[number]
                closed = True
        if closed:  # so each record is looked at once per closing, not once per change
            before = at - SETTLED_KEPT
            for number, (_, closed_at, _) in list(self.settled.items()):
                if load_time(closed_at) < before:
                    del self.settled[number]

    def forgotten(self, number: int) -> bool:
        """Whether intent ``number`` existed and closed so long ago that its record is gone
        (numbers are never reused, so any number below the next one existed)."""
        return 0 < number < self.next_number and number not in self.intents

    def settled_record(self, number: int) -> Settled | None:
        """Why, when and by whom intent ``number`` closed, if it did and was settled."""
        record = self.settled.get(number)
        if record is None:
            return None
        closed, at, by = record
        return Settled(Closed(closed), load_time(at), by)


def dump_book(book: IntentBook) -> JsonData:
    """Canonical JSON data: string keys, no floats, times as ISO 8601 UTC."""
    return {
        "next_number": book.next_number,
        "intents": {str(number): book.intents.dumped(number) for number in book.intents},
        "last_named": {
            person: {"message": named.message, "number": named.number}
            for person, named in sorted(book.last_named.items())
        },
        "settled": {str(number): list(record) for number, record in sorted(book.settled.items())},
    }


def _dump_intent(i: Intent) -> JsonData:
    return {
        "sponsor": i.sponsor,
        "text": i.text,
        "action": i.action,
        "methods": [m.to_json() for m in i.methods],
        "tabled_at": dump_optional_time(i.tabled_at),
        "conditions": i.conditions,
        "office": i.office,
        "message": i.message,
        "responses": [
            {
                "person": r.person,
                "act": r.act.value,
                "at": dump_optional_time(r.at),
                "message": r.message,
            }
            for r in i.responses
        ],
        "performances": [
            {"by": p.by, "at": dump_optional_time(p.at), "message": p.message}
            for p in i.performances
        ],
        "closed": None if i.closed is None else i.closed.value,
        "closed_at": dump_optional_time(i.closed_at),
        "closed_by": i.closed_by,
    }


def _intent(number: int, data: dict[str, Any]) -> Intent:
    return Intent(
        number=number,
        sponsor=data["sponsor"],
        text=data["text"],
        action=data["action"],
        methods=tuple(Method.from_json(m) for m in data["methods"]),
        tabled_at=load_time(data["tabled_at"]),
        conditions=data["conditions"],
        office=data["office"],
        message=data["message"],
        responses=[
            Response(r["person"], Act(r["act"]), load_time(r["at"]), r["message"])
            for r in data["responses"]
        ],
        performances=[
            Performance(p["by"], load_time(p["at"]), p["message"]) for p in data["performances"]
        ],
        closed=None if data["closed"] is None else Closed(data["closed"]),
        closed_at=None if data["closed_at"] is None else load_time(data["closed_at"]),
        closed_by=data["closed_by"],
    )


def _table(stored: dict[str, dict[str, Any]]) -> IntentTable:
    """Open intents kept as stored; a closed one (in a state stored before closed intents
    were settled) decoded at once, so that the next change settles it."""
    table = IntentTable(stored={int(n): data for n, data in stored.items()})
    for number, data in stored.items():
        if data["closed"] is not None:
            table[int(number)] = _intent(int(number), data)
    return table


def load_book(data: JsonData) -> IntentBook:
    """The exact inverse of :func:`dump_book`."""
    return IntentBook(
        intents=_table(data["intents"]),
        next_number=int(data["next_number"]),
        last_named={
            person: Named(str(named["message"]), int(named["number"]))
            for person, named in data["last_named"].items()
        },
        settled={
            int(number): (str(closed), str(at), None if by is None else str(by))
            # Absent from states stored before closed intents were settled.
            for number, (closed, at, by) in data.get("settled", {}).items()
        },
    )
