"""Hostile mail, generated from a seed: every kind of malformed, oversized or deceitful
message the referee must survive, mixed with well-formed actions of registered players.

Each message is a :class:`Hostile`: its kind (for the figures), its raw bytes, the route
it comes by (the list, read publicly, or private mail) and when it arrives. The same seed
gives the same messages, byte for byte.

Every header a message tries to smuggle into an answer is named :data:`INJECTED_HEADER`
(or is a ``Bcc``), so a scan of the outgoing mail can find any that got through.
"""

from __future__ import annotations

import base64
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime

PLAYERS = {f"player{n}": f"player{n}@example.org" for n in range(12)}
LIST = "agora-business@example.org"
LIST_ID = "Agora Business <agora-business.example.org>"
BOT = "referee@example.org"
START = datetime(2024, 3, 4, tzinfo=UTC)

PASSPHRASES = {"player0": "amber lantern quietly", "player1": "copper otter sings"}
"""Passphrases of two players: some messages carry them; no answer may repeat them."""

INJECTED_HEADER = "X-Fuzz-Injected"
"""The header every injection attempt tries to add to the referee's answer."""
VICTIM = "victim@evil.example"

# Actions of every game the fuzzed referee runs. Hostile players table many intents in
# Alliances and respond to numbers at random: open intents pile up in its state, and no
# message may cost more for it.
ACTIONS = [
    "I become a participant in Commune.",
    "I begin constructing a {letter} with my Left Token Constructor.",
    "I begin constructing a {digit} with my Middle Token Constructor.",
    "With my left constructor, I grant myself the token it is constructing.",
    "I place a tile at {letter}{digit}.",
    "I grant myself an investment in Jade.",
    "I withdraw trade offer {digit}.",
    "I agree to play Single-Capture Go.",
    "I intend to join {player}'s alliance with support.",
    "I intend, with 2 support, to join {player}'s alliance.",
    "I intend to join {player}'s alliance with support.",
    "I support intent {number}.",
    "I object to intent {number}.",
    "I withdraw my support for intent {number}.",
    "I support intent {digit}.",
    "I object to intent {digit}.",
    "I perform intent {number}.",
    "I leave my alliance.",
]
PROSE = [
    "I have been thinking about the state of the board.",
    "Thanks for the report, it is very helpful.",
    "Does anyone want to trade?",
]


@dataclass(frozen=True)
class Hostile:
    kind: str
    raw: bytes
    public: bool
    """True: carried by the list (read from its public mailbox); False: private mail."""
    arrived_at: datetime


@dataclass
class _Draft:
    """A message being built: header fields in order (raw values), and the body bytes."""

    headers: list[tuple[str, bytes]]
    body: bytes
    public: bool
    exact: bool = False

    def set(self, name: str, value: bytes | str) -> None:
        raw = value.encode("utf-8") if isinstance(value, str) else value
        for index, (existing, _) in enumerate(self.headers):
            if existing.lower() == name.lower():
                self.headers[index] = (existing, raw)
                return
        self.headers.append((name, raw))

    def drop(self, name: str) -> None:
        self.headers = [(n, v) for n, v in self.headers if n.lower() != name.lower()]

    def exactly(self, raw: bytes) -> _Draft:
        """This draft as exactly ``raw`` (for mail too broken to have fields)."""
        self.headers = []
        self.body = raw
        self.exact = True
        return self

    def to_bytes(self) -> bytes:
        if self.exact:
            return self.body
        lines = b"".join(n.encode("ascii") + b": " + v + b"\r\n" for n, v in self.headers)
        return lines + b"\r\n" + self.body


class _Maker:
    """The state of one generation: the random source, the clock and earlier Message-IDs."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.seed = seed
        self.when = START
        self.index = 0
        self.earlier_ids: list[str] = []

    # -- pieces -------------------------------------------------------------------------------

    def player(self) -> str:
        return self.rng.choice(list(PLAYERS))

    def action(self) -> str:
        return self.rng.choice(ACTIONS).format(
            letter=self.rng.choice("ABCDEFGHIJ"),
            digit=self.rng.randint(0, 9),
            number=self.rng.randint(1, 2000),
            player=self.player(),
        )

    def message_id(self) -> str:
        return f"<fuzz-{self.seed}-{self.index}@example.org>"

    def draft(self, body: str | bytes, *, public: bool | None = None) -> _Draft:
        """A well-formed message from a registered player, by the list or privately."""
        public = self.rng.random() < 0.5 if public is None else public
        name = self.player()
        headers: list[tuple[str, bytes]] = [
            (
                "Received",
                f"from lists.example.org by mx.example.org; {format_datetime(self.when)}".encode(),
            )
        ]
        if public:
            headers += [
                ("From", f'"{name} via agora-business" <{LIST}>'.encode()),
                ("Reply-To", f"{name} <{PLAYERS[name]}>".encode()),
                ("To", LIST.encode()),
                ("List-Id", LIST_ID.encode()),
            ]
        else:
            headers += [("From", f"{name} <{PLAYERS[name]}>".encode()), ("To", BOT.encode())]
        headers += [
            ("Subject", f"Re: game {self.index // 7}".encode()),
            ("Date", format_datetime(self.when).encode()),
            ("Message-ID", self.message_id().encode()),
            ("MIME-Version", b"1.0"),
            ("Content-Type", b'text/plain; charset="utf-8"'),
            ("Content-Transfer-Encoding", b"8bit"),
        ]
        raw_body = body.encode("utf-8") if isinstance(body, str) else body
        return _Draft(headers, raw_body, public)

    def plain_body(self) -> str:
        actions = [self.action() for _ in range(self.rng.randint(1, 3))]
        if self.rng.random() < 0.1:  # a passphrase, whoever's it is and whoever sends it
            actions.append(self.rng.choice(list(PASSPHRASES.values())))
        return f"{self.rng.choice(PROSE)}\r\n\r\n" + "\r\n".join(actions) + "\r\n"

    def injection(self) -> str:
        """A header line aimed at the answer, spelled one of several ways."""
        return self.rng.choice(
            [
                f"\r\n{INJECTED_HEADER}: yes",
                f"\r\nBcc: {VICTIM}",
                f"\n{INJECTED_HEADER}: lf",
                f"\r{INJECTED_HEADER}: cr",
                f"\r\n\r\n{INJECTED_HEADER}: body-split",
                f"\u2028{INJECTED_HEADER}: line-separator",
                f"\x85{INJECTED_HEADER}: next-line",
            ]
        )

    def encoded_word(self, text: str) -> str:
        charset = self.rng.choice(["utf-8", "UTF-8", "iso-8859-1"])
        data = text.encode("utf-8" if charset.lower() == "utf-8" else "latin-1", "replace")
        if self.rng.random() < 0.5:
            return f"=?{charset}?b?{base64.b64encode(data).decode()}?="
        quoted = "".join(c if c.isalnum() else f"={ord(c):02X}" for c in data.decode("latin-1"))
        return f"=?{charset}?q?{quoted}?="

    # -- the kinds ----------------------------------------------------------------------------

    def well_formed(self) -> _Draft:
        return self.draft(self.plain_body())

    def truncated_mime(self) -> _Draft:
        draft = self.draft("")
        boundary = "cut-here"
        draft.set("Content-Type", f'multipart/mixed; boundary="{boundary}"')
        draft.drop("Content-Transfer-Encoding")
        full = (
            f"--{boundary}\r\nContent-Type: text/plain; charset=utf-8\r\n"
            f"Content-Transfer-Encoding: quoted-printable\r\n\r\n{self.plain_body()}=\r\n"
            f"--{boundary}\r\nContent-Type: application/octet-stream\r\n"
            f"Content-Transfer-Encoding: base64\r\n\r\n"
            f"{base64.b64encode(self.rng.randbytes(300)).decode()}\r\n--{boundary}--\r\n"
        ).encode()
        cut = self.rng.randint(0, len(full))
        draft.body = full[:cut]
        if self.rng.random() < 0.2:  # cut inside the header section itself
            raw = draft.to_bytes()
            return draft.exactly(raw[: self.rng.randint(1, len(raw))])
        return draft

    def deep_nesting(self) -> _Draft:
        depth = self.rng.choice([100, 101, 150, 300])
        draft = self.draft("")
        draft.drop("Content-Transfer-Encoding")
        draft.set("Content-Type", 'multipart/mixed; boundary="b0"')
        parts = []
        for level in range(1, depth):
            parts.append(
                f"--b{level - 1}\r\nContent-Type: multipart/"
                f"{self.rng.choice(['mixed', 'alternative', 'related'])}; "
                f'boundary="b{level}"\r\n\r\n'
            )
        parts.append(
            f"--b{depth - 1}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"
            f"{self.plain_body()}\r\n"
        )
        if self.rng.random() < 0.5:  # closed properly, or left open at every level
            parts.extend(f"--b{level}--\r\n" for level in reversed(range(depth)))
        draft.body = "".join(parts).encode()
        return draft

    def megabyte_line(self) -> _Draft:
        size = self.rng.choice([1 << 20, 1 << 20, 2 << 20])
        word = self.rng.choice(["a", "and ", "I place a tile at A1 ", "> ", "=", "\u00e9"])
        line = (word * (size // len(word.encode()) + 1))[: size // len(word.encode())]
        where = self.rng.random()
        if where < 0.2:  # in a header
            draft = self.draft(self.plain_body())
            draft.set("X-Long", line.encode()[:size])
            return draft
        return self.draft(f"{self.plain_body()}\r\n{line}\r\n{self.action()}\r\n")

    def bad_charset(self) -> _Draft:
        charsets = ["x-unknown", "utf-7", "utf-16", "utf-32", "", "us-ascii", "'; DROP"]
        charsets += ["\u00e9", "cp65001"]
        charset = self.rng.choice(charsets)
        body = self.plain_body().encode("utf-8") + self.rng.randbytes(40)
        draft = self.draft(body)
        draft.set("Content-Type", f'text/plain; charset="{charset}"'.encode())
        if self.rng.random() < 0.5:
            draft.set("Subject", f"=?{charset}?q?caf=E9_=FF=FE?= =?{charset}?b?////?=")
        return draft

    def bad_encoding(self) -> _Draft:
        encoding, body = self.rng.choice(
            [
                ("base64", b"SSBwbGFjZSBh!!!dGlsZSBhdCBBMQ=\r\n====\r\n"),
                ("base64", base64.b64encode(self.plain_body().encode())[:-3]),
                ("quoted-printable", b"I place a tile at =G1=\r\n=E9=\r\n=" + b"=" * 30),
                ("x-uuencode", b"begin 644 x\r\n#0V%T\r\n`\r\nend\r\n"),
                ("8bit", self.plain_body().encode("utf-8") + bytes(range(128, 256))),
                ("x-unknown", self.plain_body().encode()),
                ("binary", self.rng.randbytes(200)),
                ("base64; base64", b"AAAA"),
            ]
        )
        draft = self.draft(body)
        draft.set("Content-Transfer-Encoding", encoding)
        return draft

    def nul_bytes(self) -> _Draft:
        draft = self.draft(self.plain_body().replace("I ", "I\x00 ", 1) + "\x00" * 50)
        where = self.rng.choice(["Subject", "From", "Message-ID", "Date", "Reply-To", None])
        if where is not None:
            value = dict(draft.headers).get(where, b"x")
            draft.set(where, value[:5] + b"\x00" + value[5:])
        return draft

    def crlf_injection(self) -> _Draft:
        draft = self.draft(self.plain_body())
        name = self.player()
        target = self.rng.choice(["subject", "display", "reply-display", "message-id", "refs"])
        smuggled = self.encoded_word(f"hello{self.injection()}")
        if target == "subject":
            draft.set("Subject", f"Re: game {smuggled} more")
        elif target == "display":
            draft.set("From", f"{smuggled} <{PLAYERS[name]}>")
            draft.drop("Reply-To")
            draft.drop("List-Id")
            draft.public = False
        elif target == "reply-display":
            draft.set("Reply-To", f"{smuggled} <{PLAYERS[name]}>")
        elif target == "message-id":
            draft.set("Message-ID", f"<{smuggled}@example.org>")
        else:
            draft.set("References", f"<a@b> {smuggled}")
            draft.set("In-Reply-To", f"<x{self.injection()}@example.org>".encode())
        if self.rng.random() < 0.3:  # the raw bytes as well, not only an encoded word
            value = f"Re: game{self.injection()}".encode()
            draft.set("Subject", value)
        return draft

    def many_from(self) -> _Draft:
        count = self.rng.choice([2, 50, 1000, 1000])
        addresses = [f"someone{n}@example.net" for n in range(count)]
        addresses.insert(self.rng.randrange(count), PLAYERS[self.player()])
        draft = self.draft(self.plain_body(), public=False)
        draft.set("From", ", ".join(addresses))
        return draft

    def absurd_date(self) -> _Draft:
        draft = self.draft(self.plain_body())
        date = self.rng.choice(
            [
                "Mon, 1 Jan 0000 00:00:00 +0000",
                "Fri, 31 Dec 99999 23:59:59 +0000",
                "Mon, 4 Mar 2024 12:00:00 -9999",
                "Mon, 4 Mar 2024 12:00:00 +2400",
                "Mon, 4 Mar 2024 25:61:61 +0000",
                "Sat, 30 Feb 2024 12:00:00 +0000",
                "yesterday, around tea time",
                "",
                "-1",
                "Mon, 4 Mar -2024 12:00:00 +0000",
                "Mon, 4 Mar 2024 12:00:00 -0000 (UT)",
                "9" * 400,
                "Thu, 1 Jan 1970 00:00:00 +0000",
                format_datetime(self.when + timedelta(days=3650)),
                format_datetime(self.when - timedelta(minutes=self.rng.randint(1, 3000))),
            ]
        )
        draft.set("Date", date)
        return draft

    def duplicate_id(self) -> _Draft:
        draft = self.draft(self.plain_body() + f"\r\nA different body: {self.rng.random()}\r\n")
        if self.earlier_ids:
            draft.set("Message-ID", self.rng.choice(self.earlier_ids[-500:]))
        return draft

    def missing_headers(self) -> _Draft:
        draft = self.draft(self.plain_body())
        for name in self.rng.sample(["Message-ID", "From", "Date", "Received", "To"], 2):
            draft.drop(name)
        return draft

    def huge_subject(self) -> _Draft:
        draft = self.draft(self.plain_body())
        size = self.rng.choice([2_000, 20_000, 200_000])
        word = self.rng.choice(["spam ", "=?utf-8?q?=E9?= ", "x"])
        subject = (word * (size // len(word)))[:size]
        if self.rng.random() < 0.5:  # folded at every word, as long headers are
            subject = subject.replace(" ", "\r\n ")
        draft.set("Subject", subject)
        return draft

    def html_only(self) -> _Draft:
        action = self.action()
        depth = self.rng.choice([1, 10, 500, 5000])
        html = (
            "<html><head><style>p{color:red}</style><script>alert(1)</script></head><body>"
            + "<div>" * depth
            + f"<p>{action.replace(' ', '&nbsp;', 2)}</p><p>&#0;&#x110000;&bogus;</p>"
            + "</div>" * (depth // 2)
            + "<!-- unclosed"
        )
        draft = self.draft(html)
        draft.set("Content-Type", "text/html; charset=utf-8")
        return draft

    def base64_body(self) -> _Draft:
        encoded = base64.encodebytes(self.plain_body().encode("utf-8"))
        draft = self.draft(encoded.replace(b"\n", b"\r\n"))
        draft.set("Content-Transfer-Encoding", "base64")
        return draft

    def grammar_torture(self) -> _Draft:
        letter = self.rng.choice("ABCDEFGHIJ")
        tortures: list[Callable[[], str]] = [
            lambda: "> " * self.rng.choice([50, 500]) + self.action(),
            lambda: (
                "I place a tile at "
                + " and ".join(f"{letter}{n}" for n in range(self.rng.choice([500, 3000])))
            ),
            lambda: "I support intent 1" + " and intent 1" * 3000 + ".",
            lambda: f"I place a tile at {letter}{'9' * self.rng.choice([40, 4000])}.",
            lambda: f"I place a stone at (+{'9' * 300}, -{'9' * 300}).",
            lambda: "\u0406 pl\u0430ce a tile at \u04101.",  # Cyrillic look-alikes
            lambda: "\u202eI place a tile at A1.\u202c \u200fI leave my alliance.",
            lambda: "I pl\u200bace a tile at A1. I le\u200dave my all\ufeffiance.",
            lambda: "I " + "really " * 5000 + "place a tile at A1.",
            lambda: "(" * 3000 + "I place a tile at A1." + ")" * 3000,
            lambda: '"' + 'I said "' * 500 + "I place a tile at A1." + '"' * 501,
            lambda: "I place a tile at A1" + "\u0301" * 5000 + ".",
            lambda: "If " * 2000 + "I place a tile at A1.",
            lambda: ("I intend, with 2 support, to " * 300) + "leave my alliance.",
            lambda: "\r\n".join(self.action() for _ in range(3000)),
        ]
        torture = self.rng.choice(tortures)()
        return self.draft(f"{torture}\r\n\r\n{self.action()}\r\n")

    def header_flood(self) -> _Draft:
        draft = self.draft(self.plain_body())
        count = self.rng.choice([1_000, 20_000])
        flood = [(f"X-Flood-{n}", b"x") for n in range(count)]
        if self.rng.random() < 0.5:  # or one header folded thousands of times
            flood = [("Comments", b"\r\n ".join([b"fold"] * count))]
        draft.headers[1:1] = flood
        return draft

    def garbage(self) -> _Draft:
        size = self.rng.choice([1, 64, 4096])
        raw = self.rng.randbytes(size)
        if self.rng.random() < 0.5:
            raw = b"From: " + PLAYERS[self.player()].encode() + b"\r\n" + raw
        return _Draft([], b"", self.rng.random() < 0.5).exactly(raw)

    def forged_dkim(self) -> _Draft:
        draft = self.draft(self.plain_body())
        draft.headers.insert(
            0,
            (
                "DKIM-Signature",
                self.rng.choice(
                    [
                        b"v=1; a=rsa-sha256; d=example.org; s=sel; h=from:date:message-id; "
                        b"bh=AAAA; b=AAAA",
                        b"v=1; a=ed25519-sha256; d=" + b"x." * 200 + b"org; s=\x00; b=;",
                        b"garbage without tags",
                        b"v=1; d=example.org; s=" + b"s" * 5000 + b"; h=from; bh=; b=",
                    ]
                ),
            ),
        )
        return draft


KINDS: dict[str, tuple[float, Callable[[_Maker], _Draft]]] = {
    "well-formed": (30.0, _Maker.well_formed),
    "truncated MIME": (6.0, _Maker.truncated_mime),
    "nesting 100+ deep": (3.0, _Maker.deep_nesting),
    "megabyte line": (0.25, _Maker.megabyte_line),
    "invalid charset": (5.0, _Maker.bad_charset),
    "invalid transfer encoding": (5.0, _Maker.bad_encoding),
    "NUL bytes": (5.0, _Maker.nul_bytes),
    "CR/LF injection": (8.0, _Maker.crlf_injection),
    "a thousand From addresses": (2.0, _Maker.many_from),
    "absurd Date": (6.0, _Maker.absurd_date),
    "duplicate Message-ID": (4.0, _Maker.duplicate_id),
    "missing headers": (4.0, _Maker.missing_headers),
    "huge Subject": (2.0, _Maker.huge_subject),
    "HTML only": (3.0, _Maker.html_only),
    "base64 body": (3.0, _Maker.base64_body),
    "grammar torture": (8.0, _Maker.grammar_torture),
    "header flood": (0.5, _Maker.header_flood),
    "binary garbage": (2.0, _Maker.garbage),
    "forged DKIM": (2.0, _Maker.forged_dkim),
}


def generate(count: int, seed: int = 1) -> Iterator[Hostile]:
    """``count`` messages, arriving 1 to 20 minutes apart; the first ones of every kind
    come first, so that even a short run has each kind at least once."""
    maker = _Maker(seed)
    names = list(KINDS)
    weights = [KINDS[name][0] for name in names]
    for index in range(count):
        maker.index = index
        maker.when += timedelta(minutes=maker.rng.randint(1, 20))
        kind = names[index] if index < len(names) else maker.rng.choices(names, weights)[0]
        draft = KINDS[kind][1](maker)
        maker.earlier_ids.append(maker.message_id())
        if len(maker.earlier_ids) > 1000:
            del maker.earlier_ids[:500]
        yield Hostile(kind, draft.to_bytes(), draft.public, maker.when)
