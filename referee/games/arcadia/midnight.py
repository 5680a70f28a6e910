"""What happens every day at midnight UTC (rule 1023: a day begins at midnight UTC), and
the tournament's conclusion 3 months after its initiation (rule 2464).

At each midnight, in this order: every player's Energy is set to 6, then each player's
Farms, Mines and Orchards produce (1 Food, 1 Stone, 1 Lumber each). The two touch
different switches, so the order changes no result; it is stated so that the record reads
the same way every time. A message stamped exactly 00:00:00 comes after the midnight (rulings
P6). A midnight that changes nothing (every Energy already 6, no facility owned by a player)
records nothing, so a long quiet season replays quickly.
"""

from __future__ import annotations

from datetime import datetime

from referee.clock import add_months, next_day_start, utc
from referee.games.arcadia.state import CURRENCIES, MIDNIGHT_ENERGY, ArcadiaState, sort_names

MIDNIGHT = "midnight"
CONCLUSION = "conclusion"
PRODUCES = {"Farm": "Food", "Mine": "Stone", "Orchard": "Lumber"}
TOURNAMENT_MONTHS = 3


def conclusion_time(start: datetime) -> datetime:
    return add_months(utc(start), TOURNAMENT_MONTHS)


def next_event(state: ArcadiaState, start: datetime) -> tuple[datetime, str] | None:
    """The next midnight not yet applied, or the conclusion (the earlier of them).

    Midnights are counted from the last one applied rather than from the pipeline's
    clock: the pipeline may have drafted a report at a midnight's very instant, and that midnight is
    still due (a midnight is never skipped, and never applied twice).
    """
    if state.over:
        return None
    end = conclusion_time(start)
    midnight = next_day_start(state.last_midnight or utc(start))
    return (end, CONCLUSION) if end < midnight else (midnight, MIDNIGHT)


def midnight(state: ArcadiaState, at: datetime) -> str | None:
    """Reset Energy and produce; what changed, or None if nothing did."""
    state.last_midnight = utc(at)
    reset = [name for name, p in sorted(state.players.items()) if p.energy != MIDNIGHT_ENERGY]
    for name in reset:
        state.players[name].energy = MIDNIGHT_ENERGY
    made: dict[str, dict[str, int]] = {}
    for unit in state.land.values():
        product = PRODUCES.get(unit.facility)
        if product is None or unit.owner is None or unit.owner not in state.players:
            continue
        made.setdefault(unit.owner, dict.fromkeys(CURRENCIES, 0))[product] += 1
    for name, amounts in made.items():
        for currency, amount in amounts.items():
            state.players[name].currencies[currency] += amount
    if not reset and not made:
        return None
    parts = []
    if reset:
        parts.append(f"Energy set to {MIDNIGHT_ENERGY} for {', '.join(sort_names(reset))}")
    for name in sort_names(list(made)):
        created = ", ".join(f"{n} {c}" for c, n in made[name].items() if n)
        parts.append(f"{name} gained {created}")
    return "Midnight: " + "; ".join(parts)


def conclude(state: ArcadiaState, at: datetime) -> str:
    state.ended_at = utc(at)
    if state.winner is not None:
        return (
            "3 months have passed since the tournament began: it concludes (its winner, "
            f"{state.winner}, built the first Monument)"
        )
    return "3 months have passed since the tournament began: it concludes with no winner"
