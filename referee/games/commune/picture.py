"""The playboard and the Surveyor's tables as a picture: each community in its colour.

Built from the same context as the weekly report (:func:`report.report_context`), so the
picture and the text never disagree; every part of Commune's state is public.
"""

from __future__ import annotations

from referee.clock import format_utc
from referee.games.commune import report
from referee.games.commune.board import BOARD, LETTERS, NUMBERS
from referee.games.commune.paint import NO_COMMUNITY, paint
from referee.games.commune.state import CommuneState
from referee.games.kit.picture import BoardPicture, Cell, StatePicture, Swatch, Table

_NO_COMMUNITY_KEY = "no-community"


def board_picture(state: CommuneState, game: str) -> BoardPicture:
    communities = sorted(state.communities.values(), key=lambda c: c.number)
    legend: dict[str, Swatch] = {}
    for community in communities:
        tiles = state.tile_count(community.number)
        legend[f"community-{community.number}"] = Swatch(
            mark=report.mark(community),
            fill=paint(community.name, community.number),
            label=f"{community.label}, founded by {community.founder}, "
            f"{tiles} tile{'' if tiles == 1 else 's'}",
        )
    if any(owner is None for owner in state.board.values()):
        legend[_NO_COMMUNITY_KEY] = Swatch(
            report.NO_COMMUNITY, NO_COMMUNITY, "a tile that belongs to no community"
        )
    cells: dict[Cell, str] = {}
    for location, owner in state.board.items():
        cell = BOARD.parse(location)
        if cell is not None:
            cells[cell] = _NO_COMMUNITY_KEY if owner is None else f"community-{owner}"
    placed = len(state.board)
    return BoardPicture(
        title=f"{game}: the Commune playboard",
        description=f"The playboard of {game}, columns A to J and rows 0 to 9, with "
        f"{placed} of 100 tiles placed, each tile in its community's colour",
        columns=tuple(LETTERS),
        rows=tuple(NUMBERS),
        legend=legend,
        cells=cells,
        empty="an empty location",
    )


def state_picture(state: CommuneState, game: str) -> StatePicture:
    context = report.report_context(state)
    participants = Table(
        "Participants",
        ("Name", "Tokens", "Constructors", "Investments", "Accolades"),
        tuple(
            (
                p["name"],
                p["tokens"],
                _constructors(p["constructors"]),
                p["investments"],
                str(p["accolades"]),
            )
            for p in context["participants"]
        ),
    )
    communities = Table(
        f"Communities (investment limit {context['investment_limit']})",
        ("No.", "Mark", "Name", "Founder", "Tiles", "Investments"),
        tuple(
            (
                str(c["number"]),
                c["mark"],
                c["name"],
                c["founder"],
                str(c["tiles"]),
                str(c["investments"]),
            )
            for c in context["communities"]
        ),
    )
    offers = Table(
        "Open trade offers",
        ("No.", "Offerer", "Offer"),
        ()
        if context["ended"]
        else tuple((str(o["number"]), o["offerer"], o["text"]) for o in context["offers"]),
    )
    facts = [f"The tournament started {format_utc(context['started_at'])}."]
    if context["ended"]:
        facts.append(f"It ended {format_utc(context['ended_at'])}: {context['end_reason']}.")
        facts.append(f"Winners: {context['winners']}.")
    else:
        facts.append(f"It ends {context['ends_by_text']} at the latest.")
    facts.append(f"{context['tiles_placed']} of 100 tiles placed.")
    return StatePicture(
        board=board_picture(state, game),
        tables=(participants, communities, offers),
        facts=tuple(facts),
    )


def _constructors(held: dict[str, str]) -> str:
    """ "Left 7, Middle nothing, Right B", as the report lists them."""
    return ", ".join(f"{side.capitalize()} {made}" for side, made in held.items())
