"""The Register as a picture: each player's standing, and who holds which office.

One row per player (and per office holder the Register does not list as a player), a first
column for the standing, then one column per office with a square where its holder's row
crosses it. The words are the ones ``referee state`` prints (:func:`standing_words`); every
part of the Register is public.
"""

from __future__ import annotations

from referee.games.kit.picture import BoardPicture, Cell, StatePicture, Swatch, Table
from referee.games.register.state import RegisterState, Standing

STANDING = "standing"
HOLDER = "holder"
HOLDER_MARK = "\u25cf"
HOLDER_FILL = "#0072b2"
_STANDING_SWATCHES = {
    "active, first-class": Swatch("A", "#009e73", "active, first-class"),
    "active, second-class": Swatch("A2", "#8fd1b8", "active, second-class"),
    "inactive, first-class": Swatch("I", "#e69f00", "inactive, first-class"),
    "inactive, second-class": Swatch("I2", "#f5cf80", "inactive, second-class"),
    "deregistered": Swatch("D", "#bdbdbd", "deregistered"),
}


def standing_words(standing: Standing) -> str:
    """ "active, first-class", "inactive, second-class", "deregistered"."""
    if not standing.registered:
        return "deregistered"
    return ", ".join(
        [
            "active" if standing.active else "inactive",
            "first-class" if standing.first_class else "second-class",
        ]
    )


def _by_name(names: set[str] | list[str]) -> list[str]:
    return sorted(names, key=lambda n: (n.casefold(), n))


def board_picture(state: RegisterState, game: str) -> BoardPicture | None:
    holders = {holder for holder in state.offices.values() if holder is not None}
    rows = _by_name(set(state.players) | holders)
    if not rows:
        return None
    offices = sorted(state.offices)
    legend: dict[str, Swatch] = {}
    cells: dict[Cell, str] = {}
    names: dict[Cell, str] = {}
    for name, standing in state.players.items():
        words = standing_words(standing)
        legend.setdefault(words, _STANDING_SWATCHES[words])
        cell = (0, rows.index(name))
        cells[cell], names[cell] = words, f"{name} ({words})"
    for column, office in enumerate(offices, start=1):
        holder = state.offices[office]
        if holder is None:
            continue
        legend[HOLDER] = Swatch(HOLDER_MARK, HOLDER_FILL, "holds the office of its column")
        cell = (column, rows.index(holder))
        cells[cell], names[cell] = HOLDER, f"{holder} ({office})"
    legend = {key: legend[key] for key in sorted(legend, key=_legend_order)}
    return BoardPicture(
        title=f"{game}: players and offices",
        description=f"The {game}: one row per player, the first column eir standing, then "
        "one column per office with a mark where its holder's row crosses it",
        columns=(STANDING, *offices),
        rows=tuple(rows),
        legend=legend,
        cells=cells,
        names=names,
        empty="neither a standing nor an office",
    )


def _legend_order(key: str) -> tuple[int, str]:
    standings = list(_STANDING_SWATCHES)
    return (standings.index(key), "") if key in standings else (len(standings), key)


def state_picture(state: RegisterState, game: str) -> StatePicture:
    offices = Table(
        "Offices",
        ("Office", "Holder"),
        tuple((office, holder or "(vacant)") for office, holder in sorted(state.offices.items())),
    )
    players = Table(
        "Players",
        ("Name", "Standing", "Offices"),
        tuple(
            (name, standing_words(state.players[name]), ", ".join(sorted(state.offices_of(name))))
            for name in _by_name(list(state.players))
        ),
    )
    counts = dict.fromkeys(_STANDING_SWATCHES, 0)
    for standing in state.players.values():
        counts[standing_words(standing)] += 1
    vacant = [office for office, holder in sorted(state.offices.items()) if holder is None]
    facts = (
        "Players: " + ", ".join(f"{n} {words}" for words, n in counts.items() if n) + "."
        if state.players
        else "No players yet.",
        f"Vacant offices: {', '.join(vacant) or 'none'}.",
    )
    return StatePicture(board=board_picture(state, game), tables=(offices, players), facts=facts)
