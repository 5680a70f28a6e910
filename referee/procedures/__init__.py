"""Agora's shared procedures that several games rely on, as libraries the games call.

A procedure keeps its part of a game's state (inside the game's own state object), checks
its own rules and quotes them when it refuses something; the game decides what the
procedure's actions mean for it. :mod:`referee.procedures.tabled` is the first: tabled
(dependent) actions, Agora rules 1728 and 2124.
"""
