"""Replies through the real pipeline: "I support." and "As do I." answer the message the
reply names in In-Reply-To when nothing is quoted, or the quoted text; several candidates
are asked about, a private message is never read for them, and a new action written after
quoted text is the author's own."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from support import (
    ADDRESSES,
    FixedClock,
    MemorySender,
    app_for,
    mail,
    plain_body,
    settings_for,
)

from referee.app import App
from referee.config import Visibility
from referee.egress.outbox import drain
from referee.engine.history import canonical_dump

START = datetime(2023, 5, 1, 12, tzinfo=UTC)
ALLIANCES = {
    "name": "Alliances",
    "kind": "alliances",
    "ruleset": "igora",
    "start": START.isoformat(),
    "officer": "registrar",
    "publish": "draft",
}


class _Thread:
    """One Alliances deployment, and mail posted to its list one hour apart."""

    def __init__(self, tmp_path: Path, url: str) -> None:
        settings = settings_for(
            tmp_path, url, games=[ALLIANCES], extra={"offices": {"registrar": "Aspen"}}
        )
        self.sender = MemorySender()
        self.hour = 0
        self.app: App = app_for(settings, FixedClock(START + timedelta(days=1)), self.sender)

    def post(
        self,
        author: str,
        body: str,
        *,
        message_id: str,
        replying_to: str | None = None,
        references: tuple[str, ...] = (),
        private: bool = False,
    ) -> None:
        at = START + timedelta(hours=self.hour)
        self.hour += 1
        headers = {"In-Reply-To": f"<{replying_to}>"} if replying_to else {}
        if references:
            headers = {"References": " ".join(f"<{key}>" for key in references)}
        raw = mail(
            author,
            body,
            at,
            subject="Alliances",
            message_id=f"<{message_id}>",
            headers=headers,
            via_list=not private,
        )
        route, visibility = (
            ("lmtp", Visibility.PRIVATE) if private else ("imap:list/INBOX", Visibility.PUBLIC)
        )
        self.app.inbox.accept(raw, route, visibility, at)
        self.app.processor().process_pending()

    def events(self) -> list[tuple[str | None, str, str]]:
        with self.app.db.transaction() as session:
            dump = canonical_dump(session)
        game = dump["games"].get("Alliances", {"events": []})
        return [(e["actor"], e["outcome"], e["summary"]) for e in game["events"]]

    def answers_to(self, author: str) -> list[str]:
        drain(self.app.db, self.sender, START + timedelta(days=1))
        address = ADDRESSES[author]
        texts = [
            " ".join(plain_body(raw).split())
            for raw, recipients in self.sender.sent
            if recipients == [address]
        ]
        self.sender.sent.clear()
        return texts


def test_i_support_in_reply_to_an_intent_supports_it(tmp_path: Path, database_url: str) -> None:
    thread = _Thread(tmp_path, database_url)
    thread.post("Janet", "I intend to join Murphy's alliance with support.", message_id="i1@x")
    thread.answers_to("Murphy")
    thread.post("Murphy", "I support.", message_id="r1@x", replying_to="i1@x")
    assert [(actor, outcome) for actor, outcome, _ in thread.events()] == [
        ("Janet", "applied"),
        ("Murphy", "applied"),
    ]
    (answer,) = thread.answers_to("Murphy")
    assert "I support the intent to join Murphy's alliance (read from: I support)" in answer
    assert "APPLIED" in answer
    thread.app.close()


def test_without_in_reply_to_the_last_reference_is_the_message_replied_to(
    tmp_path: Path, sqlite_url: str
) -> None:
    thread = _Thread(tmp_path, sqlite_url)
    thread.post("Aspen", "Who wants to join an alliance?", message_id="q1@x")
    thread.post("Janet", "I intend to join Murphy's alliance with support.", message_id="q2@x")
    thread.post("Murphy", "Support.", message_id="q3@x", references=("q1@x", "q2@x"))
    assert [(actor, outcome) for actor, outcome, _ in thread.events()] == [
        ("Janet", "applied"),
        ("Murphy", "applied"),
    ]
    thread.app.close()


def test_a_reply_to_a_message_with_two_intents_is_asked_which(
    tmp_path: Path, sqlite_url: str
) -> None:
    thread = _Thread(tmp_path, sqlite_url)
    thread.post(
        "Janet",
        "I intend to join Murphy's alliance with support.\n"
        "I intend to join nix's alliance with support.",
        message_id="i2@x",
    )
    thread.answers_to("Murphy")
    thread.post("Murphy", "Support.", message_id="r2@x", replying_to="i2@x")
    assert [actor for actor, _, _ in thread.events()] == ["Janet", "Janet"]
    (answer,) = thread.answers_to("Murphy")
    assert "holds 2 intents; say which one you mean" in answer
    assert "I support the intent to join Murphy's alliance" in answer
    assert "I support the intent to join nix's alliance" in answer
    thread.app.close()


def test_a_reply_to_a_message_without_a_game_intent_is_left_alone(
    tmp_path: Path, sqlite_url: str
) -> None:
    thread = _Thread(tmp_path, sqlite_url)
    thread.post("Aspen", "I intend to ratify the report without objection.", message_id="i3@x")
    thread.post("Murphy", "I support.", message_id="r3@x", replying_to="i3@x")
    thread.post("Murphy", "I object.", message_id="r4@x", replying_to="unknown@elsewhere")
    assert thread.events() == []
    assert thread.answers_to("Murphy") == []
    thread.app.close()


def test_a_private_message_is_never_read_for_a_reply(tmp_path: Path, sqlite_url: str) -> None:
    thread = _Thread(tmp_path, sqlite_url)
    # Refused as private (tabling is by announcement), but its words must not leak into
    # a public reply that names it.
    thread.post(
        "Janet",
        "I intend to join Murphy's alliance with support.",
        message_id="p1@x",
        private=True,
    )
    before = thread.events()
    thread.answers_to("Murphy")
    thread.post("Murphy", "I support.", message_id="r5@x", replying_to="p1@x")
    thread.post("nix", "As do I.", message_id="r6@x", replying_to="p1@x")
    assert thread.events() == before
    assert thread.answers_to("Murphy") == []
    assert thread.answers_to("nix") == []
    thread.app.close()


def test_as_do_i_repeats_the_action_replied_to_for_its_author(
    tmp_path: Path, sqlite_url: str
) -> None:
    thread = _Thread(tmp_path, sqlite_url)
    thread.post("Janet", "I intend to join Murphy's alliance with support.", message_id="a1@x")
    thread.post("nix", "As do I.", message_id="a2@x", replying_to="a1@x")
    thread.post(
        "Murphy", "> I intend to join nix's alliance with support.\n\nMe too.", message_id="a3@x"
    )
    events = thread.events()
    assert [(actor, outcome) for actor, outcome, _ in events] == [
        ("Janet", "applied"),
        ("nix", "applied"),
        ("Murphy", "applied"),
    ]
    assert "nix" in events[1][2] and "Murphy" in events[1][2]
    (answer,) = thread.answers_to("nix")
    assert "I intend to join Murphy's alliance with support (read from: As do I)" in answer
    thread.app.close()


def test_me_too_under_an_action_of_a_power_the_replier_lacks_is_refused_with_the_rule(
    tmp_path: Path, sqlite_url: str
) -> None:
    thread = _Thread(tmp_path, sqlite_url)
    thread.post(
        "nix",
        "Aspen wrote:\n> I leave alliance 1.\n> I leave my alliance.\n\nMe too.",
        message_id="m0@x",
    )
    (asked,) = thread.answers_to("nix")
    assert "holds 2 actions" in asked
    thread.post("Janet", "> I leave Murphy's alliance.\n\nSame here.", message_id="m1@x")
    assert [(actor, outcome) for actor, outcome, _ in thread.events()] == [("Janet", "rejected")]
    (answer,) = thread.answers_to("Janet")
    assert "I leave Murphy's alliance (read from: Same here)" in answer
    assert "REJECTED" in answer and "The rule" in answer
    thread.app.close()


def test_a_new_action_after_quoted_text_is_read_and_the_quoted_one_is_not(
    tmp_path: Path, sqlite_url: str
) -> None:
    thread = _Thread(tmp_path, sqlite_url)
    thread.post(
        "Murphy",
        "Janet wrote:\n> I intend to join nix's alliance with support.\n\n"
        "I intend to join Janet's alliance with support.",
        message_id="n1@x",
    )
    events = thread.events()
    assert len(events) == 1 and events[0][0] == "Murphy" and "Janet" in events[0][2]
    thread.app.close()


def test_your_intent_in_a_reply_and_a_sponsors_intent_by_name_are_supported(
    tmp_path: Path, sqlite_url: str
) -> None:
    thread = _Thread(tmp_path, sqlite_url)
    thread.post("Janet", "I intend to join Murphy's alliance with support.", message_id="y1@x")
    thread.answers_to("Murphy")
    thread.post("Murphy", "I support your intent.", message_id="y2@x", replying_to="y1@x")
    thread.answers_to("Murphy")
    thread.post("Murphy", "I withdraw my support for Janet's intent.", message_id="y3@x")
    assert [(actor, outcome) for actor, outcome, _ in thread.events()] == [
        ("Janet", "applied"),
        ("Murphy", "applied"),
        ("Murphy", "applied"),
    ]
    (answer,) = thread.answers_to("Murphy")
    assert "I withdraw my support for Janet's intent" in answer and "intent 1" in answer
    thread.app.close()


def test_your_intent_with_no_intent_replied_to_is_told_not_dropped(
    tmp_path: Path, sqlite_url: str
) -> None:
    thread = _Thread(tmp_path, sqlite_url)
    thread.post("Aspen", "Who wants to join an alliance?", message_id="n1@x")
    thread.post("Murphy", "I support your intent.", message_id="n2@x", replying_to="n1@x")
    assert thread.events() == []
    (answer,) = thread.answers_to("Murphy")
    assert "neither its quoted text nor the message it replies to holds one" in answer
    thread.app.close()


def test_as_do_i_under_a_quoted_answer_gives_the_same_answer(
    tmp_path: Path, sqlite_url: str
) -> None:
    thread = _Thread(tmp_path, sqlite_url)
    thread.post("Janet", "I intend to join Murphy's alliance with support.", message_id="d1@x")
    thread.post(
        "nix",
        "> > I intend to join Murphy's alliance with support.\n> I object.\n\nAs do I.",
        message_id="d2@x",
    )
    events = thread.events()
    assert [(actor, outcome) for actor, outcome, _ in events] == [
        ("Janet", "applied"),
        ("nix", "applied"),
    ]
    assert "object" in events[1][2]
    thread.app.close()


def test_another_person_named_as_the_speaker_is_told_never_performed(
    tmp_path: Path, sqlite_url: str
) -> None:
    thread = _Thread(tmp_path, sqlite_url)
    thread.post("Janet", "I intend to join Murphy's alliance with support.", message_id="s1@x")
    thread.answers_to("nix")
    thread.post("nix", "I, Janet, withdraw intent 1.", message_id="s2@x")
    assert [actor for actor, _, _ in thread.events()] == ["Janet"]
    (answer,) = thread.answers_to("nix")
    assert "it names 'Janet' as the one acting, not its author" in answer
    thread.app.close()


def test_as_do_i_under_a_bare_me_too_repeats_the_action_up_the_thread(
    tmp_path: Path, sqlite_url: str
) -> None:
    thread = _Thread(tmp_path, sqlite_url)
    thread.post("Janet", "I intend to join Murphy's alliance with support.", message_id="c1@x")
    thread.post("nix", "Me too!", message_id="c2@x", replying_to="c1@x")
    thread.answers_to("Aspen")
    thread.post("Aspen", "As do I.", message_id="c3@x", replying_to="c2@x")
    events = thread.events()
    assert [(actor, outcome) for actor, outcome, _ in events] == [
        ("Janet", "applied"),
        ("nix", "applied"),
        ("Aspen", "applied"),
    ]
    (answer,) = thread.answers_to("Aspen")
    assert "I intend to join Murphy's alliance with support (read from: As do I)" in answer
    thread.app.close()


def test_a_bare_support_under_a_bare_support_answers_the_intent_up_the_thread(
    tmp_path: Path, sqlite_url: str
) -> None:
    thread = _Thread(tmp_path, sqlite_url)
    thread.post("Janet", "I intend to join Murphy's alliance with support.", message_id="s1@x")
    thread.post("Murphy", "Support.", message_id="s2@x", replying_to="s1@x")
    # nix replies to Murphy's bare answer, quoting nothing: what Murphy answered, nix answers.
    thread.answers_to("nix")
    thread.post("nix", "+1", message_id="s3@x", replying_to="s2@x")
    # Read as support for Janet's intent (refused by the rules: nix is no member of
    # Murphy's alliance, whose members' support the intent needs).
    assert [actor for actor, _, _ in thread.events()] == ["Janet", "Murphy", "nix"]
    (answer,) = thread.answers_to("nix")
    assert "I support the intent to join Murphy's alliance (read from: +1)" in answer
    thread.app.close()


def test_a_thread_of_agreement_is_followed_only_a_few_messages_and_never_through_prose(
    tmp_path: Path, sqlite_url: str
) -> None:
    thread = _Thread(tmp_path, sqlite_url)
    thread.post("Janet", "I intend to join Murphy's alliance with support.", message_id="t1@x")
    thread.post("nix", "Nice idea, but I will wait.", message_id="t2@x", replying_to="t1@x")
    thread.post("Murphy", "As do I.", message_id="t3@x", replying_to="t2@x")
    # Prose in between: Murphy agrees with nix's words, not with Janet's intent.
    assert [actor for actor, _, _ in thread.events()] == ["Janet"]
    previous = "t1@x"
    for hop in range(5):
        thread.post("nix", "Me too.", message_id=f"h{hop}@x", replying_to=previous)
        previous = f"h{hop}@x"
    # Each "Me too." within four messages of the intent repeats it (applied or refused by
    # the rules, it is read); the fifth is more than four messages from it, left alone.
    assert [actor for actor, _, _ in thread.events()] == ["Janet", "nix", "nix", "nix", "nix"]
    thread.app.close()
