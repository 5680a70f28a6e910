"""The plain-text attachments kept beside the author's text (rulings P2, P63-read-agora-s16-8)."""

from __future__ import annotations

from email import message_from_bytes
from email.message import EmailMessage, Message

from referee.mailtext.attached import Attached, text_attachments
from referee.mailtext.body import author_text


def _mail(*attachments: tuple[str, bytes, str]) -> Message:
    message = EmailMessage()
    message["From"] = "nix@example.org"
    message["Subject"] = "Tiles"
    message.set_content("My actions for this week are in the attached file.\n")
    for name, data, subtype in attachments:
        maintype = "text" if subtype == "plain" else "application"
        message.add_attachment(data, maintype=maintype, subtype=subtype, filename=name)
    return message_from_bytes(message.as_bytes())


def test_a_text_attachment_is_kept_aside_and_never_read_as_the_authors() -> None:
    mail = _mail(("actions.txt", b"I place a tile at C6.\nI place a tile at C7.\n", "plain"))
    text = author_text(mail)
    assert [line.text for line in text.lines] == [
        "My actions for this week are in the attached file."
    ]
    assert text.attached == (
        Attached("actions.txt", ("I place a tile at C6.", "I place a tile at C7.")),
    )


def test_only_text_attachments_are_kept() -> None:
    mail = _mail(("map.pdf", b"%PDF-1.4 I place a tile at C6", "pdf"))
    assert text_attachments(mail) == ()


def test_a_long_attachment_is_a_document_not_a_list_of_actions() -> None:
    mail = _mail(("novel.txt", b"I place a tile at C6.\n" * 5000, "plain"))
    assert text_attachments(mail) == ()


def test_a_message_without_attachments_keeps_none() -> None:
    assert author_text(_mail()).attached == ()
