"""Open intents as reports and ``referee state`` show them: who tabled what, by which
method, until when, with every supporter and objector (and withdrawn objections) and when."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from referee.clock import format_utc
from referee.games.tabled.intents import Act, Intent, IntentBook
from referee.games.tabled.methods import MethodKind, describe_all
from referee.games.tabled.parameters import TabledParameters
from referee.games.tabled.timing import expires_at, matures_at


def _people(pairs: dict[str, datetime]) -> list[dict[str, Any]]:
    return [{"name": name, "at": at, "when": format_utc(at)} for name, at in pairs.items()]


def intent_view(intent: Intent, params: TabledParameters, everyone: str) -> dict[str, Any]:
    """One intent as a template context (plain data, times also preformatted)."""
    needs_maturity = any(
        m.kind in (MethodKind.OBJECTIONS, MethodKind.CONSENT) for m in intent.methods
    )
    return {
        "number": intent.number,
        "sponsor": intent.sponsor,
        "text": intent.text,
        "method": describe_all(intent.methods, everyone),
        "conditions": intent.conditions,
        "tabled_at": intent.tabled_at,
        "tabled": format_utc(intent.tabled_at),
        "expires": format_utc(expires_at(intent, params)),
        "mature": format_utc(matures_at(intent, params)) if needs_maturity else None,
        "supporters": _people(intent.supporters()),
        "objectors": _people(intent.objectors()),
        "withdrawn_objections": [
            {"name": r.person, "at": r.at, "when": format_utc(r.at)}
            for r in intent.responses
            if r.act is Act.WITHDRAW_OBJECTION
        ],
        "performances": [
            {"by": p.by, "at": p.at, "when": format_utc(p.at)} for p in intent.performances
        ],
    }


def open_intents(book: IntentBook, params: TabledParameters, everyone: str) -> list[dict[str, Any]]:
    return [intent_view(i, params, everyone) for i in book.open_intents()]


def render_lines(views: list[dict[str, Any]]) -> list[str]:
    """Fixed-width lines of open intents for ``referee state``."""
    if not views:
        return ["Open intents: none"]
    lines = ["Open intents:"]
    for view in views:
        lines.append(f"  {view['number']}. {view['sponsor']}: to {view['text']}, {view['method']}")
        lines.append(f"     tabled {view['tabled']}; ripe until {view['expires']}")
        if view["mature"]:
            lines.append(f"     mature from {view['mature']}")
        if view["conditions"]:
            lines.append(f"     conditions: {view['conditions']}")
        for label, key in (("supporters", "supporters"), ("objectors", "objectors")):
            people = ", ".join(f"{p['name']} ({p['when']})" for p in view[key]) or "none"
            lines.append(f"     {label}: {people}")
        if view["withdrawn_objections"]:
            withdrawn = ", ".join(
                f"{p['name']} ({p['when']})" for p in view["withdrawn_objections"]
            )
            lines.append(f"     objections withdrawn: {withdrawn}")
        for performed in view["performances"]:
            lines.append(f"     performed by {performed['by']} on {performed['when']}")
    return lines
