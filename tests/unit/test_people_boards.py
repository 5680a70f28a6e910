"""The boards of Okinawa, Arcadia, Alliances and the Register on states no season made:
fresh games, many people, and names a player chose to be hostile. Each is valid XML, every
mark reads on its fill, and a name is only ever text."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from datetime import UTC, datetime

import pytest
from test_alliances_support import make_game as make_alliances
from test_okinawa_support import make_game as make_okinawa

from referee.games.arcadia.state import ArcadiaState, LandUnit, Player
from referee.games.kit.picture import StatePicture
from referee.games.okinawa.state import OkinawaState
from referee.games.register.picture import state_picture as register_picture
from referee.games.register.state import RegisterState, Standing
from referee.reports.svg import draw_board
from referee.reports.svg.contrast import MINIMUM_TEXT_CONTRAST, contrast_ratio

SVG = "{http://www.w3.org/2000/svg}"
HOSTILE = ['<script>alert("x")</script>', "Ben & Jerry", "tab\there", "bell\x07"]
MANY = [f"player{n:02d}" for n in range(30)]


def _drawn(picture: StatePicture | None) -> ET.Element | None:
    assert picture is not None
    if picture.board is None:
        return None
    document = draw_board(picture.board)
    root = ET.fromstring(document.encode("utf-8"))
    assert "<script" not in document
    # Every mark on a cell reads on the cell's fill.
    for group in root.iter(f"{SVG}g"):
        rect = group.find(f"{SVG}rect")
        for text in group.findall(f"{SVG}text"):
            assert rect is not None
            ratio = contrast_ratio(text.get("fill", ""), rect.get("fill", ""))
            assert ratio >= MINIMUM_TEXT_CONTRAST
    return root


def test_fresh_games_draw_or_say_there_is_nothing_to_draw() -> None:
    assert _drawn(make_alliances().picture(make_alliances().initial_state())) is None
    assert _drawn(register_picture(RegisterState(), "Register")) is None
    okinawa = _drawn(make_okinawa().picture(OkinawaState()))
    assert okinawa is not None
    desc = okinawa.find(f"{SVG}desc")
    assert desc is not None and "81 of 81 cells are empty" in (desc.text or "")


def test_okinawa_with_hostile_names_and_many_people() -> None:
    names = HOSTILE + MANY
    state = OkinawaState(
        airborne=dict.fromkeys(names, 1),
        grid={(4 - i // 9, -4 + i % 9): name for i, name in enumerate(names)},
        alliances=[sorted(HOSTILE)],
    )
    root = _drawn(make_okinawa().picture(state))
    assert root is not None
    text = ET.tostring(root, encoding="unicode")
    assert "&lt;script&gt;" in text and "Ben &amp; Jerry" in text
    assert "\x07" not in text


def test_arcadia_with_every_kind_of_unit() -> None:
    from arcadia_table import make_game as make_arcadia

    game = make_arcadia()
    state = ArcadiaState(alternating="Black")
    owners = [None, *HOSTILE]
    for index, location in enumerate(sorted(state.land)):
        owner = owners[index % len(owners)]
        land_type = ("Black", "White", "Aether")[index % 3]
        facility = ("None", "Farm", "Mine", "Orchard", "Monument")[index % 5]
        state.land[location] = LandUnit(land_type, facility, owner)
    for name in HOSTILE:
        state.players[name] = Player(datetime(2026, 11, 30, tzinfo=UTC))
    root = _drawn(game.picture(state))
    assert root is not None


@pytest.mark.parametrize("active", [True, False])
def test_the_register_with_many_players_and_every_standing(active: bool) -> None:
    players = {
        name: Standing(active, index % 2 == 0, index % 7 != 0)
        for index, name in enumerate(HOSTILE + MANY)
    }
    offices: dict[str, str | None] = {
        "registrar": HOSTILE[0],
        "referee": None,
        "surveyor": "a stranger",
    }
    picture = register_picture(RegisterState(players, offices), "Register")
    root = _drawn(picture)
    assert root is not None
    assert picture.board is not None and "a stranger" in picture.board.rows
    assert "Vacant offices: referee." in picture.facts
