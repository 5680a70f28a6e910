"""The Sensei's map as a picture: each Stone on the grid, coloured by its owner's alliance.

Built from the same context as the weekly map (:func:`report.report_context`), so the
picture and the text never disagree: the same marks, the same alliances, the same chains.
Allies share a colour (their adjacent Stones make one chain); a person's mark tells whose
Stone it is. Every part of Okinawa's state is public.
"""

from __future__ import annotations

from referee.games.kit.palette import fill_for
from referee.games.kit.picture import BoardPicture, Cell, StatePicture, Swatch, Table
from referee.games.okinawa import report
from referee.games.okinawa.board import LATITUDES, LONGITUDES, plot_name, signed
from referee.games.okinawa.state import OkinawaState


def _alliance_fills(state: OkinawaState) -> dict[str, str]:
    """One fill per alliance with more than one member, then one per person alone, in the
    order of the report's alliances, then of names."""
    fills: dict[str, str] = {}
    index = 0
    for members in state.alliances:
        for member in members:
            fills[member] = fill_for(index)
        index += 1
    for person in state.persons():
        if person not in fills:
            fills[person] = fill_for(index)
            index += 1
    return fills


def board_picture(state: OkinawaState, game: str) -> BoardPicture:
    context = report.report_context(state)
    fills = _alliance_fills(state)
    allies = {member: members for members in state.alliances for member in members}
    legend: dict[str, Swatch] = {}
    for entry in context["legend"]:
        name = entry["name"]
        others = [m for m in allies.get(name, []) if m != name]
        allied = f", allied with {', '.join(others)}" if others else ""
        legend[name] = Swatch(
            entry["mark"],
            fills[name],
            f"{entry['mark']} {name}{allied}: {entry['on_grid']} on the grid",
        )
    cells: dict[Cell, str] = {}
    names: dict[Cell, str] = {}
    for plot, owner in state.grid.items():
        latitude, longitude = plot
        cell = (LONGITUDES.index(longitude), LATITUDES.index(latitude))
        cells[cell] = owner
        names[cell] = plot_name(plot)
    return BoardPicture(
        title=f"{game}: the map of Okinawa",
        description=f"The map of {game}: latitude +4 (north) to -4 (south) from the top, "
        f"longitude -4 (west) to +4 (east) from the left, with {context['stones_on_grid']} "
        "Stones on the grid, each Plot named (latitude, longitude); allies share a colour. "
        "Alliances with more than one member: " + ("; ".join(context["alliances"]) or "none"),
        columns=tuple(signed(v) for v in LONGITUDES),
        rows=tuple(signed(v) for v in LATITUDES),
        legend=legend,
        cells=cells,
        names=names,
        empty="an unoccupied Plot",
    )


def state_picture(state: OkinawaState, game: str) -> StatePicture:
    context = report.report_context(state)
    marks = report.marks(state)
    persons = Table(
        "Persons",
        ("Mark", "Name", "Stones on the grid", "Airborne Stones"),
        tuple(
            (marks[a["name"]], a["name"], str(state.on_grid(a["name"])), str(a["count"]))
            for a in context["airborne"]
        ),
    )
    chains = Table(
        "Chains of more than one Stone",
        ("Chain",),
        tuple((text,) for text in context["chains"]),
    )
    wins = Table(
        "Shouri",
        ("Player", "Stones", "When"),
        tuple((w["player"], str(w["stones"]), w["at"].isoformat()) for w in context["wins"]),
    )
    facts = [
        "Alliances with more than one member: " + ("; ".join(context["alliances"]) or "none") + ".",
        "Chains in jeopardy: " + ("; ".join(context["jeopardy"]) or "none") + ".",
        f"{context['stones_on_grid']} Stones on the grid; at most {context['cap']} airborne "
        "Stones per person.",
    ]
    return StatePicture(
        board=board_picture(state, game), tables=(persons, chains, wins), facts=tuple(facts)
    )
