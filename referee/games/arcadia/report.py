"""The gamemaster's report on the Arcadian Tournament, and the picture ``referee state``
shows: the Map as a 9x9 grid with both axes and a legend, each player's currencies, Energy
and claims since another player's claim, and the Alternating Land Type (the pipeline adds
the period's history). It lists the open intents too (the conclusion with no winner, the Lost
and Found's assets: R5-3), with every supporter and objector and when, as an officer tracks
them (rules 1728 and 2124)."""

from __future__ import annotations

import string
from typing import Any

from referee.games.arcadia.state import (
    AETHER,
    CURRENCIES,
    NO_FACILITY,
    SIZE,
    ArcadiaState,
    LandUnit,
    sort_names,
)
from referee.games.base import Ruleset
from referee.games.tabled import TabledParameters, views

EVERYONE = "all players"
"""Who may support or object to the tournament's intents (rule 2124: any player)."""

TYPE_MARKS = {"Black": "B", "White": "W", AETHER: "."}
FACILITY_MARKS = {"Farm": "F", "Mine": "M", "Orchard": "O", "Monument": "X", NO_FACILITY: "."}


def owner_marks(state: ArcadiaState) -> dict[str, str]:
    """Each owner of Private Land with a letter, in name order (Agora is "-")."""
    owners = {u.owner for u in state.land.values() if u.owner is not None}
    ordered = sort_names([*owners, *(p for p in state.players if p not in owners)])
    letters = string.ascii_lowercase + string.ascii_uppercase
    return {name: letters[i] if i < len(letters) else "?" for i, name in enumerate(ordered)}


def cell_code(unit: LandUnit, owners: dict[str, str]) -> str:
    """A unit's three letters on the map: Land Type, Facility, owner (``BF-``, ``.Xa``)."""
    owner = "-" if unit.owner is None else owners[unit.owner]
    return TYPE_MARKS[unit.land_type] + FACILITY_MARKS[unit.facility] + owner


def map_lines(state: ArcadiaState) -> list[str]:
    owners = owner_marks(state)
    header = ("Lat\\Long " + " ".join(f"{lon:^3}" for lon in range(1, SIZE + 1))).rstrip()
    lines = [header]
    for lat in range(1, SIZE + 1):
        cells = " ".join(cell_code(state.land[(lat, lon)], owners) for lon in range(1, SIZE + 1))
        lines.append(f"{lat:>7}  {cells}")
    return lines


def legend_lines(state: ArcadiaState) -> list[str]:
    owners = owner_marks(state)
    who = ", ".join(f"{mark} {name}" for name, mark in owners.items())
    return [
        "Each unit: Land Type, Facility, owner.",
        "  Land Type: B Black, W White, . Aether",
        "  Facility:  F Farm, M Mine, O Orchard, X Monument, . None",
        f"  Owner:     - Agora (Public Land){', ' + who if who else ''}",
    ]


def player_rows(state: ArcadiaState) -> list[dict[str, Any]]:
    rows = []
    for name in sort_names(list(state.players)):
        player = state.players[name]
        row: dict[str, Any] = {c: player.currencies[c] for c in CURRENCIES}
        row.update(
            name=name,
            energy=player.energy,
            claims=state.claims_since_another(name),
            land=len(state.owned_by(name)),
        )
        rows.append(row)
    return rows


def player_lines(state: ArcadiaState) -> list[str]:
    lines = [f"{'Player':<16}{'Food':>6}{'Stone':>7}{'Lumber':>8}{'Energy':>8}{'Claims':>8}"]
    for r in player_rows(state):
        lines.append(
            f"{r['name']:<16}{r['Food']:>6}{r['Stone']:>7}{r['Lumber']:>8}{r['energy']:>8}"
            f"{r['claims']:>8}"
        )
    if len(lines) == 1:
        lines.append("(nobody has joined)")
    found = state.lost_and_found
    if any(found.values()):
        lines.append(
            f"{'Lost and Found':<16}{found['Food']:>6}{found['Stone']:>7}{found['Lumber']:>8}"
        )
    # Owners outside the tournament (Agora, players of Agora not in it: R5-1).
    for owner in sort_names([o for o, p in state.others.items() if any(p.values())]):
        purse = state.others[owner]
        label = f"{owner} (outside)"
        lines.append(f"{label:<16}{purse['Food']:>6}{purse['Stone']:>7}{purse['Lumber']:>8}")
    return lines


def status_line(state: ArcadiaState) -> str:
    if state.no_winner_by is not None:
        won = f" ({state.winner} had won by the first Monument)" if state.winner else ""
        return (
            f"{state.no_winner_by} concluded the tournament with no winner without 3 "
            f"objections (rule 2566){won}."
        )
    if state.winner is not None and state.ended_at is not None:
        return f"{state.winner} built the first Monument and won; the tournament has concluded."
    if state.winner is not None:
        return (
            f"{state.winner} built the first Monument and won; the tournament is in play until "
            "3 months after it began."
        )
    if state.ended_at is not None:
        return "The tournament has concluded with no winner."
    return "The tournament is in play."


def report_context(state: ArcadiaState, ruleset: Ruleset) -> dict[str, Any]:
    return {
        "map": map_lines(state),
        "legend": legend_lines(state),
        "players": player_lines(state),
        "alternating": state.alternating,
        "template": f"{ruleset.title} (ruleset {ruleset.version})",
        "status": status_line(state),
        "intents": views.open_intents(
            state.intents, TabledParameters.from_ruleset(ruleset), EVERYONE
        ),
    }


def render_lines(state: ArcadiaState, ruleset: Ruleset) -> list[str]:
    context = report_context(state, ruleset)
    return [
        context["status"],
        f"Regulations: {context['template']}",
        f"Alternating Land Type: {context['alternating']}",
        "",
        *context["map"],
        "",
        *context["legend"],
        "",
        *context["players"],
        "",
        *views.render_lines(context["intents"]),
    ]
