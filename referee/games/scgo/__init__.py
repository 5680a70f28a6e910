"""Single-Capture Go (Guy Fawkes): simultaneous secret plays mailed privately to a referee."""

from referee.games.scgo.plugin import SingleCaptureGo

__all__ = ["SingleCaptureGo"]
