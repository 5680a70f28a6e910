"""The Sensei's weekly map of Okinawa, and the picture ``referee state`` shows.

"The Sensei SHALL report the Positions of non-airborne Stones by publishing a map of
Okinawa." The map draws the grid with both axes labelled with their signs, each Stone by
its owner's mark, then the legend, the alliances with more than one member, every person's
airborne Stones, the chains in jeopardy and the Shouri wins (the pipeline adds the
period's history).
"""

from __future__ import annotations

from typing import Any

from referee.games.okinawa import quotes
from referee.games.okinawa.board import LATITUDES, LONGITUDES, chains, signed
from referee.games.okinawa.partition import from_groups
from referee.games.okinawa.playing import describe_chain
from referee.games.okinawa.state import OkinawaState
from referee.games.okinawa.stones import CAP

EMPTY = "."
_CELL = 4


def marks(state: OkinawaState) -> dict[str, str]:
    """One capital letter for each person: eir initial, else another letter of eir name,
    else the first free letter (in name order, so a person keeps eir mark)."""
    taken: dict[str, str] = {}
    for person in state.persons():
        letters = [c.upper() for c in person if c.isalpha()]
        spare = [chr(code) for code in range(ord("A"), ord("Z") + 1)]
        mark = next((c for c in [*letters, *spare] if c not in taken.values()), "?")
        taken[person] = mark
    return taken


def board_lines(state: OkinawaState, mark_of: dict[str, str]) -> list[str]:
    """The grid, north at the top and west at the left, both axes labelled with signs."""
    labels = "".join(signed(v).rjust(_CELL) for v in LONGITUDES)
    lines = [
        f"{'':10}   Longitude: -4 is extreme west, +4 extreme east",
        f"  Latitude{labels}",
    ]
    for latitude in LATITUDES:
        cells = "".join(
            mark_of.get(state.grid.get((latitude, lon), ""), EMPTY).rjust(_CELL)
            for lon in LONGITUDES
        )
        side = {LATITUDES[0]: "north", LATITUDES[-1]: "south"}.get(latitude, "")
        lines.append(f"  {signed(latitude):>2} {side:<5}{cells}   {signed(latitude)}")
    lines.append(f"{'':10}{labels}")
    return lines


def report_context(state: OkinawaState) -> dict[str, Any]:
    mark_of = marks(state)
    alliance_of = from_groups(state.alliances)
    legend = [
        {"mark": mark_of[p], "name": p, "on_grid": state.on_grid(p)}
        for p in state.persons()
        if state.on_grid(p)
    ]
    found = chains(state.grid, alliance_of)
    jeopardy = [describe_chain(c, state) for c in found if c.in_jeopardy]
    joined = [
        f"{describe_chain(c, state)}: {len(c.liberties)} "
        f"unoccupied adjacent Plot{'s' if len(c.liberties) != 1 else ''}"
        for c in found
        if len(c.plots) > 1
    ]
    alliances = [
        " and ".join([", ".join(members[:-1]), members[-1]]) for members in state.alliances
    ]
    airborne = [{"name": name, "count": state.airborne.get(name, 0)} for name in state.persons()]
    wins = [{"at": win.at, "player": win.player, "stones": win.stones} for win in state.wins]
    return {
        "board": board_lines(state, mark_of),
        "legend": legend,
        "alliances": alliances,
        "airborne": airborne,
        "cap": CAP,
        "jeopardy": jeopardy,
        "chains": joined,
        "wins": wins,
        "stones_on_grid": len(state.grid),
        "map_clause": quotes.words(quotes.MAP),
        "alliance_clause": quotes.words(quotes.CONNECTED),
    }


def render_lines(state: OkinawaState) -> list[str]:
    context = report_context(state)
    lines = list(context["board"])
    lines.append("")
    for entry in context["legend"]:
        lines.append(f"  {entry['mark']} = {entry['name']} ({entry['on_grid']} on the grid)")
    lines.append(
        "Alliances with more than one member: " + ("; ".join(context["alliances"]) or "none")
    )
    lines.append(
        "Airborne: "
        + (", ".join(f"{a['name']} {a['count']}" for a in context["airborne"]) or "nobody")
    )
    lines.append("Chains of more than one Stone: " + ("; ".join(context["chains"]) or "none"))
    lines.append("Chains in jeopardy: " + ("; ".join(context["jeopardy"]) or "none"))
    for win in state.wins:
        lines.append(f"Shouri: {win.player} ({win.stones} Stones), {win.at.isoformat()}")
    return lines


def winner_context(player: str, stones: int, summary: str) -> dict[str, Any]:
    """The context of the Sensei's announcement of a Shouri win."""
    return {
        "winner": player,
        "stones": stones,
        "summary": summary,
        "clause": quotes.words(quotes.SHOURI),
        "announce_clause": quotes.words(quotes.ANNOUNCE),
    }
