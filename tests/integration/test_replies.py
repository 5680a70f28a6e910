"""Each message is answered once, after all its actions and the notices they caused."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from sqlalchemy import select
from support import COMMUNE_START, FixedClock, app_for, commune_game, mail, settings_for

from referee.config import Visibility
from referee.store.models import OutboundMessage


def test_one_answer_after_the_notices_a_message_caused(tmp_path: Path, sqlite_url: str) -> None:
    settings = settings_for(tmp_path, sqlite_url, games=[commune_game()])
    # The message comes after the first week boundary (Monday 24 April 2023), so applying
    # it first drafts the Surveyor's weekly report: a notice decided during the message.
    when = COMMUNE_START + timedelta(days=5, hours=1)
    app = app_for(settings, FixedClock(when + timedelta(hours=1)))
    body = "I become a participant in Commune. I place a tile at B3. I place a tile at Z99."
    app.inbox.accept(mail("nix", body, when), "test", Visibility.PUBLIC, when)
    assert app.processor().process_pending().done == 1
    with app.db.transaction() as session:
        rows = list(session.scalars(select(OutboundMessage).order_by(OutboundMessage.id)))
        kinds = [row.kind for row in rows]
    app.close()
    assert kinds == ["notice:commune/weekly", "ack"]
    ack = rows[-1].raw.decode()
    assert "I place a tile at B3" in ack and "Z99" in ack
