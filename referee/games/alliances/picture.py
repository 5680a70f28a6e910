"""Alliances as a picture: who is in which alliance, and who intends to join which.

A table of squares: one row per person, one column per alliance with more than one member
(or that an open intent means to join), and a last column for the persons alone in an
alliance of eir own. Built from the Registrar's report context
(:func:`report.report_context`), so the picture and the report never disagree; every part
of Alliances' state is public.
"""

from __future__ import annotations

from referee.games.alliances import report
from referee.games.alliances.joining import Joining
from referee.games.alliances.membership import members_text
from referee.games.alliances.state import AlliancesState, sort_names
from referee.games.kit.palette import fill_for
from referee.games.kit.picture import BoardPicture, Cell, StatePicture, Swatch, Table

ALONE = "alone"
ALONE_FILL = "#bdbdbd"
INTENT_FILL = "#fff3b0"


def board_picture(state: AlliancesState, joining: Joining, game: str) -> BoardPicture | None:
    context = report.report_context(state, joining)
    persons = state.persons()
    for view in context["intents"]:
        if view["sponsor"] not in persons:
            persons = sort_names([*persons, view["sponsor"]])
    if not persons:
        return None
    shown = sorted(
        {group["number"] for group in context["alliances"]}
        | {view["target"] for view in context["intents"] if view["target"] in state.alliances}
    )
    columns = [str(number) for number in shown]
    # Those alone whose alliance has a column (an intent means to join it) are shown there.
    alone = [p for p in context["alone"] if state.number_of(p) not in shown]
    if alone:
        columns.append(ALONE)
    legend: dict[str, Swatch] = {}
    cells: dict[Cell, str] = {}
    names: dict[Cell, str] = {}
    for index, number in enumerate(shown):
        members = state.alliances[number]
        key = f"alliance-{number}"
        legend[key] = Swatch(
            str(number), fill_for(index), f"alliance {number}: {members_text(members)}"
        )
        for member in members:
            cell = (index, persons.index(member))
            cells[cell], names[cell] = key, f"{member} in alliance {number}"
    if alone:
        legend[ALONE] = Swatch("", ALONE_FILL, "alone in an alliance of eir own")
        for person in alone:
            cell = (len(columns) - 1, persons.index(person))
            cells[cell], names[cell] = ALONE, f"{person} alone"
    for view in context["intents"]:
        target, sponsor = view["target"], view["sponsor"]
        if target not in shown:
            continue
        cell = (shown.index(target), persons.index(sponsor))
        if cell in cells:
            continue  # already a member: the intents table says there is nothing to do
        key = f"intent-{view['number']}"
        legend[key] = Swatch(
            "?",
            INTENT_FILL,
            f"intent {view['number']}: {sponsor} intends to join alliance {target}; "
            f"{view['status']}",
        )
        cells[cell], names[cell] = key, f"{sponsor}'s intent {view['number']} to join {target}"
    return BoardPicture(
        title=f"{game}: who is in which alliance",
        description=f"The alliances of {game}: one row per person, one column per alliance "
        "with more than one member or an open intent to join it"
        + (", and a last column for those alone in an alliance of eir own" if alone else ""),
        columns=tuple(columns),
        rows=tuple(persons),
        legend=legend,
        cells=cells,
        names=names,
        empty="not in that alliance",
    )


def state_picture(state: AlliancesState, joining: Joining, game: str) -> StatePicture:
    context = report.report_context(state, joining)
    groups = Table(
        "Alliances with more than one member",
        ("No.", "Members"),
        tuple((str(g["number"]), g["text"]) for g in context["alliances"]),
    )
    intents = Table(
        "Open intents to join an alliance",
        ("Intent", "Sponsor", "Alliance", "Supporters", "Objectors", "Status"),
        tuple(
            (
                str(v["number"]),
                v["sponsor"],
                str(v["target"]),
                ", ".join(p["name"] for p in v["supporters"]) or "none",
                ", ".join(p["name"] for p in v["objectors"]) or "none",
                v["status"],
            )
            for v in context["intents"]
        ),
    )
    facts = (f"Alone in an alliance of eir own: {', '.join(context['alone']) or 'nobody'}.",)
    return StatePicture(
        board=board_picture(state, joining, game), tables=(groups, intents), facts=facts
    )
