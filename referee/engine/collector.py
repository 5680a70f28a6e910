"""The garbage collector during batch work: deferred to the end of each batch.

A replay allocates millions of short-lived objects, and the collector, which runs after
every few hundred allocations, walks every tracked object of the generations it collects:
in a long run most of its passes find nothing, and a fifth of a replay's time went to them.
So a batch runs with automatic collection off, and the young generations are collected
once at its end; what the batch left behind is then freed as before. The objects alive
when processing begins (the parsers, the configuration, the modules) are moved out of the
collector's sight for the run (``gc.freeze``), so no pass walks them again.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collection_deferred() -> Iterator[None]:
    """Automatic collection off for the block; the young generations collected after it."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
        gc.collect(1)


@contextmanager
def long_lived_frozen() -> Iterator[None]:
    """What is alive now is left out of every collection for the block (``gc.freeze``).

    Only the young generations are collected first: a full pass over a process holding
    the parsers and the configuration cost a tenth of a second, as much as applying a
    hundred messages, and found next to nothing, since what is old has survived passes
    already. Any garbage left in the old generation is frozen with the rest and freed by a
    later pass once the block ends and unfreezes it."""
    gc.collect(1)
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
