"""A synthetic archive shaped like list traffic: prose, quoted replies, signatures, actions."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime

PLAYERS = {f"player{n}": f"player{n}@example.org" for n in range(12)}
LIST = "agora-business@example.org"
START = datetime(2023, 4, 19, tzinfo=UTC)

PROSE = [
    "I have been thinking about the state of the board and I am not sure what to do next.",
    "As the Surveyor's last report shows, the communities are getting rather large.",
    "Does anyone want to trade? I have more letters than I can use.",
    "For what it is worth, I think the merger rules reward patience.",
    "Thanks for the report, it is very helpful to see everything in one place.",
    "I will be away for a few days, so please do not wait for me.",
]
COMMUNE_ACTIONS = [
    "I become a participant in Commune.",
    "I begin constructing a {letter} with my Left Token Constructor.",
    "I begin constructing a {digit} with my Middle Token Constructor.",
    "With my left constructor, I grant myself the token it is constructing.",
    "I place a tile at {letter}{digit}.",
    "I grant myself an investment in Jade.",
    "I withdraw trade offer {digit}.",
]
SCGO_ACTIONS = ["I agree to play Single-Capture Go."]
ALLIANCES_ACTIONS = [
    "I intend to join {player}'s alliance with support.",
    "I support intent {digit}.",
    "I object to intent {digit}.",
    "I perform intent {digit}.",
    "I leave my alliance.",
]
REGISTER_ACTIONS = ["I become active."]
# Every game the referee has: Commune and Alliances in prose, Single-Capture Go's public
# agreement (its moves are private), and the Register's changes of standing.
ALL_ACTIONS = COMMUNE_ACTIONS + SCGO_ACTIONS + ALLIANCES_ACTIONS + REGISTER_ACTIONS
SIGNATURES = ["--\n{name}\n", "-- \n{name}, Arbitor emeritus\n", ""]


def _action(rng: random.Random) -> str:
    template = rng.choice(ALL_ACTIONS)
    return template.format(
        letter=rng.choice("ABCDEFGHIJ"), digit=rng.randint(0, 9), player=rng.choice(list(PLAYERS))
    )


def generate(
    count: int, seed: int = 1, *, start: datetime = START, spacing: timedelta | None = None
) -> Iterator[bytes]:
    """``count`` messages in date order, each with 0 to 3 actions, dated from ``start``:
    5 to 90 minutes apart, or exactly ``spacing`` apart when it is given."""
    rng = random.Random(seed)
    names = list(PLAYERS)
    when = start
    for index in range(count):
        gap = timedelta(minutes=rng.randint(5, 90))
        when += gap if spacing is None else spacing
        author = rng.choice(names)
        paragraphs = [rng.choice(PROSE)]
        actions = [_action(rng) for _ in range(rng.randint(0, 3))]
        if actions:
            paragraphs.append("\n".join(actions))
        paragraphs.append(rng.choice(PROSE))
        body = "\n\n".join(paragraphs) + "\n\n" + rng.choice(SIGNATURES).format(name=author)
        if rng.random() < 0.4:  # a reply quoting someone else's actions
            other = rng.choice(names)
            quoted = "\n".join(f"> {line}" for line in (rng.choice(PROSE), _action(rng)))
            body += f"\nOn {format_datetime(when - timedelta(hours=1))}, {other} wrote:\n{quoted}\n"
        message = EmailMessage()
        message["Received"] = f"from lists.example.org by mx.example.org; {format_datetime(when)}"
        message["From"] = f'"{author} via agora-business" <{LIST}>'
        message["Reply-To"] = f"{author} <{PLAYERS[author]}>"
        message["To"] = LIST
        # The list marks what it carried; without it the rewriting is not honoured and the
        # message has no author (docs/security.md).
        message["List-Id"] = "Agora Business <agora-business.example.org>"
        message["Subject"] = f"Re: Commune discussion {index // 5}"
        message["Date"] = format_datetime(when)
        message["Message-ID"] = f"<bench-{seed}-{index}@example.org>"
        message["Precedence"] = "list"
        message.set_content(body)
        yield message.as_bytes()
