"""The Map of Arcadia as a picture: each Land Unit that is no longer fresh Aether, with the
same three-letter code as the gamemaster's text map (Land Type, Facility, owner), Private
Land in its owner's colour, and the players' currencies as a table.

Built from the same context as the report (:func:`report.report_context` and its marks), so
the picture and the text never disagree; every part of the tournament's state is public.
"""

from __future__ import annotations

from referee.games.arcadia import report
from referee.games.arcadia.state import NO_FACILITY, SIZE, ArcadiaState, LandUnit, location_text
from referee.games.base import Ruleset
from referee.games.kit.palette import fill_for
from referee.games.kit.picture import BoardPicture, Cell, StatePicture, Swatch, Table

PUBLIC_FILLS = {"Black": "#4d4d4d", "White": "#ffffff", "Aether": "#cfe3f5"}


def _words(unit: LandUnit) -> str:
    whose = "Public Land (Agora's)" if unit.owner is None else f"{unit.owner}'s land"
    article = "an" if unit.facility[:1] in "AEIOU" else "a"
    facility = "" if unit.facility == NO_FACILITY else f", with {article} {unit.facility}"
    return f"{unit.land_type} {whose}{facility}"


def board_picture(state: ArcadiaState, game: str) -> BoardPicture:
    owners = report.owner_marks(state)
    owner_fills = {name: fill_for(index) for index, name in enumerate(owners)}
    legend: dict[str, Swatch] = {}
    cells: dict[Cell, str] = {}
    names: dict[Cell, str] = {}
    for location, unit in sorted(state.land.items()):
        if unit.is_fresh():
            continue
        code = report.cell_code(unit, owners)
        if code not in legend:
            fill = PUBLIC_FILLS[unit.land_type] if unit.owner is None else owner_fills[unit.owner]
            legend[code] = Swatch(code, fill, f"{code}: {_words(unit)}")
        latitude, longitude = location
        cell = (longitude - 1, latitude - 1)
        cells[cell], names[cell] = code, location_text(location)
    legend = {code: legend[code] for code in sorted(legend)}
    return BoardPicture(
        title=f"{game}: the Map of Arcadia",
        description=f"The Map of {game}: latitude 1 to {SIZE} from the top, longitude 1 to "
        f"{SIZE} from the left; each Land Unit shows its Land Type (B Black, W White, . "
        "Aether), its Facility (F Farm, M Mine, O Orchard, X Monument, . none) and its owner "
        "(- Agora, else the player's letter), Private Land in its owner's colour",
        columns=tuple(str(v) for v in range(1, SIZE + 1)),
        rows=tuple(str(v) for v in range(1, SIZE + 1)),
        legend=legend,
        cells=cells,
        names=names,
        empty="Aether, Public Land, with no Facility",
    )


def state_picture(state: ArcadiaState, ruleset: Ruleset, game: str) -> StatePicture:
    context = report.report_context(state, ruleset)
    marks = report.owner_marks(state)
    players = Table(
        "Players",
        ("Letter", "Name", "Food", "Stone", "Lumber", "Energy", "Claims", "Land Units"),
        tuple(
            (
                marks[row["name"]],
                row["name"],
                str(row["Food"]),
                str(row["Stone"]),
                str(row["Lumber"]),
                str(row["energy"]),
                str(row["claims"]),
                str(row["land"]),
            )
            for row in report.player_rows(state)
        ),
    )
    facts = (
        context["status"],
        f"Regulations: {context['template']}.",
        f"Alternating Land Type: {context['alternating']}.",
    )
    return StatePicture(board=board_picture(state, game), tables=(players,), facts=facts)
