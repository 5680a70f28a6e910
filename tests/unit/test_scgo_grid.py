"""The grid: its size, square names, adjacency, Groups and Liberty."""

from __future__ import annotations

import pytest

from referee.games.scgo.grid import (
    AT,
    GroupDefinition,
    grid_size,
    groups_without_liberty,
    has_liberty,
    neighbours,
    normalise_square,
    on_grid,
    parse_square,
    picture,
    squares,
)

ANY = GroupDefinition.ANY_SET
CONNECTED = GroupDefinition.CONNECTED


@pytest.mark.parametrize(
    ("players", "n"),
    [
        (1, 4),
        (2, 5),
        (3, 6),
        (4, 7),
        (5, 8),
        (6, 9),
        (7, 10),
        (8, 10),
        (9, 11),
        (10, 11),
        (11, 12),
        (12, 12),
    ],
)
def test_grid_is_the_smallest_n_with_n_squared_at_least_twelve_per_player(
    players: int, n: int
) -> None:
    assert grid_size(players) == n
    assert n * n >= 12 * players > (n - 1) * (n - 1)


def test_squares_are_named_row_letter_then_column_number() -> None:
    assert list(squares(2)) == ["a1", "a2", "b1", "b2"]
    assert parse_square("e7") == (4, 6)
    assert parse_square("E7") == (4, 6)
    assert normalise_square("L12") == "l12"
    assert parse_square("e0") is None
    assert parse_square("7e") is None
    assert on_grid("l12", 12)
    assert not on_grid("m1", 12)
    assert not on_grid("a13", 12)
    assert not on_grid("f1", 5)


def test_neighbours_are_orthogonal_and_on_the_grid() -> None:
    assert sorted(neighbours("a1", 5)) == ["a2", "b1"]
    assert sorted(neighbours("c3", 5)) == ["b3", "c2", "c4", "d3"]
    assert sorted(neighbours("e5", 5)) == ["d5", "e4"]


def test_at_occupies_a_square_so_it_takes_liberty() -> None:
    grid = {"a2": AT, "b1": "B", "a1": "A"}
    assert not has_liberty("a1", grid, 5)
    assert has_liberty("b1", grid, 5)


def test_a_lone_letter_without_liberty_is_a_group_without_liberty() -> None:
    grid = {"a1": "A", "a2": "B", "b1": "B"}
    for definition in GroupDefinition:
        assert groups_without_liberty("A", grid, 5, definition) == [["a1"]]
        assert groups_without_liberty("B", grid, 5, definition) == []


def test_a_connected_group_with_one_liberty_lives() -> None:
    # A A B        a1 a2 are A; a3 B; b1 b2 B; the A pair has no empty neighbour
    grid = {"a1": "A", "a2": "A", "a3": "B", "b1": "B", "b2": "B"}
    for definition in GroupDefinition:
        assert groups_without_liberty("A", grid, 5, definition) == [["a1", "a2"]]
    del grid["a3"]
    for definition in GroupDefinition:
        assert groups_without_liberty("A", grid, 5, definition) == []


def test_as_written_a_smaller_airless_set_inside_a_living_chain_is_a_group() -> None:
    # Row a: A A A . ; row b: B B B ... The chain a1-a2-a3 breathes only at a4, but {a1, a2}
    # is itself "a set of identical Letters" each adjacent to another member.
    grid = {"a1": "A", "a2": "A", "a3": "A", "b1": "B", "b2": "B", "b3": "B"}
    assert groups_without_liberty("A", grid, 5, CONNECTED) == []
    assert groups_without_liberty("A", grid, 5, ANY) == [["a1", "a2"]]


def test_as_written_a_single_airless_letter_in_a_living_chain_is_no_group() -> None:
    # a1 has no empty neighbour, but its identical neighbour a2 breathes at a3: a1 alone is
    # not a Group of one (it is adjacent to an identical Letter), so nothing is airless.
    grid = {"a1": "A", "a2": "A", "b1": "B", "b2": "B"}
    assert groups_without_liberty("A", grid, 5, ANY) == []
    assert groups_without_liberty("A", grid, 5, CONNECTED) == []


def test_picture_is_fixed_width_with_labels() -> None:
    lines = picture({"a1": "A", "b2": AT}, 3)
    assert lines == [
        "     1  2  3",
        "  a  A  .  .",
        "  b  .  @  .",
        "  c  .  .  .",
    ]
    assert len({len(line) for line in picture({}, 12)}) == 1
