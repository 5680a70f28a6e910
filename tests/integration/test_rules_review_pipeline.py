"""Rule cases of the review R2 (docs/rulings.md) through the whole pipeline: mail in, the
game's state and the answers out."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from support import FixedClock, app_for, commune_game, mail, settings_for

from referee.config import Visibility
from referee.engine.history import canonical_dump

END = datetime(2023, 5, 8, tzinfo=UTC)


def test_r2_1_a_maker_accepts_eir_own_offer_with_eir_one_token_by_mail(
    tmp_path: Path, sqlite_url: str
) -> None:
    posts = [
        (datetime(2023, 4, 19, 10, tzinfo=UTC), "I become a participant in Commune.\n"
         "I begin constructing a B with my Left Token Constructor."),
        (datetime(2023, 4, 24, 10, tzinfo=UTC), "I grant myself the token from my left "
         "constructor.\nI offer my B for a B."),
        (datetime(2023, 4, 24, 11, tzinfo=UTC), "I accept trade offer 1 with my B."),
    ]  # fmt: skip
    app = app_for(settings_for(tmp_path, sqlite_url, games=[commune_game()]), FixedClock(END))
    for number, (when, body) in enumerate(posts, 1):
        raw = mail("nix", body, when, message_id=f"<r2-{number}@example.org>")
        app.inbox.accept(raw, "imap:list/INBOX", Visibility.PUBLIC, when + timedelta(minutes=1))
    processor = app.processor()
    assert processor.process_pending().quarantined == 0
    with app.db.transaction() as session:
        dump = canonical_dump(session)
    events = dump["games"]["Commune"]["events"]
    accepted = [e for e in events if e["text"].startswith("I accept trade offer 1")]
    assert [(e["outcome"], e["summary"]) for e in accepted] == [
        ("applied", "nix accepted trade offer 1 with a B: nix gave nix a B and received the B")
    ]
    assert dump["games"]["Commune"]["state"]["participants"]["nix"]["tokens"] == {"B": 1}
    app.close()
