"""Commands held for want of proof, and offices a player of a game may not use over it.

A header names a person; only a proof lets a message use eir office (rulings P16). A
command that needs an office the message does not prove is held, not done: its result
says so and how to prove it, and a confirmation request may let its author confirm it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy.orm import Session

from referee.engine.context import MessageContext
from referee.engine.events import EventOutcome
from referee.engine.powers import PROOF_RULE, Powers, officer_plays
from referee.engine.results import ActionResult
from referee.engine.timeline import timeline_for
from referee.games.base import Game
from referee.games.register.actions import Appoint
from referee.games.register.plugin import ADMINISTRATOR


def held_result(
    powers: Powers,
    message: MessageContext,
    game: str,
    text: str,
    line: int,
    claimed: frozenset[str],
    proven: frozenset[str],
) -> ActionResult:
    """The refusal of a command that needs an office the message does not prove."""
    missing = sorted(claimed - proven, key=lambda o: (o == ADMINISTRATOR, o))
    office = missing[0]
    person = message.actor
    who = message.read.attribution.address if person == ADMINISTRATOR else person
    requested = powers.token(message.row.message_key) is not None and powers.confirmable(office)
    title = "an administrator" if office == ADMINISTRATOR else f"the {office}"
    return ActionResult(
        game=game,
        text=text,
        line=line,
        outcome=EventOutcome.REJECTED,
        summary=(
            f"held, not done: this needs the powers of {title}, and nothing in this "
            f"message proves that {person} wrote it (a From or Reply-To header can be "
            f"forged). {powers.how_to_prove(office, who, requested=requested)}"
        ),
        rule=str(PROOF_RULE),
    )


def appointment_conflict(
    session: Session, games: Sequence[Game[Any]], action: Appoint
) -> str | None:
    """Why the Register may not give ``action.office`` to ``action.player`` (rulings P17)."""
    for game in games:
        if game.setup.officer != action.office:
            continue
        if officer_plays(game, timeline_for(game, session).state, action.player):
            return (
                f"{action.player} plays {game.name}, whose officer is the "
                f"{action.office}, and a player of it cannot be its officer"
            )
    return None
