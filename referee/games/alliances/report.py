"""The Registrar's report on Alliances, and the picture ``referee state`` shows.

"The Registrar's report includes all alliances that have more than one member." The report
also lists the open intents to join, with every supporter and objector and when, and who
still has to support (the pipeline adds the period's history).
"""

from __future__ import annotations

from typing import Any

from referee.games.alliances import quotes
from referee.games.alliances.joining import EVERYONE, Joining
from referee.games.alliances.membership import members_text
from referee.games.alliances.state import AlliancesState, sort_names
from referee.games.tabled import views


def _waiting_for(state: AlliancesState, view: dict[str, Any], number: int) -> list[str]:
    supporters = {p["name"] for p in view["supporters"]}
    return [m for m in state.alliances.get(number, []) if m not in supporters]


def _status(state: AlliancesState, view: dict[str, Any], number: int) -> str:
    """What the intent waits for now, in a few words."""
    members = state.alliances.get(number)
    if members is None:
        return f"nothing can come of it: alliance {number} no longer exists"
    if view["sponsor"] in members:
        return f"nothing to do: {view['sponsor']} is a member of alliance {number}"
    waiting = _waiting_for(state, view, number)
    if waiting:
        return f"still to support: {members_text(waiting)}"
    return f"all of alliance {number} support it: {view['sponsor']} can perform it"


def report_context(state: AlliancesState, joining: Joining) -> dict[str, Any]:
    groups = [
        {"number": n, "members": members, "text": members_text(members), "size": len(members)}
        for n, members in sorted(state.alliances.items())
        if len(members) > 1
    ]
    alone = sort_names([m[0] for m in state.alliances.values() if len(m) == 1])
    intents = []
    for intent in state.intents.open_intents():
        view = views.intent_view(intent, joining.params, EVERYONE)
        target = int(intent.action["join"])
        view["target"] = target
        view["status"] = _status(state, view, target)
        intents.append(view)
    return {
        "alliances": groups,
        "alone": alone,
        "intents": intents,
        "report_clause": quotes.words(quotes.REPORT),
    }


def render_lines(state: AlliancesState, joining: Joining) -> list[str]:
    context = report_context(state, joining)
    lines = ["Alliances with more than one member:"]
    for group in context["alliances"]:
        lines.append(f"  {group['number']}. {group['text']}")
    if not context["alliances"]:
        lines.append("  none")
    lines.append(f"Alone in an alliance of eir own: {', '.join(context['alone']) or 'nobody'}")
    views_ = context["intents"]
    lines.extend(views.render_lines(views_))
    for view in views_:
        lines.append(f"  intent {view['number']}: {view['status']}")
    return lines
