"""The Surveyor's weekly report, pinned by a golden file."""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

from test_commune_support import START, play_season

from referee.reports.render import render

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "commune_weekly.txt"


def test_weekly_report_golden() -> None:
    t, history = play_season()
    context = t.game.report_context(t.state)
    context.update(
        game="Commune 2023",
        ruleset=t.game.ruleset.title,
        period_start=START.replace(day=8, month=5, hour=0),
        changes_since=START.replace(day=8, month=5, hour=0),
        period_end=START.replace(day=8, month=5, hour=0) + timedelta(days=7),
        history=history,
    )
    rendered = render(t.game.report_template or "", context)
    text = f"Subject: {rendered.subject}\n\n{rendered.body}"
    if os.environ.get("REFEREE_REGEN"):
        GOLDEN.write_text(text)
    assert text == GOLDEN.read_text()


def test_report_context_parts() -> None:
    t, _history = play_season()
    context = t.game.report_context(t.state)
    assert context["board"][6] == " 4|x x x J J J x x x x|4"
    assert context["investment_limit"] == 1
    assert [c["tiles"] for c in context["communities"]] == [6]
    assert [o["number"] for o in context["offers"]] == [2]
    assert context["participants"][0]["name"] == "Janet"
