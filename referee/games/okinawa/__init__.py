"""Okinawa (the rule "Okinawa" of Proposal 7450 "Igora"), kept by the Sensei."""

from referee.games.okinawa.plugin import OkinawaGame

__all__ = ["OkinawaGame"]
