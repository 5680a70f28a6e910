"""The offices whose names players mistype, as patterns that forgive one slipped letter.

Kept apart from the lexicon so that the Register's plug-in can use them without compiling
the whole lexicon (see :attr:`referee.games.base.Game.lexicon`).
"""

from __future__ import annotations

from referee.games.base import one_slip

SLIPPED_OFFICES = ("surveyor", "registrar", "sensei", "referee")
SLIPPED_OFFICE = "|".join(one_slip(office) for office in SLIPPED_OFFICES)
"""Any office of :data:`SLIPPED_OFFICES` with a slip of one letter."""
