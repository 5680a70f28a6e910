"""referee: an email-driven referee for games played on a nomic mailing list."""

__version__ = "0.1.0"
